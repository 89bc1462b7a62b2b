import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { MAX_ID } from "#kernel/ids.ts";
import { readSessionData, updateSessionData } from "#modules/accounts/session.service.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { productNotFound } from "#modules/catalog/catalog.service.ts";
import { favourites } from "./favourites.schema.ts";

/**
 * A heart tapped by a visitor who is not logged in (decision 0032): the product is kept in the
 * visitor's session, not in the favourites table, and becomes a favourite when the session becomes
 * a member's (log-in, sign-up confirmed in this browser, social sign-in). Being session data, it is
 * shown nowhere a cache could keep, goes with the session and cannot grow: newest first, at most
 * this many.
 */
export const PENDING_FAVOURITES = "pending_favourites";
export const MAX_PENDING_FAVOURITES = 10;

/** The pending product ids held in session data, newest first; anything else found there is dropped. */
export function pendingFavouriteIds(data: Record<string, unknown>): number[] {
  const held = data[PENDING_FAVOURITES];
  if (!Array.isArray(held)) return [];
  const ids = held.filter(
    (value): value is number =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID,
  );
  return [...new Set(ids)].slice(0, MAX_PENDING_FAVOURITES);
}

/**
 * Keeps a product for the visitor's session to favourite at log-in. Only a product on sale may be
 * kept (any other is 404, as adding one is); keeping it again moves it to the front.
 */
export async function keepPendingFavourite(db: Db, sessionId: string, productId: number): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.online, true)));
  if (!product) throw productNotFound();
  // The session's data read fresh: a heart tapped a moment ago may have been kept by another process.
  const held = pendingFavouriteIds(await readSessionData(db, sessionId));
  const kept = [productId, ...held.filter((id) => id !== productId)];
  await updateSessionData(db, sessionId, { [PENDING_FAVOURITES]: kept.slice(0, MAX_PENDING_FAVOURITES) });
}

/**
 * At sign-in, before the session becomes the member's: the products the visitor's hearts kept become
 * the member's favourites (the newest tap the newest favourite; one already a favourite stays as it
 * is; one no longer on sale is left out), and the session forgets them.
 */
export async function adoptPendingFavourites(db: Db, sessionId: string | null, userId: number) {
  if (!sessionId) return;
  const ids = pendingFavouriteIds(await readSessionData(db, sessionId));
  if (ids.length === 0) return;
  const onSale = new Set(
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.online, true)))
    ).map((row) => row.id),
  );
  // Oldest first, so the newest tap gets the highest id (favourites are listed newest first).
  const adopted = ids.filter((id) => onSale.has(id)).reverse();
  if (adopted.length > 0)
    await db
      .insert(favourites)
      .values(adopted.map((productId) => ({ userId, productId })))
      .onConflictDoNothing();
  await updateSessionData(db, sessionId, { [PENDING_FAVOURITES]: null });
}

/**
 * For the log-in page: the name of the newest product the visitor's hearts kept, and how many there
 * are, or null when there are none (or none on sale).
 */
export async function pendingFavouritesNotice(
  db: Db,
  sessionId: string | null,
): Promise<{ name: string; count: number } | null> {
  if (!sessionId) return null;
  const ids = pendingFavouriteIds(await readSessionData(db, sessionId));
  if (ids.length === 0) return null;
  const found = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.online, true)));
  const newest = ids.map((id) => found.find((row) => row.id === id)).find((row) => row !== undefined);
  return newest ? { name: newest.name, count: found.length } : null;
}
