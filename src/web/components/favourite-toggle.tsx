import { Heart } from "lucide-react";
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { Link, useLocation, useRevalidator } from "react-router";
import { api } from "#web/lib/api.ts";

/**
 * The favourite heart. Members toggle it (added ↔ removed) and its state is read from their
 * favourites; visitors who are not logged in are sent to log in and brought back here.
 */
export function FavouriteToggle({
  productId,
  loggedIn,
  initial,
}: {
  productId: number;
  loggedIn: boolean;
  /** Known already (a bag line says it): no need to read the favourites. */
  initial?: boolean;
}) {
  const intl = useIntl();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [favourite, setFavourite] = useState(initial ?? false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loggedIn || initial !== undefined) return;
    const controller = new AbortController();
    api<{ data: { product_id: number }[] }>("/api/favorites/", { signal: controller.signal })
      .then((result) => setFavourite(result.data.some((item) => item.product_id === productId)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [loggedIn, productId, initial]);

  const className = "inline-flex items-center justify-center rounded-full border border-neutral-500 p-3";
  const icon = (
    <Heart aria-hidden="true" className={`size-5 ${favourite ? "fill-red-600 text-red-600" : ""}`} />
  );
  if (!loggedIn)
    return (
      <Link
        to={`/account/login/?next=${encodeURIComponent(location.pathname + location.search)}`}
        aria-label={intl.formatMessage({ id: "favourites.add" })}
        className={className}
        data-testid="favourite"
      >
        {icon}
      </Link>
    );
  return (
    <button
      type="button"
      aria-pressed={favourite}
      aria-label={intl.formatMessage({ id: favourite ? "favourites.remove" : "favourites.add" })}
      disabled={busy}
      className={className}
      data-testid="favourite"
      onClick={async () => {
        setBusy(true);
        const next = !favourite;
        setFavourite(next);
        try {
          await api(next ? "/api/favorites/add/" : "/api/favorites/remove/", {
            json: { product_id: productId },
          });
          revalidator.revalidate();
        } catch {
          setFavourite(!next);
        } finally {
          setBusy(false);
        }
      }}
    >
      {icon}
    </button>
  );
}
