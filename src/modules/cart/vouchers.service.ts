// Codes on the bag: vouchers and gift cards entered and taken off. What they are worth is worked out
// by the bag's pricing on every read.
import { and, eq, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import { cartGiftCards, cartVouchers } from "./cart.schema.ts";
import { voucherWarnings } from "./cart-output.ts";
import { type CartOwner, ensureCartId, findCartId } from "./cart-owner.ts";
import { priceCart } from "./cart-pricing.ts";
import { giftCardHash, normaliseCode, type VoucherRow, voucherProblem } from "./voucher-rules.ts";
import { giftCards, vouchers } from "./vouchers.schema.ts";

/** Wrong codes allowed per minute from one visitor before answers become 429 (guessing must not pay). */
export const WRONG_CODES_PER_MINUTE = 10;

async function wrongCode(db: Db, owner: CartOwner, ip: string, kind: "voucher" | "giftcard") {
  await countAttempt(
    db,
    [`${kind}:session:${owner.sessionId ?? owner.userId ?? "none"}`, `${kind}:ip:${ip}`],
    WRONG_CODES_PER_MINUTE,
  );
}

/**
 * `POST /api/vouchers/add/`: a known voucher that is valid now and in the market's currency is put on
 * the bag. Its minimum order is checked on every read; when the bag does not reach it yet, the voucher
 * stays on and the warning returned says so.
 */
export async function addVoucher(
  db: Db,
  owner: CartOwner,
  input: { code: string; market: Market; locale: UiLocale; ip: string },
): Promise<{ warnings: string[] }> {
  const code = normaliseCode(input.code);
  const currency = input.market.currency;
  const [voucher] = await rows<VoucherRow>(db, sql`select * from vouchers where code = ${code}`);
  if (!voucher) {
    await wrongCode(db, owner, input.ip, "voucher");
    throw new HttpError(400, "voucher_invalid", "voucher.error.unknown", {
      voucher_code: ["voucher.error.unknown"],
    });
  }
  const problem = voucherProblem(voucher, currency);
  if (problem) throw new HttpError(400, "voucher_invalid", problem, { voucher_code: [problem] });
  const cartId = await ensureCartId(db, owner);
  const inserted = await db
    .insert(cartVouchers)
    .values({ cartId, voucherId: voucher.id })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0)
    throw new HttpError(400, "voucher_invalid", "voucher.error.alreadyApplied", {
      voucher_code: ["voucher.error.alreadyApplied"],
    });
  const priced = await priceCart(db, cartId, input.market, input.locale, { userId: owner.userId });
  return { warnings: voucherWarnings(priced, code) };
}

/** `DELETE /api/vouchers/remove/{code}/`: 404 when that voucher is not on the bag. */
export async function removeVoucher(db: Db, owner: CartOwner, code: string): Promise<void> {
  const cartId = await findCartId(db, owner);
  const [voucher] = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(eq(vouchers.code, normaliseCode(code)));
  const removed =
    cartId !== null && voucher
      ? await db
          .delete(cartVouchers)
          .where(and(eq(cartVouchers.cartId, cartId), eq(cartVouchers.voucherId, voucher.id)))
          .returning()
      : [];
  if (removed.length === 0) throw new HttpError(404, "voucher_not_applied", "voucher.error.notApplied");
}

/** `POST /api/giftcards/add/`: a gift card with a balance in this currency pays part of the order. */
export async function addGiftCard(
  db: Db,
  owner: CartOwner,
  input: { code: string; currency: string; ip: string },
): Promise<void> {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, giftCardHash(input.code)));
  if (!card) {
    await wrongCode(db, owner, input.ip, "giftcard");
    throw new HttpError(400, "giftcard_invalid", "giftcard.error.unknown", {
      code: ["giftcard.error.unknown"],
    });
  }
  const problem =
    card.expiresAt <= new Date()
      ? "giftcard.error.expired"
      : card.balance <= 0
        ? "giftcard.error.empty"
        : card.currency !== input.currency
          ? "giftcard.error.currency"
          : null;
  if (problem) throw new HttpError(400, "giftcard_invalid", problem, { code: [problem] });
  const cartId = await ensureCartId(db, owner);
  await db.insert(cartGiftCards).values({ cartId, giftCardId: card.id }).onConflictDoNothing();
}

/** `DELETE /api/giftcards/remove/{last4}/`: by the last four characters the bag shows. */
export async function removeGiftCard(db: Db, owner: CartOwner, last4: string): Promise<void> {
  const cartId = await findCartId(db, owner);
  const removed =
    cartId === null
      ? []
      : await rows<{ gift_card_id: number }>(
          db,
          sql`
          delete from cart_gift_cards cg using gift_cards g
           where cg.gift_card_id = g.id and cg.cart_id = ${cartId} and g.last4 = ${normaliseCode(last4)}
          returning cg.gift_card_id`,
        );
  if (removed.length === 0) throw new HttpError(404, "giftcard_not_applied", "giftcard.error.notApplied");
}
