import { and, count, eq, isNull } from "drizzle-orm";
import { countBagItems } from "#modules/cart/cart.service.ts";
import type { CategoryNode } from "#modules/catalog/catalog.contract.ts";
import { listCategoryTree } from "#modules/catalog/catalog.service.ts";
import { favourites } from "#modules/favourites/favourites.schema.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

export interface ShellData {
  categories: CategoryNode[];
  favouritesCount: number;
  bagCount: number;
}

/**
 * The header's data. Secondary: a failure renders the page without navigation and counts, and is
 * logged, never fatal.
 */
export async function loadShell(shop: ShopRequestContext): Promise<ShellData> {
  const { db } = shop.database;
  const owner = { userId: shop.user?.id ?? null, sessionId: shop.sessionId };
  const [categories, favouritesCount, bagCount] = await Promise.all([
    listCategoryTree(db, shop.locale).catch((error) => {
      console.error(`[${shop.requestId}] header categories failed`, error);
      return [] as CategoryNode[];
    }),
    countFavourites(shop).catch(() => 0),
    countBagItems(shop.database.db, owner).catch(() => 0),
  ]);
  return { categories, favouritesCount, bagCount };
}

async function countFavourites(shop: ShopRequestContext): Promise<number> {
  const owner = shop.user
    ? eq(favourites.userId, shop.user.id)
    : shop.sessionId
      ? and(isNull(favourites.userId), eq(favourites.sessionId, shop.sessionId))
      : undefined;
  if (!owner) return 0;
  const [row] = await shop.database.db.select({ n: count() }).from(favourites).where(owner);
  return row?.n ?? 0;
}
