// The bag's part in placing an order: each step runs inside the order's one transaction, in the
// order decision 0017 fixes (checkout/place-order.flow.ts), and writes only the bag's own tables.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { rows, type Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { StockLine } from "#modules/catalog/order-placement.steps.ts";
import { bagRestoreTokens, cartGiftCards, cartLines, carts, cartVouchers } from "./cart.schema.ts";
import type { PricedCart } from "./cart-pricing.ts";
import { maskedGiftCard } from "./voucher-rules.ts";
import { vouchers } from "./vouchers.schema.ts";

/** A gift card's part of an order: what it paid, kept on the order. */
export interface GiftCardCharge {
  id: number;
  last4: string;
  amount: number;
}

/**
 * Locks the bag first: a replayed payment result waits here for the first one to finish, then finds
 * its order instead of placing a second.
 */
export async function lockBag(tx: Tx, cartId: number): Promise<void> {
  await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
}

/**
 * Locks the bag's gift cards (in id order) before the bag is priced, so the balances the pricing
 * reads cannot be spent by another bag before they are charged.
 */
export async function lockGiftCards(tx: Tx, cartId: number): Promise<void> {
  await tx.execute(sql`
    select g.id from gift_cards g join cart_gift_cards cg on cg.gift_card_id = g.id
     where cg.cart_id = ${cartId} order by g.id for update of g`);
}

/** What the bag's charged lines take from stock: a package line takes one of each part's size. */
export function stockLinesOf(charged: PricedCart["charged"]): StockLine[] {
  return charged.flatMap((line) =>
    (line.row.package_parts?.map((part) => part.size_id) ?? [line.row.size_id])
      .filter((sizeId): sizeId is number => sizeId !== null)
      .map((sizeId) => ({ sizeId, quantity: line.quantity })),
  );
}

/**
 * Counts one use of each applied voucher (locked in id order); a voucher used up meanwhile refuses
 * the order (409 voucher_used_up) rather than going beyond its limit.
 */
export async function countVoucherUse(tx: Tx, codes: readonly string[]): Promise<void> {
  if (!codes.length) return;
  const locked = await tx
    .select({ id: vouchers.id, usageLimit: vouchers.usageLimit, usedCount: vouchers.usedCount })
    .from(vouchers)
    .where(inArray(vouchers.code, [...codes]))
    .orderBy(asc(vouchers.id))
    .for("update");
  for (const row of locked) {
    if (row.usageLimit !== null && row.usedCount >= row.usageLimit)
      throw new HttpError(409, "voucher_used_up", "voucher.error.usedUp");
    await tx.execute(sql`update vouchers set used_count = used_count + 1 where id = ${row.id}`);
  }
}

/**
 * Takes what each of the bag's gift cards pays (as the totals engine worked it out, by masked code)
 * from its balance. The balance check on gift_cards refuses any charge below zero.
 */
export async function chargeGiftCards(
  tx: Tx,
  cartId: number,
  payments: readonly { code: string; amount: number }[],
): Promise<GiftCardCharge[]> {
  const cards = await rows<{ id: number; last4: string }>(
    tx,
    sql`select g.id, g.last4 from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
         where cg.cart_id = ${cartId}`,
  );
  const charged: GiftCardCharge[] = [];
  for (const payment of payments) {
    const card = cards.find((row) => maskedGiftCard(row.last4) === payment.code);
    if (!card || payment.amount === 0) continue;
    await tx.execute(sql`update gift_cards set balance = balance - ${payment.amount} where id = ${card.id}`);
    charged.push({ id: card.id, last4: card.last4, amount: payment.amount });
  }
  return charged;
}

/**
 * Empties the bag once ordered: its lines, vouchers and gift cards go; the bag itself stays. Its
 * abandoned-bag reminder is over too: the claim is cleared so the next bag can be reminded once, and
 * the reminder's "back to your bag" links stop working (decision 0058).
 */
export async function emptyBag(tx: Tx, cartId: number): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx.delete(cartVouchers).where(eq(cartVouchers.cartId, cartId));
  await tx.delete(cartGiftCards).where(eq(cartGiftCards.cartId, cartId));
  await tx.delete(bagRestoreTokens).where(eq(bagRestoreTokens.cartId, cartId));
  await tx.update(carts).set({ remindedAt: null }).where(eq(carts.id, cartId));
}
