import type { Db } from "#db/client.ts";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { getProductCards, listCategoryTree } from "#modules/catalog/catalog.service.ts";
import { cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { listingQuery } from "./listing.contract.ts";
import { runListing } from "./listing.service.ts";
import { closestWord, normaliseQuery } from "./search-query.ts";

export interface EmptySearchHelp {
  /** The query with each word replaced by the lexicon's closest word, when that finds products. */
  didYouMean: string | null;
  categories: { title: string; url: string }[];
  popular: ProductCard[];
}

/** What the empty result offers instead of a dead end: a corrected query, the categories, popular products. */
export function emptySearchHelp(
  db: Db,
  q: string,
  shop: { currency: string; locale: UiLocale },
): Promise<EmptySearchHelp> {
  const text = normaliseQuery(q);
  return cachedByCatalogue(db, `empty-search:${shop.currency}:${shop.locale}:${text}`, async () => {
    const words = text.split(" ").filter(Boolean).slice(0, 8);
    const corrected = await Promise.all(words.map(async (word) => (await closestWord(db, word)) ?? word));
    let didYouMean: string | null = corrected.join(" ");
    if (!didYouMean || didYouMean === text) didYouMean = null;
    else {
      const check = await runListing(db, { ...shop, q: didYouMean }, listingQuery.parse({}));
      if (check.total === 0) didYouMean = null;
    }
    const [tree, popular] = await Promise.all([
      listCategoryTree(db, shop.locale),
      getProductCards(db, { currency: shop.currency, sort: "default", limit: 8 }),
    ]);
    return {
      didYouMean,
      categories: tree.map((node) => ({ title: node.title, url: node.url })),
      popular,
    };
  });
}
