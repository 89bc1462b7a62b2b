import crypto from "node:crypto";
import { and, desc, eq, lt, ne } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { paymentAttempts } from "./payments.schema.ts";

/**
 * The built-in payment providers. `test-card` behaves like a card acquirer in its test mode: it
 * authorises the documented test numbers and refuses the others; `test-bnpl` is a pay-later provider
 * that approves unless the shopper's e-mail is the documented declined address. Both keep only the
 * outcome of an attempt: the card number, expiry and code are checked in memory and dropped.
 * Real providers plug in behind the same functions (authorise, verify, capture, cancel).
 */
export const TEST_CARDS = {
  /** Visa, authorised. */
  authorised: "4111111111111111",
  /** Mastercard, authorised. */
  authorisedMastercard: "5555555555554444",
  /** Visa, refused by the issuer. */
  refused: "4000000000000002",
} as const;

/** Pay later is declined for this e-mail, as the test provider's documentation says. */
export const BNPL_DECLINED_EMAIL = "declined@example.com";

export interface CardInput {
  holderName: string;
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvc: string;
}

export type CardResult =
  | { resultCode: "Authorised"; pspReference: string }
  | { resultCode: "Refused"; pspReference: string; refusalReason: string };

const pspReference = () => crypto.randomBytes(8).toString("hex").toUpperCase();

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** A card's own problems, before any provider is asked (translation ids by field). */
export function cardProblems(card: CardInput, now = new Date()): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const digits = card.number.replace(/[\s-]/g, "");
  if (card.holderName.trim() === "") problems.holderName = ["payment.card.error.holder"];
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) problems.number = ["payment.card.error.number"];
  const month = Number(card.expiryMonth);
  const year = Number(card.expiryYear.length === 2 ? `20${card.expiryYear}` : card.expiryYear);
  const expired =
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    !Number.isInteger(year) ||
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (expired) problems.expiry = ["payment.card.error.expiry"];
  if (!/^\d{3,4}$/.test(card.cvc)) problems.cvc = ["payment.card.error.cvc"];
  return problems;
}

/** Authorises an amount (minor units) on a card for a merchant reference; stores only the outcome. */
export async function authoriseTestCard(
  db: Db,
  input: { reference: string; amount: number; currency: string; card: CardInput },
): Promise<CardResult> {
  const digits = input.card.number.replace(/[\s-]/g, "");
  const authorised = digits === TEST_CARDS.authorised || digits === TEST_CARDS.authorisedMastercard;
  const psp = pspReference();
  await db.insert(paymentAttempts).values({
    reference: input.reference,
    gateway: "test-card",
    amount: input.amount,
    currency: input.currency,
    status: authorised ? "authorised" : "refused",
    pspReference: psp,
    refusalReason: authorised ? null : "Refused",
  });
  return authorised
    ? { resultCode: "Authorised", pspReference: psp }
    : { resultCode: "Refused", pspReference: psp, refusalReason: "Refused" };
}

/** The pay-later provider's authorisation: a token the shop hands back when the order is placed. */
export async function authoriseTestBnpl(
  db: Db,
  input: { reference: string; amount: number; currency: string; email: string },
): Promise<{ approved: boolean; authorization_token: string | null }> {
  const approved = input.email.trim().toLowerCase() !== BNPL_DECLINED_EMAIL;
  const token = approved ? crypto.randomUUID() : null;
  await db.insert(paymentAttempts).values({
    reference: input.reference,
    gateway: "test-bnpl",
    amount: input.amount,
    currency: input.currency,
    status: approved ? "authorised" : "refused",
    pspReference: pspReference(),
    authorizationToken: token,
    refusalReason: approved ? null : "Declined",
  });
  return { approved, authorization_token: token };
}

/** The latest authorised attempt for a reference (and token, for pay later), or null. */
export async function findAuthorised(
  db: Db | Tx,
  where: { reference: string; gateway: "test-card" | "test-bnpl" | "adyen"; token?: string },
) {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.reference, where.reference),
        eq(paymentAttempts.gateway, where.gateway),
        eq(paymentAttempts.status, "authorised"),
        ...(where.token ? [eq(paymentAttempts.authorizationToken, where.token)] : []),
      ),
    )
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return attempt ?? null;
}

/**
 * Takes the authorised money once the order exists (in the order's transaction), and releases any
 * other authorisation of the same reference (a shopper who paid twice is charged once). An
 * authorisation released meanwhile (held too long) cannot be taken: the order is refused (409).
 */
export async function captureAttempt(tx: Tx, attemptId: number) {
  const [captured] = await tx
    .update(paymentAttempts)
    .set({ status: "captured" })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, "authorised")))
    .returning();
  if (!captured) throw new HttpError(409, "payment_expired", "checkout.error.paymentExpired");
  await tx
    .update(paymentAttempts)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(paymentAttempts.reference, captured.reference),
        eq(paymentAttempts.status, "authorised"),
        ne(paymentAttempts.id, attemptId),
      ),
    );
  return captured;
}

/** Releases an authorisation the shop cannot honour (stock gone, total changed). */
export async function cancelAttempt(db: Db, attemptId: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ status: "cancelled" })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, "authorised")));
}

/**
 * The scheduled release of authorisations that never became an order (the shopper left after paying,
 * or the process died before placing it): the money held on the shopper's card is let go once the
 * hold has passed. A placed order captured its authorisation in its own transaction, so whatever is
 * still only authorised this late has no order.
 */
export async function releaseStaleAuthorisations(
  db: Db,
  heldSince: Date,
  /** Told of the attempts released, so a real provider's hold is let go there too. */
  onReleased?: (attemptIds: number[]) => Promise<unknown>,
): Promise<number> {
  const released = await db
    .update(paymentAttempts)
    .set({ status: "cancelled" })
    .where(and(eq(paymentAttempts.status, "authorised"), lt(paymentAttempts.createdAt, heldSince)))
    .returning({ id: paymentAttempts.id });
  if (onReleased && released.length > 0) await onReleased(released.map((row) => row.id));
  return released.length;
}

export const newPaymentReference = () => `PS-${crypto.randomBytes(9).toString("base64url")}`;

/** The card form's language: the providers know Norwegian as no-NO, not nb-NO. */
export const cardFormLocale = (tag: string) => (tag === "nb-NO" ? "no-NO" : tag);
