import { Heart } from "lucide-react";
import { useIntl } from "react-intl";
import { Link, useLocation } from "react-router";
import { useFavourites } from "./favourites-context.tsx";

/**
 * The favourite heart (product page, bag lines, product cards). Members toggle it (added ↔ removed);
 * its state comes from the favourites read once per page. Visitors who are not logged in are sent to
 * log in and brought back here.
 */
export function FavouriteToggle({
  productId,
  name,
  className = "inline-flex items-center justify-center rounded-full border border-neutral-500 p-3",
  testId,
}: {
  productId: number;
  /** Named in the label where several hearts share a page (cards). */
  name?: string;
  className?: string;
  testId?: string;
}) {
  const intl = useIntl();
  const location = useLocation();
  const { loggedIn, ids, toggle } = useFavourites();
  const favourite = ids.has(productId);
  const label = name
    ? intl.formatMessage({ id: favourite ? "favourites.removeNamed" : "favourites.addNamed" }, { name })
    : intl.formatMessage({ id: favourite ? "favourites.remove" : "favourites.add" });
  const icon = (
    <Heart aria-hidden="true" className={`size-5 ${favourite ? "fill-red-600 text-red-600" : ""}`} />
  );
  if (!loggedIn)
    return (
      <Link
        to={`/account/login/?next=${encodeURIComponent(location.pathname + location.search)}`}
        aria-label={label}
        className={className}
        data-testid={testId}
      >
        {icon}
      </Link>
    );
  return (
    <button
      type="button"
      aria-pressed={favourite}
      aria-label={label}
      className={className}
      data-testid={testId}
      onClick={() => toggle(productId)}
    >
      {icon}
    </button>
  );
}
