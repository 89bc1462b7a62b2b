import { countBagItems } from "#modules/cart/cart.service.ts";
import type { CategoryNode } from "#modules/catalog/catalog.contract.ts";
import { cachedCategoryTree } from "#modules/catalog/catalog.service.ts";
import { countFavourites } from "#modules/favourites/favourites.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { type JsonText, keptJsonText } from "#web/lib/json-text.ts";
import { soft } from "./page-data.server.ts";

export interface ShellData {
  /** The category tree as one JSON text, made once per kept tree (decision 0092). */
  categories: JsonText<CategoryNode[]>;
  favouritesCount: number;
  bagCount: number;
}

/**
 * The header's data. Secondary: a failure renders the page without navigation and counts, and is
 * logged, never fatal. Without `counts` (a page for the page cache) the counts are not read: the
 * browser asks for them (decision 0051).
 */
export async function loadShell(
  shop: ShopRequestContext,
  { counts }: { counts: boolean } = { counts: true },
): Promise<ShellData> {
  const { db } = shop.database;
  const { owner, locale } = shop.shopper;
  const [categories, favouritesCount, bagCount] = await Promise.all([
    soft(shop, "header categories", cachedCategoryTree(db, locale), [] as CategoryNode[]),
    counts ? soft(shop, "header favourites count", countFavourites(db, owner), 0) : 0,
    counts ? soft(shop, "header bag count", countBagItems(db, owner), 0) : 0,
  ]);
  return { categories: keptJsonText(categories, shop.pageTexts), favouritesCount, bagCount };
}
