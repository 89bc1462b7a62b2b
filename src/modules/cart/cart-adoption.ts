// Log-in: the bag a visitor filled before logging in becomes part of the member's bag, so nothing
// chosen anonymously is lost.
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { MAX_LINE_QUANTITY } from "./cart.contract.ts";
import { cartLines, carts } from "./cart.schema.ts";
import { findUnprintedLine, lockCart } from "./cart-owner.ts";

/** At log-in: the anonymous bag's lines join the member's bag (sizes already there add up). */
export async function adoptAnonymousCart(db: Db, sessionId: string | null, userId: number): Promise<void> {
  if (!sessionId) return;
  await db.transaction(async (tx) => {
    const [anonymous] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(isNull(carts.userId), eq(carts.sessionId, sessionId)))
      .for("update");
    if (!anonymous) return;
    const memberCart = await lockCart(tx, { userId, sessionId: null });
    const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, anonymous.id));
    for (const line of lines) {
      if (line.sizeId !== null && line.customization === null && line.packageParts === null) {
        const same = await findUnprintedLine(tx, memberCart, line.productId, line.sizeId);
        if (same) {
          await tx
            .update(cartLines)
            .set({ quantity: Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity) })
            .where(eq(cartLines.id, same.id));
          continue;
        }
      }
      await tx.update(cartLines).set({ cartId: memberCart }).where(eq(cartLines.id, line.id));
    }
    await tx.delete(carts).where(eq(carts.id, anonymous.id));
  });
}

/** Account deletion step: the member's bag goes, with its lines, vouchers and checkout progress. */
export async function discardMemberBag(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(carts).where(eq(carts.userId, userId));
}
