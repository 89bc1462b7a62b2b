import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import type { VisitorOwner } from "#kernel/session-user.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { productNotFound, queryProductCards } from "#modules/catalog/catalog.service.ts";
import { FAVOURITES_PAGE_SIZE, type FavouritesPage } from "./favourites.contract.ts";
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
  if (!product) throw productNotFound();
  await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
}

/** Removing one that is not there is not an error: the outcome is the same. */
export async function removeFavourite(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
}

/**
 * Favourites kept while anonymous become the member's when the visitor signs in (duplicates of ones
 * the member already has are dropped).
 */
export async function adoptAnonymousFavourites(db: Db, sessionId: string | null, userId: number) {
  if (!sessionId) return;
  await db.execute(sql`
    update favourites set user_id = ${userId}, session_id = null
     where session_id = ${sessionId} and user_id is null
       and product_id not in (select product_id from favourites where user_id = ${userId})`);
  await db.execute(sql`delete from favourites where session_id = ${sessionId} and user_id is null`);
}

/** Whose favourites: a member's, or an anonymous visitor's session's until they log in. */
export type FavouritesOwner = VisitorOwner;

/** How many favourites the header shows; a visitor without a session has none. */
export async function countFavourites(db: Db, owner: FavouritesOwner): Promise<number> {
  const condition =
    owner.userId !== null
      ? eq(favourites.userId, owner.userId)
      : owner.sessionId
        ? and(isNull(favourites.userId), eq(favourites.sessionId, owner.sessionId))
        : undefined;
  if (!condition) return 0;
  const [row] = await db.select({ n: count() }).from(favourites).where(condition);
  return row?.n ?? 0;
}

/** Account deletion step: the member's favourites go. */
export async function forgetMemberFavourites(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(favourites).where(eq(favourites.userId, userId));
}

/** For the member's data export: their favourites, with product names. */
export async function exportMemberFavourites(
  db: Db,
  userId: number,
): Promise<{ product_id: number; name: string; added_at: string }[]> {
  const found = await db
    .select({ productId: favourites.productId, name: products.name, createdAt: favourites.createdAt })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt));
  return found.map((f) => ({ product_id: f.productId, name: f.name, added_at: f.createdAt.toISOString() }));
}

/**
 * One page of the member's favourites as the favourites page shows them, in the market's currency,
 * newest first. Products no longer online are left out (of the count too). A page past the last one
 * is empty, not an error: a member who removed favourites on another tab still gets an answer.
 */
export async function favouritesPage(
  db: Db,
  userId: number,
  { page, currency }: { page: number; currency: string },
): Promise<FavouritesPage> {
  const owned = await db
    .select({ id: favourites.id, productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  const favouriteIdOf = new Map(owned.map((row) => [row.productId, row.id]));
  const { cards, total } = await queryProductCards(db, {
    currency,
    limit: FAVOURITES_PAGE_SIZE,
    offset: (page - 1) * FAVOURITES_PAGE_SIZE,
    where: [sql`p.id in (select f.product_id from favourites f where f.user_id = ${userId})`],
    orderBy: sql`(select max(f.id) from favourites f where f.user_id = ${userId} and f.product_id = p.id) desc`,
  });
  const counted = cards.length > 0 ? total : await countOnlineFavourites(db, userId);
  return {
    data: cards.map((card) => ({
      id: favouriteIdOf.get(card.product_id) ?? 0,
      product_id: card.product_id,
      name: card.name,
      brand: card.brand,
      image: card.image,
      relative_url: card.relative_url,
      is_exclusive: card.is_exclusive,
      prices: card.prices,
      stock: card.sizes
        .filter((size) => size.in_stock)
        .map(({ size_id, name, name_short }) => ({ size_id, name, name_short })),
    })),
    product_ids: owned.map((row) => row.productId),
    total_count: counted,
    page,
    pages: Math.ceil(counted / FAVOURITES_PAGE_SIZE),
    page_size: FAVOURITES_PAGE_SIZE,
  };
}

/** The count when the asked page is past the end (the page query then has no rows to carry it). */
async function countOnlineFavourites(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.userId, userId), eq(products.online, true)));
  return row?.n ?? 0;
}
