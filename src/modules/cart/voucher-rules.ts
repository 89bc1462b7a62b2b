// The rules of voucher and gift-card codes, without the database: how a typed code is read, how a
// gift card's code is stored and shown, and when a voucher counts. Pricing, code entry and placing an
// order all apply them, so they sit below all three.
import crypto from "node:crypto";

export const normaliseCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, "");

/** The same hash the shop stores gift-card codes under (decision 0008). */
export function giftCardHash(code: string): string {
  return crypto.createHash("sha256").update(normaliseCode(code)).digest("hex");
}

/** A gift card as the bag shows it: never the whole code, only its last four characters. */
export const maskedGiftCard = (last4: string) => `…${last4}`;

/** A row of the vouchers table as raw SQL reads it. */
export interface VoucherRow {
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
export function voucherProblem(
  voucher: Pick<VoucherRow, "valid_from" | "valid_to" | "usage_limit" | "used_count" | "currency">,
  currency: string,
  now = new Date(),
): string | null {
  if (new Date(voucher.valid_from) > now) return "voucher.error.notYet";
  if (new Date(voucher.valid_to) <= now) return "voucher.error.expired";
  if (voucher.usage_limit !== null && voucher.used_count >= voucher.usage_limit)
    return "voucher.error.usedUp";
  if (voucher.currency !== null && voucher.currency !== currency) return "voucher.error.currency";
  return null;
}
