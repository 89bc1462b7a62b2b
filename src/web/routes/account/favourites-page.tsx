import { useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useRevalidator } from "react-router";
import type { Favourite } from "#modules/favourites/favourites.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { SizeSelect } from "#web/components/size-select.tsx";
import { call } from "#web/lib/api.ts";
import { Check } from "#web/ui/icons.tsx";
import { PageLinks } from "#web/ui/page-links.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/favourites-page.ts";
import { memberFavourites, memberOrLogin, pageTitle } from "./account.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const user = memberOrLogin(shop, url);
  return {
    title: pageTitle(shop, "meta.favourites.title"),
    favourites: await memberFavourites(shop, user.id, url),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/** The member's favourites, 6 a page: each card opens the product in a new tab and can be removed. */
export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const { favourites } = loaderData;
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<Set<number>>(new Set());

  useEffect(() => {
    if (favourites) return;
    toast({ title: intl.formatMessage({ id: "favourites.loadFailed" }), variant: "destructive", flow: true });
  }, [favourites, toast, intl]);

  const remove = async (favourite: Favourite) => {
    setRemoved((before) => new Set(before).add(favourite.product_id));
    try {
      await call("POST /api/favorites/remove/", { json: { product_id: favourite.product_id } });
      revalidator.revalidate();
    } catch {
      setRemoved((before) => {
        const next = new Set(before);
        next.delete(favourite.product_id);
        return next;
      });
      toast({
        title: intl.formatMessage({ id: "favourites.removeFailed" }, { name: favourite.name }),
        variant: "destructive",
        flow: true,
      });
    }
  };

  const shown = favourites?.data.filter((favourite) => !removed.has(favourite.product_id)) ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="favourites.title" />
      </h1>
      {favourites && favourites.total_count > 0 && (
        <p className="mt-1 text-neutral-700">
          <FormattedMessage id="favourites.count" values={{ count: favourites.total_count }} />
        </p>
      )}
      {favourites && shown.length === 0 && (
        <div className="mt-8 rounded-md border border-neutral-300 p-6">
          <p>
            <FormattedMessage id="favourites.empty" />
          </p>
          <Link to="/search/?q=*" className="mt-4 inline-block font-semibold underline">
            <FormattedMessage id="favourites.browse" />
          </Link>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3">
          {shown.map((favourite) => (
            <li key={favourite.id}>
              <FavouriteCard favourite={favourite} onRemove={() => remove(favourite)} />
            </li>
          ))}
        </ul>
      )}
      {favourites && <Pagination page={favourites.page} pages={favourites.pages} />}
    </div>
  );
}

function FavouriteCard({ favourite, onRemove }: { favourite: Favourite; onRemove: () => void }) {
  const intl = useIntl();
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: "currency", currency: favourite.prices.currency });
  const discounted = favourite.prices.min_price < favourite.prices.recommended_retail_price;
  return (
    <article className="relative flex h-full flex-col">
      <button
        type="button"
        onClick={onRemove}
        aria-label={intl.formatMessage({ id: "favourites.removeNamed" }, { name: favourite.name })}
        className="absolute right-2 top-2 z-10 rounded-full bg-white/90 p-2 shadow"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-red-600">
          <path d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.4 4.5 6 4.5c2.1 0 3.4 1.2 4 2.3.6-1.1 1.9-2.3 4-2.3 3.6 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      <div className="aspect-square overflow-hidden rounded-md bg-neutral-100">
        {favourite.image && (
          <img
            src={favourite.image}
            alt=""
            width={400}
            height={400}
            loading="lazy"
            className="size-full object-contain"
          />
        )}
      </div>
      <div className="mt-2 flex flex-1 flex-col gap-0.5 text-sm">
        <p className="font-semibold text-neutral-700">{favourite.brand}</p>
        <h2 className="font-medium text-neutral-900">
          <a
            href={favourite.relative_url}
            target="_blank"
            rel="noopener"
            className="after:absolute after:inset-0"
          >
            {favourite.name}
            <span className="sr-only"> ({intl.formatMessage({ id: "favourites.newTab" })})</span>
          </a>
        </h2>
        {favourite.is_exclusive && (
          <p className="text-xs font-bold">
            <FormattedMessage id="card.membersOnly" />
          </p>
        )}
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className={discounted ? "font-bold text-red-700" : "font-bold"}>
            <span className="sr-only">{intl.formatMessage({ id: "card.price" }, { price: "" })}</span>
            {money(favourite.prices.min_price)}
          </span>
          {discounted && (
            <s className="text-xs text-neutral-700">
              <span className="sr-only">{intl.formatMessage({ id: "card.rrp" }, { price: "" })}</span>
              {money(favourite.prices.recommended_retail_price)}
            </s>
          )}
        </p>
        {favourite.stock.length === 0 ? (
          <p className="text-xs text-neutral-700">
            <FormattedMessage id="favourites.soldOut" />
          </p>
        ) : (
          <AddToBag favourite={favourite} />
        )}
      </div>
    </article>
  );
}

/** Add to bag from a card: a size must be chosen; idle → loading → added (check mark), or an error toast. */
function AddToBag({ favourite }: { favourite: Favourite }) {
  const intl = useIntl();
  const toast = useToast();
  const revalidator = useRevalidator();
  const selectId = useId();
  const only = favourite.stock.length === 1 ? favourite.stock[0]?.size_id : undefined;
  const [sizeId, setSizeId] = useState<number | undefined>(only);
  const [needSize, setNeedSize] = useState(false);
  const [state, setState] = useState<"idle" | "loading" | "added">("idle");
  const add = async () => {
    if (sizeId === undefined) {
      setNeedSize(true);
      return;
    }
    setState("loading");
    try {
      await call("POST /cart/items/add_to_cart/", {
        form: { product: String(favourite.product_id), size: String(sizeId), amount: "1" },
      });
      setState("added");
      revalidator.revalidate();
    } catch {
      setState("idle");
      toast({ title: intl.formatMessage({ id: "drawer.addFailed" }), variant: "destructive", flow: true });
    }
  };
  return (
    <div className="relative z-10 mt-2 flex flex-col gap-1">
      <label htmlFor={selectId} className="sr-only">
        {intl.formatMessage({ id: "product.sizes" })} – {favourite.name}
      </label>
      <SizeSelect
        id={selectId}
        sizes={favourite.stock}
        sizeId={sizeId}
        onChange={(chosen) => {
          setSizeId(chosen);
          setNeedSize(false);
          setState("idle");
        }}
        needSize={needSize}
        className="w-full rounded border border-neutral-500 px-2 py-1"
        errorClassName="text-xs text-red-700"
      />
      <button
        type="button"
        onClick={add}
        disabled={state === "loading"}
        aria-label={`${intl.formatMessage({ id: state === "added" ? "drawer.addedToBag" : "product.addToBag" })} – ${favourite.name}`}
        className="flex items-center justify-center gap-1 rounded-full bg-pitch-900 px-3 py-1.5 font-bold text-white disabled:opacity-60"
      >
        {state === "added" ? (
          <>
            <Check aria-hidden="true" className="size-4" />
            <FormattedMessage id="drawer.addedToBag" />
          </>
        ) : (
          <FormattedMessage id="product.addToBag" />
        )}
      </button>
    </div>
  );
}

function Pagination({ page, pages }: { page: number; pages: number }) {
  const to = (p: number) => (p === 1 ? "/account/favorites/" : `/account/favorites/?page=${p}`);
  const shown = Array.from({ length: pages }, (_, i) => i + 1);
  return <PageLinks page={page} totalPages={pages} shown={shown} to={to} />;
}
