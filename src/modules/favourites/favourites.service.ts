import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { favourites } from "./favourites.schema.ts";

/** The member's favourite product ids, newest first. */
export async function listFavouriteIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  return rows.map((row) => row.productId);
}

/** Adding twice keeps one favourite; an unknown product is 404. */
export async function addFavourite(db: Db, userId: number, productId: number): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new HttpError(404, "product_not_found", "There is no such product.");
  await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
}

/** Removing one that is not there is not an error: the outcome is the same. */
export async function removeFavourite(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
}
