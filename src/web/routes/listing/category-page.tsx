import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { shopContext } from "#server/request-context.ts";
import { ArticleList } from "#web/components/article-list.tsx";
import { readJsonText } from "#web/lib/json-text.ts";
import { plainLink } from "#web/lib/plain-links.ts";
import type { Route } from "./+types/category-page.ts";
import { loadCategoryPage } from "./listing.server.ts";
import { ListingView } from "./listing-view.tsx";
import { SponsoredBlock } from "./sponsored-block.tsx";

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
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <nav aria-label={intl.formatMessage({ id: "listing.breadcrumb" })}>
        <ol className="flex flex-wrap gap-1 text-sm text-neutral-700">
          <li>
            <a {...plainLink("/")} className="underline">
              <FormattedMessage id="listing.home" />
            </a>
            <span aria-hidden="true"> / </span>
          </li>
          {breadcrumb.map((crumb, index) => (
            <li key={crumb.url}>
              {index === breadcrumb.length - 1 ? (
                <span aria-current="page">{crumb.title}</span>
              ) : (
                <>
                  <a {...plainLink(crumb.url)} className="underline">
                    {crumb.title}
                  </a>
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
                <a
                  {...plainLink(sub.url)}
                  className="block rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-medium hover:bg-neutral-100"
                >
                  {sub.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ListingView
        listing={listing}
        currency={currency}
        sort={sort}
        inserts={readJsonText(inserts)}
        trackingList={{ id: `category:${breadcrumb.at(-1)?.url ?? title}`, name: title }}
      >
        {sponsored && <SponsoredBlock block={sponsored} />}
      </ListingView>
      <ArticleList
        title={intl.formatMessage({ id: "articles.guides" })}
        items={readJsonText(guides.items)}
        next={guides.next}
      />
    </div>
  );
}
