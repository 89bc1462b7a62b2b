import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { type Translated, translate } from "#kernel/translate.ts";
import { cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { listingQuery } from "./listing.contract.ts";
import { runListing } from "./listing.service.ts";
import { planSearch } from "./search-query.ts";
import type { SuggestOutput } from "./suggest.contract.ts";

const MAX_PRODUCTS = 6;
const MAX_CATEGORIES = 5;
const MAX_BRANDS = 4;

/**
 * Suggestions while typing: the categories of the item types the words name (or whose name holds a
 * word), the brands whose name starts with a word, and the first products of the search itself.
 */
export function suggest(
  db: Db,
  q: string,
  shop: { currency: string; locale: UiLocale },
): Promise<SuggestOutput> {
  return cachedByCatalogue(db, `suggest:${shop.currency}:${shop.locale}:${q.trim().toLowerCase()}`, () =>
    computeSuggestions(db, q, shop),
  );
}

async function computeSuggestions(
  db: Db,
  q: string,
  shop: { currency: string; locale: UiLocale },
): Promise<SuggestOutput> {
  const plan = await planSearch(db, q, shop.locale);
  const words = plan.groups.flatMap((group) => [group.word, ...group.alternatives]);
  const itemTypes = [...plan.itemTypes].sort((a, b) => b[1] - a[1]).map(([itemType]) => itemType);
  const [search, categoryRows, brandRows] = await Promise.all([
    runListing(db, { ...shop, q }, listingQuery.parse({})),
    words.length || itemTypes.length
      ? rows<{ slug: string; name: Translated; item_type: string | null; parent_id: number | null }>(
          db,
          sql`select slug, name, item_type, parent_id from categories c
               where (c.item_type in (${sql.join(
                 (itemTypes.length ? itemTypes : [""]).map((t) => sql`${t}`),
                 sql`, `,
               )}) and c.parent_id is null)
                  or exists (select 1 from jsonb_each_text(c.name) n, unnest(array[${sql.join(
                    (words.length ? words : [""]).map((w) => sql`${w}`),
                    sql`, `,
                  )}]::text[]) w where w <> '' and lower(n.value) like '%' || w || '%')
               order by (c.parent_id is null) desc, c.sort
               limit 20`,
        )
      : Promise.resolve([]),
    plan.groups.length
      ? rows<{ slug: string; name: string }>(
          db,
          sql`select slug, name from brands
               where ${sql.join(
                 plan.groups.map(
                   (group) => sql`lower(name) like ${`${group.word}%`} or slug like ${`${group.word}%`}`,
                 ),
                 sql` or `,
               )}
               order by sort, name limit ${MAX_BRANDS}`,
        )
      : Promise.resolve([]),
  ]);
  const rank = (itemType: string | null) => {
    const index = itemType ? itemTypes.indexOf(itemType) : -1;
    return index === -1 ? itemTypes.length : index;
  };
  const categories = [...categoryRows]
    .sort((a, b) => rank(a.item_type) - rank(b.item_type))
    .slice(0, MAX_CATEGORIES)
    .map((c) => ({ slug: c.slug, title: translate(c.name, shop.locale), url: `/${c.slug}/` }));
  return {
    q,
    categories,
    brands: brandRows.map((b) => ({
      slug: b.slug,
      name: b.name,
      url: `/search/?q=*&brand=${encodeURIComponent(b.slug)}`,
    })),
    products: search.products.slice(0, MAX_PRODUCTS).map((card) => ({
      product_id: card.product_id,
      name: card.name,
      brand: card.brand,
      image: card.image,
      relative_url: card.relative_url,
      price: card.prices.min_price,
      currency: card.prices.currency,
    })),
  };
}
