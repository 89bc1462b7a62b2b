import { useIntl } from "react-intl";
import { useLocation, useNavigate } from "react-router";
import { call } from "#web/lib/api.ts";
import { useFavourites } from "./favourites-context.tsx";
import { HeartIcon } from "./heart-icon.tsx";

/**
 * The favourite heart (product page, bag lines, product cards). Members toggle it (added ↔ removed);
 * its state comes from the favourites read once per page. Visitors who are not logged in are sent to
 * log in and brought back here; on the way the product is kept in their session, so it is a
 * favourite once they have logged in, signed up or signed in socially (decision 0032). Before the
 * page is live the heart is a plain link to log in, without the keeping.
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
  const navigate = useNavigate();
  const { loggedIn, ids, toggle } = useFavourites();
  const favourite = ids.has(productId);
  const label = name
    ? intl.formatMessage({ id: favourite ? "favourites.removeNamed" : "favourites.addNamed" }, { name })
    : intl.formatMessage({ id: favourite ? "favourites.remove" : "favourites.add" });
  const icon = <HeartIcon className={`size-5 ${favourite ? "fill-red-600 text-red-600" : ""}`} />;
  if (!loggedIn) {
    const login = `/account/login/?next=${encodeURIComponent(location.pathname + location.search)}`;
    // A plain link: a click is taken over below (the product kept, then the navigation), and a click
    // that opens a new tab needs only the address. A router link would cost a page of cards sixty
    // route resolutions for nothing.
    return (
      <a
        href={login}
        aria-label={label}
        className={className}
        data-testid={testId}
        onClick={async (event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          // Kept or not (a failure only loses the favourite, as before), the visitor goes to log in.
          await call("POST /api/favorites/pending/", { json: { product_id: productId } }).catch(
            () => undefined,
          );
          await navigate(login);
        }}
      >
        {icon}
      </a>
    );
  }
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
