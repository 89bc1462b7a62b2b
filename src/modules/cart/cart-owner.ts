// Whose bag it is, and how a change gets hold of it. Kept apart from the line operations so that
// everything that touches a bag (lines, vouchers, prints, shared copies, placing an order) finds and
// locks it the same way without importing the rest of the bag.
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { SessionUser, VisitorOwner } from "#kernel/session-user.ts";
import { carts } from "./cart.schema.ts";

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

/**
 * The owner's cart, made when there is none, and locked until the transaction ends: changes to one
 * bag are applied one after the other, never interleaved.
 */
export async function lockCart(tx: Tx, owner: CartOwner): Promise<number> {
  const condition = ownerCondition(owner);
  if (!condition) throw new HttpError(400, "no_session", "A session is needed for a bag.");
  await tx
    .insert(carts)
    .values(owner.userId !== null ? { userId: owner.userId } : { sessionId: owner.sessionId })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: carts.id }).from(carts).where(condition).for("update");
  if (!row) throw new HttpError(409, "cart_conflict", "The bag could not be opened; try again.");
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, row.id));
  return row.id;
}

/** The owner's bag id, making the bag when there is none (vouchers may come before products). */
export async function ensureCartId(db: Db, owner: CartOwner): Promise<number> {
  return db.transaction((tx) => lockCart(tx, owner));
}
