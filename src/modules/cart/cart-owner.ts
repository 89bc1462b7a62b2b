// Whose bag it is, and how a change gets hold of it. Kept apart from the line operations so that
// everything that touches a bag (lines, vouchers, prints, shared copies, placing an order) finds and
// locks it the same way without importing the rest of the bag.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { preparedStatement } from "#db/prepared.ts";
import { HttpError } from "#kernel/errors.ts";
import type { SessionUser, VisitorOwner } from "#kernel/session-user.ts";
import { cartLines, carts } from "./cart.schema.ts";

/** Whose bag: a member's, or an anonymous visitor's session's. */
export type CartOwner = VisitorOwner;

/**
 * The bag's owner for this request: the member when logged in, else the session. Takes anything that
 * carries the signed-in user and the session id: a Fastify request, or a loader's shop context.
 */
export const cartOwnerOf = (visitor: {
  user: Pick<SessionUser, "id"> | null;
  sessionId: string | null;
}): CartOwner => ({
  userId: visitor.user?.id ?? null,
  sessionId: visitor.sessionId,
});

/**
 * The owner's bag row as a query condition; undefined for a visitor without a session, who has no bag.
 * A member's bag is found by member alone: the session's bag was adopted at log-in.
 */
export const ownerCondition = (owner: CartOwner) =>
  owner.userId !== null
    ? eq(carts.userId, owner.userId)
    : owner.sessionId
      ? and(isNull(carts.userId), eq(carts.sessionId, owner.sessionId))
      : undefined;

/** The owner's bag id, or null when there is no bag yet (reading never makes one). */
export async function findCartId(db: Db | Tx, owner: CartOwner): Promise<number | null> {
  const condition = ownerCondition(owner);
  if (!condition) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(condition);
  return row?.id ?? null;
}

/** How a statement finds the owner's bag: by member or by session; null for a visitor without one. */
export type OwnerKey = { kind: "user"; value: number } | { kind: "session"; value: string };

export function ownerKey(owner: CartOwner): OwnerKey | null {
  if (owner.userId !== null) return { kind: "user", value: owner.userId };
  return owner.sessionId ? { kind: "session", value: owner.sessionId } : null;
}

/** The bag row of the owner given as `sql.placeholder("owner")`, as a condition on carts `c`. */
export const ownerMatch = (kind: OwnerKey["kind"]) =>
  kind === "user"
    ? sql`c.user_id = ${sql.placeholder("owner")}::int`
    : sql`c.user_id is null and c.session_id = ${sql.placeholder("owner")}::text`;

/** The columns a new bag of the owner is made with, and its value. */
export const ownerColumn = (kind: OwnerKey["kind"]) =>
  kind === "user"
    ? { column: sql`user_id`, value: sql`${sql.placeholder("owner")}::int` }
    : { column: sql`session_id`, value: sql`${sql.placeholder("owner")}::text` };

/**
 * The owner's bag locked for the rest of the transaction, made when there is none (one round trip).
 * `made` tells a bag made now; a null id means another transaction made the bag after this statement
 * began: asking again finds it.
 */
function lockOrMakeCartStatement(name: string, kind: OwnerKey["kind"]) {
  const make = ownerColumn(kind);
  return preparedStatement<{ cart_id: number | null; made: boolean }>(
    `${name}_${kind}`,
    () => sql`
      with found as (select c.id from carts c where ${ownerMatch(kind)} for update),
           made as (insert into carts (${make.column}) select ${make.value}
                     where not exists (select 1 from found) on conflict do nothing returning id)
      select coalesce((select id from found), (select id from made)) as cart_id,
             exists (select 1 from made) as made`,
  );
}

const lockStatements = {
  user: lockOrMakeCartStatement("lock_cart", "user"),
  session: lockOrMakeCartStatement("lock_cart", "session"),
};

/**
 * The owner's cart, made when there is none, and locked until the transaction ends: changes to one
 * bag are applied one after the other, never interleaved. One statement (a second only when another
 * request made the bag at the same moment); marking the bag as changed is left to the change itself.
 */
export async function lockCart(tx: Tx, owner: CartOwner): Promise<number> {
  const key = ownerKey(owner);
  if (!key) throw new HttpError(400, "no_session", "A session is needed for a bag.");
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await lockStatements[key.kind](tx, { owner: key.value });
    if (row?.cart_id) return row.cart_id;
  }
  throw new HttpError(409, "cart_conflict", "The bag could not be opened; try again.");
}

/**
 * The bag's line of this size without a print: an added unit of that size joins it rather than
 * making a second line (a printed shirt stays a line of its own). Read inside the transaction that
 * locked the bag, so no add of that size comes in between.
 */
export async function findUnprintedLine(tx: Tx, cartId: number, productId: number, sizeId: number) {
  const [line] = await tx
    .select({ id: cartLines.id, quantity: cartLines.quantity })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.cartId, cartId),
        eq(cartLines.productId, productId),
        eq(cartLines.sizeId, sizeId),
        isNull(cartLines.customization),
      ),
    );
  return line;
}

/** Marks the bag as changed now (what the purge of abandoned bags counts from). */
export async function touchCart(tx: Tx, cartId: number): Promise<void> {
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

/** The owner's bag id, making the bag when there is none (vouchers may come before products). */
export async function ensureCartId(db: Db, owner: CartOwner): Promise<number> {
  return db.transaction((tx) => lockCart(tx, owner));
}
