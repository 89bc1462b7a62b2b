import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { ArticleList } from "#web/components/article-list.tsx";
import { ProductSlider } from "#web/components/product-slider.tsx";
import { track } from "#web/lib/tracking.ts";
import type { Route } from "./+types/category-page.ts";
import { loadCategoryPage } from "./listing.server.ts";
import { ListingView } from "./listing-view.tsx";

/** Fires the sponsored impression once, when the block first scrolls into view. */
function useImpression(title: string | undefined, productIds: number[]) {
  const ref = useRef<HTMLDivElement>(null);
  const fired = useRef<string | null>(null);
  const ids = productIds.join(",");
  useEffect(() => {
    const element = ref.current;
    if (!element || !title || fired.current === title || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        fired.current = title;
        track({
          event: "sponsored_impression",
          sponsored_component: title,
          products: ids.split(",").map(Number),
        });
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [title, ids]);
  return ref;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const page = await loadCategoryPage(shop, params.slug, url);
  return { ...page, currency: shop.market.currency, sort: url.searchParams.get("sort") ?? "default" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.metaTitle ?? "Pitchside" },
    { name: "description", content: loaderData?.description.slice(0, 160) ?? "" },
  ];
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const {
    title,
    description,
    breadcrumb,
    subCategories,
    listing,
    sponsored,
    inserts,
    guides,
    currency,
    sort,
  } = loaderData;
  const [expanded, setExpanded] = useState(false);
  const sponsoredRef = useImpression(sponsored?.title, sponsored?.products.map((p) => p.product_id) ?? []);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={intl.formatMessage({ id: "listing.breadcrumb" })}>
        <ol className="flex flex-wrap gap-1 text-sm text-neutral-700">
          <li>
            <Link to="/" className="underline">
              <FormattedMessage id="listing.home" />
            </Link>
            <span aria-hidden="true"> / </span>
          </li>
          {breadcrumb.map((crumb, index) => (
            <li key={crumb.url}>
              {index === breadcrumb.length - 1 ? (
                <span aria-current="page">{crumb.title}</span>
              ) : (
                <>
                  <Link to={crumb.url} className="underline">
                    {crumb.title}
                  </Link>
                  <span aria-hidden="true"> / </span>
                </>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-3 text-3xl font-bold">{title}</h1>
      {description && (
        <div className="mt-2 max-w-3xl">
          <p id="category-description" className={expanded ? "" : "line-clamp-2"}>
            {description}
          </p>
          {description.length > 140 && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls="category-description"
              onClick={() => setExpanded(!expanded)}
              className="min-h-6 text-sm font-semibold text-pitch-700 underline"
            >
              <FormattedMessage id={expanded ? "listing.readLess" : "listing.readMore"} />
            </button>
          )}
        </div>
      )}
      {subCategories.length > 0 && (
        <nav
          aria-label={intl.formatMessage({ id: "listing.subcategories" })}
          className="mt-4 overflow-x-auto"
        >
          <ul className="flex gap-2 pb-2">
            {subCategories.map((sub) => (
              <li key={sub.slug} className="shrink-0">
                <Link
                  to={sub.url}
                  className="block rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-medium hover:bg-neutral-100"
                >
                  {sub.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ListingView
        listing={listing}
        currency={currency}
        sort={sort}
        inserts={inserts}
        trackingList={{ id: `category:${breadcrumb.at(-1)?.url ?? title}`, name: title }}
      >
        {sponsored && sponsored.products.length > 0 && (
          <div
            ref={sponsoredRef}
            data-testid="sponsored"
            className="mb-6 rounded-lg"
            style={{ background: String(sponsored.background_color ?? "#111827") }}
          >
            <p className="px-4 pt-3 text-xs font-semibold uppercase text-white">
              <FormattedMessage id="listing.sponsored" />
            </p>
            {/* White words on the block's colour; a card's badges on its picture keep their own. */}
            <div className="[&_h2]:text-white [&_article>div:last-child_*]:text-white">
              <ProductSlider
                title={sponsored.title}
                cards={sponsored.products.map((card) => ({
                  ...card,
                  relative_url: `${card.relative_url}?sponsored_component=${encodeURIComponent(sponsored.title)}`,
                }))}
              />
            </div>
          </div>
        )}
      </ListingView>
      <ArticleList
        title={intl.formatMessage({ id: "articles.guides" })}
        items={guides.items}
        next={guides.next}
      />
    </div>
  );
}
