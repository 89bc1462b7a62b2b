/**
 * The favourite heart, drawn once per page and used by reference: a listing shows sixty hearts, and
 * sixty copies of the icon's markup were about 30 KB of every category page's HTML (decision 0050).
 * The outline is Lucide's `heart` (ISC licence, as the rest of the shop's icons); its fill and colour
 * come from the referring `<svg>`'s classes, which the shape inherits.
 */
const HEART_SYMBOL_ID = "icon-heart";

/** The heart's shape, once in every page's body (before anything that shows a heart). */
export function HeartSymbol() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      <symbol id={HEART_SYMBOL_ID} viewBox="0 0 24 24">
        <path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5" />
      </symbol>
    </svg>
  );
}

/** A heart the size and colour its classes give (outlined; `fill-…` fills it). */
export function HeartIcon({ className = "" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`#${HEART_SYMBOL_ID}`} />
    </svg>
  );
}
