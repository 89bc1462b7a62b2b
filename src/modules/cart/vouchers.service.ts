import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { concurrently, type Db, type Tx } from "#db/client.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { cartGiftCards, cartVouchers } from "./cart.schema.ts";
import { type CartOwner, ensureCartId, findCartId } from "./cart.service.ts";
import type { TotalsGiftCard, TotalsVoucher } from "./cart-totals.ts";
import { giftCards, vouchers } from "./vouchers.schema.ts";

/** Wrong codes allowed per minute from one visitor before answers become 429 (guessing must not pay). */
export const WRONG_CODES_PER_MINUTE = 10;

export const normaliseCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, "");

/** The same hash the shop stores gift-card codes under (decision 0008). */
export function giftCardHash(code: string): string {
  return crypto.createHash("sha256").update(normaliseCode(code)).digest("hex");
}

/** A gift card as the bag shows it: never the whole code, only its last four characters. */
export const maskedGiftCard = (last4: string) => `…${last4}`;

interface VoucherRow {
  id: number;
  code: string;
  kind: "percentage" | "fixed" | "free_delivery";
  value: number;
  currency: string | null;
  minimum_order: number;
  valid_from: string | Date;
  valid_to: string | Date;
  usage_limit: number | null;
  used_count: number;
}

/** Why a voucher cannot be used in this currency now (a translation id), or null when it can. */
export function voucherProblem(voucher: VoucherRow, currency: string, now = new Date()): string | null {
  if (new Date(voucher.valid_from) > now) return "voucher.error.notYet";
  if (new Date(voucher.valid_to) <= now) return "voucher.error.expired";
  if (voucher.usage_limit !== null && voucher.used_count >= voucher.usage_limit)
    return "voucher.error.usedUp";
  if (voucher.currency !== null && voucher.currency !== currency) return "voucher.error.currency";
  return null;
}

async function wrongCode(db: Db, owner: CartOwner, ip: string, kind: "voucher" | "giftcard") {
  await countAttempt(
    db,
    [`${kind}:session:${owner.sessionId ?? owner.userId ?? "none"}`, `${kind}:ip:${ip}`],
    WRONG_CODES_PER_MINUTE,
  );
}

/**
 * `POST /api/vouchers/add/`: a known voucher that is valid now and in this currency is put on the bag.
 * Its minimum order is checked on every read (a warning says when it is not reached yet).
 */
export async function addVoucher(
  db: Db,
  owner: CartOwner,
  input: { code: string; currency: string; ip: string },
): Promise<{ warnings: string[] }> {
  const code = normaliseCode(input.code);
  const [voucher] = (
    (await db.execute(sql`select * from vouchers where code = ${code}`)) as unknown as { rows: VoucherRow[] }
  ).rows;
  if (!voucher) {
    await wrongCode(db, owner, input.ip, "voucher");
    throw new HttpError(400, "voucher_invalid", "voucher.error.unknown", {
      voucher_code: ["voucher.error.unknown"],
    });
  }
  const problem = voucherProblem(voucher, input.currency);
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
  return { warnings: [] };
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
      ? { rows: [] }
      : await db.execute(sql`
          delete from cart_gift_cards cg using gift_cards g
           where cg.gift_card_id = g.id and cg.cart_id = ${cartId} and g.last4 = ${normaliseCode(last4)}
          returning cg.gift_card_id`);
  if ((removed as unknown as { rows: unknown[] }).rows.length === 0)
    throw new HttpError(404, "giftcard_not_applied", "giftcard.error.notApplied");
}

/** What the bag's vouchers and gift cards are worth to the totals engine now (one query each). */
export async function paymentsOf(
  db: Db | Tx,
  cartId: number,
  currency: string,
): Promise<{
  vouchers: TotalsVoucher[];
  giftCards: TotalsGiftCard[];
  problems: { code: string; problem: string }[];
}> {
  const [voucherRows, cardRows] = await concurrently(db, [
    () =>
      db.execute(sql`
      select v.* from cart_vouchers cv join vouchers v on v.id = cv.voucher_id
       where cv.cart_id = ${cartId} order by cv.created_at`),
    () =>
      db.execute(sql`
      select g.last4, g.balance, g.currency, g.expires_at from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
       where cg.cart_id = ${cartId} order by cg.created_at`),
  ] as const);
  const problems: { code: string; problem: string }[] = [];
  const usable: TotalsVoucher[] = [];
  for (const voucher of (voucherRows as unknown as { rows: VoucherRow[] }).rows) {
    const problem = voucherProblem(voucher, currency);
    if (problem) problems.push({ code: voucher.code, problem });
    else
      usable.push({
        code: voucher.code,
        kind: voucher.kind,
        value: voucher.value,
        minimumOrder: voucher.minimum_order,
      });
  }
  const cards = (
    cardRows as unknown as {
      rows: { last4: string; balance: number; currency: string; expires_at: string }[];
    }
  ).rows
    .filter((card) => card.currency === currency && new Date(card.expires_at) > new Date())
    .map((card) => ({ code: maskedGiftCard(card.last4), balance: card.balance }));
  return { vouchers: usable, giftCards: cards, problems };
}
