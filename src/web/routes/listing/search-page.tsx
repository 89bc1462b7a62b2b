import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { shopContext } from "#server/request-context.ts";
import { ProductCard } from "#web/components/product-card.tsx";
import { track } from "#web/lib/tracking.ts";
import type { Route } from "./+types/search-page.ts";
import { loadSearchPage } from "./listing.server.ts";
import { ListingView } from "./listing-view.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const url = new URL(request.url);
  const page = await loadSearchPage(shop, url);
  return { ...page, currency: shop.market.currency, sort: url.searchParams.get("sort") ?? "default" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.metaTitle ?? "Pitchside" }, { name: "robots", content: "noindex, follow" }];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { q, listing, currency, sort, searchId, help } = loaderData;
  const everything = q === "*";
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per search words, not per page or sort change
  useEffect(() => {
    if (!everything) track({ event: "search", search_term: q, results: listing.total });
  }, [q]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-3xl font-bold">
        {everything ? (
          <FormattedMessage id="search.all" />
        ) : (
          <FormattedMessage id="search.title" values={{ q }} />
        )}
      </h1>
      {listing.navigation.length > 0 && (
        <nav aria-label={intl.formatMessage({ id: "search.categories" })} className="mt-4 overflow-x-auto">
          <ul className="flex gap-2 pb-2">
            {listing.navigation.map((item) => (
              <li key={item.url} className="shrink-0">
                <Link
                  to={item.url}
                  className="block rounded-full border border-neutral-500 px-4 py-1.5 text-sm"
                >
                  {item.title} <span className="text-neutral-700">({item.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {listing.total === 0 ? (
        <div className="mt-8">
          <p className="text-lg" role="status">
            <FormattedMessage id="search.nothingFound" values={{ q }} />
          </p>
          {help?.didYouMean && (
            <p className="mt-3 text-lg">
              <FormattedMessage
                id="search.didYouMean"
                values={{
                  suggestion: (
                    <Link
                      to={`/search/?q=${encodeURIComponent(help.didYouMean)}`}
                      className="font-semibold underline underline-offset-2"
                    >
                      {help.didYouMean}
                    </Link>
                  ),
                }}
              />
            </p>
          )}
          {help && help.categories.length > 0 && (
            <nav aria-labelledby="empty-search-categories" className="mt-8">
              <h2 id="empty-search-categories" className="text-xl font-bold">
                <FormattedMessage id="search.categories" />
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {help.categories.map((category) => (
                  <li key={category.url}>
                    <Link
                      to={category.url}
                      className="block min-h-11 rounded-full border border-neutral-500 px-4 py-2.5 text-sm"
                    >
                      {category.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {help && help.popular.length > 0 && (
            <section aria-labelledby="empty-search-popular" className="mt-10">
              <h2 id="empty-search-popular" className="text-xl font-bold">
                <FormattedMessage id="search.popular" />
              </h2>
              <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
                {help.popular.map((card) => (
                  <li key={card.product_id}>
                    <ProductCard card={card} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      ) : (
        <ListingView
          listing={listing}
          currency={currency}
          sort={sort}
          searchId={searchId}
          trackingList={{ id: "search", name: "Search results" }}
        />
      )}
    </div>
  );
}
