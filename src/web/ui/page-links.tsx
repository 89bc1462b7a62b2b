import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";

/**
 * The page numbers to link, in order, with "gap" where pages are skipped ("1 2 … 14"). A gap of a
 * single page shows that page instead: an ellipsis would take as much room as its number.
 */
export function pageItems(shown: number[]): (number | "gap")[] {
  const pages = [...new Set(shown)].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  pages.forEach((page, i) => {
    const before = pages[i - 1];
    if (before !== undefined && page - before === 2) items.push(before + 1);
    else if (before !== undefined && page - before > 2) items.push("gap");
    items.push(page);
  });
  return items;
}

/**
 * Previous, numbered and next links of a paged list (the listing, the favourites). `shown` are the
 * page numbers to link (all of them, or a window around the current one); `to` builds each link.
 */
export function PageLinks({
  page,
  totalPages,
  shown,
  to,
}: {
  page: number;
  totalPages: number;
  shown: number[];
  to: (page: number) => string;
}) {
  const intl = useIntl();
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={intl.formatMessage({ id: "listing.pagination" })}
      className="mt-8 flex flex-wrap items-center justify-center gap-2"
    >
      {page > 1 && (
        <Link
          to={to(Math.min(page - 1, totalPages))}
          className="rounded border border-neutral-500 px-3 py-1.5"
          rel="prev"
        >
          <FormattedMessage id="listing.previous" />
        </Link>
      )}
      {pageItems(shown).map((p, i) =>
        p === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no number of its own; its place is its identity
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-neutral-700">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={to(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={intl.formatMessage({ id: "listing.page" }, { page: p })}
            className={`rounded px-3 py-1.5 ${p === page ? "bg-pitch-900 text-white" : "border border-neutral-500"}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < totalPages && (
        <Link to={to(page + 1)} className="rounded border border-neutral-500 px-3 py-1.5" rel="next">
          <FormattedMessage id="listing.next" />
        </Link>
      )}
    </nav>
  );
}
