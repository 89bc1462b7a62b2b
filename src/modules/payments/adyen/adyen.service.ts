import { hmacValidator, type Types } from "@adyen/api-library";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { adyenModifications, adyenNotifications } from "../adyen.schema.ts";
import { paymentAttempts } from "../payments.schema.ts";
import { adyenCheckout, HttpClientException } from "./adyen.client.ts";
import type { AdyenConfig } from "./adyen.config.ts";

type CheckoutAPI = ReturnType<typeof adyenCheckout>;

/** The job queue's outbox, as the jobs module defines it (payments sits beside jobs, not above). */
interface Outbox {
  add(db: Db | Tx, name: string, data: object): Promise<void>;
}

/** A job as the job queue runs it (structurally the jobs module's JobDefinition). */
interface AdyenJob {
  name: string;
  retryLimit?: number;
  run(data: { id: number }): Promise<void>;
}

/** The shop's Adyen account and its Checkout API, built once per process. */
export interface AdyenGateway {
  config: AdyenConfig;
  api: CheckoutAPI;
}

const gateways = new WeakMap<AdyenConfig, AdyenGateway>();
export function adyenGateway(config: AdyenConfig | null): AdyenGateway | null {
  if (!config) return null;
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = { config, api: adyenCheckout(config) };
    gateways.set(config, gateway);
  }
  return gateway;
}

/** The Drop-in's language: Adyen knows Norwegian as no-NO, not nb-NO. */
const shopperLocale = (tag: string) => (tag === "nb-NO" ? "no-NO" : tag);

/** `POST /sessions`: the Drop-in's session for the amount the server works out (minor units). */
export async function createAdyenSession(
  gateway: AdyenGateway,
  input: {
    reference: string;
    amount: number;
    currency: string;
    countryCode: string;
    locale: string;
    returnUrl: string;
  },
) {
  const session = await gateway.api.PaymentsApi.sessions({
    merchantAccount: gateway.config.merchantAccount,
    amount: { value: input.amount, currency: input.currency },
    reference: input.reference,
    returnUrl: input.returnUrl,
    countryCode: input.countryCode,
    shopperLocale: shopperLocale(input.locale),
    channel: "Web" as Types.checkout.CreateCheckoutSessionRequest["channel"],
  } as Types.checkout.CreateCheckoutSessionRequest);
  return { id: session.id, sessionData: session.sessionData ?? "" };
}

/**
 * Adyen's refusal of a request (4xx: the Drop-in's data was not accepted) is the shopper's 400;
 * Adyen unreachable or failing is a 502 the shopper may retry. Neither carries Adyen's answer.
 */
export async function askAdyen<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = error instanceof HttpClientException ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500 && status !== 401 && status !== 403)
      throw new HttpError(400, "payment_not_accepted", "payment.card.error.invalid");
    throw new HttpError(502, "payment_provider_unavailable", "checkout.error.generic");
  }
}

export type AdyenPaymentOutcome =
  | { resultCode: "Authorised"; pspReference: string; action: null; refusalReason: null }
  | { resultCode: "Refused"; pspReference: string | null; action: null; refusalReason: string }
  | { resultCode: string; pspReference: string | null; action: Record<string, unknown>; refusalReason: null };

/** Keeps the outcome of an answer that settled the payment (never any card data: Adyen sends none). */
async function recordOutcome(
  db: Db,
  reference: string,
  answer: Types.checkout.PaymentResponse | Types.checkout.PaymentDetailsResponse,
  fallback: { amount: number; currency: string } | null,
): Promise<AdyenPaymentOutcome> {
  const code = String(answer.resultCode ?? "");
  if (answer.action && code !== "Authorised")
    return {
      resultCode: code,
      pspReference: answer.pspReference ?? null,
      action: answer.action as unknown as Record<string, unknown>,
      refusalReason: null,
    };
  const amount = answer.amount?.value ?? fallback?.amount;
  const currency = answer.amount?.currency ?? fallback?.currency;
  if (code === "Authorised" && answer.pspReference && amount != null && currency) {
    await db
      .insert(paymentAttempts)
      .values({
        reference,
        gateway: "adyen",
        amount,
        currency,
        status: "authorised",
        pspReference: answer.pspReference,
      })
      .onConflictDoNothing();
    return { resultCode: "Authorised", pspReference: answer.pspReference, action: null, refusalReason: null };
  }
  const refusalReason = answer.refusalReason ?? (code || "Refused");
  if (answer.pspReference)
    await db
      .insert(paymentAttempts)
      .values({
        reference,
        gateway: "adyen",
        amount: amount ?? 0,
        currency: currency ?? "",
        status: "refused",
        pspReference: answer.pspReference,
        refusalReason,
      })
      .onConflictDoNothing();
  return { resultCode: "Refused", pspReference: answer.pspReference ?? null, action: null, refusalReason };
}

/**
 * `POST /payments` with the Drop-in's encrypted state data for the amount the server works out: the
 * card's data goes from the shopper's browser to Adyen encrypted; the shop only passes it on.
 * Authorised and refused answers are kept; an action (3-D Secure, a redirect) goes back to the Drop-in.
 */
export async function payWithAdyen(
  db: Db,
  gateway: AdyenGateway,
  input: {
    reference: string;
    amount: number;
    currency: string;
    countryCode: string;
    locale: string;
    returnUrl: string;
    origin: string;
    stateData: { paymentMethod: Record<string, unknown>; browserInfo?: Record<string, unknown> | undefined };
    attemptKey: string;
  },
): Promise<AdyenPaymentOutcome> {
  const answer = await askAdyen(() =>
    gateway.api.PaymentsApi.payments(
      {
        merchantAccount: gateway.config.merchantAccount,
        amount: { value: input.amount, currency: input.currency },
        reference: input.reference,
        returnUrl: input.returnUrl,
        origin: input.origin,
        countryCode: input.countryCode,
        shopperLocale: shopperLocale(input.locale),
        channel: "Web",
        paymentMethod: input.stateData.paymentMethod,
        ...(input.stateData.browserInfo ? { browserInfo: input.stateData.browserInfo } : {}),
        authenticationData: { threeDSRequestData: { nativeThreeDS: "preferred" } },
      } as unknown as Types.checkout.PaymentRequest,
      { idempotencyKey: input.attemptKey },
    ),
  );
  return recordOutcome(db, input.reference, answer, { amount: input.amount, currency: input.currency });
}

/** `POST /payments/details`: the shopper came back from 3-D Secure or a redirect. */
export async function adyenPaymentDetails(
  db: Db,
  gateway: AdyenGateway,
  input: { reference: string; details: Record<string, string> },
): Promise<AdyenPaymentOutcome> {
  const answer = await askAdyen(() =>
    gateway.api.PaymentsApi.paymentsDetails(
      { details: input.details } as Types.checkout.PaymentDetailsRequest,
      { idempotencyKey: `details-${input.reference}-${Object.values(input.details).join("").slice(0, 80)}` },
    ),
  );
  // The answer names the payment it settled: a result for another reference settles nothing here.
  if (answer.merchantReference && answer.merchantReference !== input.reference)
    return { resultCode: "Refused", pspReference: null, action: null, refusalReason: "Reference mismatch" };
  return recordOutcome(db, input.reference, answer, null);
}

// ---------------------------------------------------------------------------------------------
// Captures, refunds and cancels: a row first (in the caller's transaction), then the job sends it.

export const ADYEN_MODIFICATION_JOB = "payments.adyen-modification";

async function queueModification(
  tx: Db | Tx,
  outbox: Outbox,
  row: {
    attemptId: number;
    paymentPspReference: string;
    orderId: number | null;
    kind: "capture" | "refund" | "cancel";
    amount: number;
    currency: string;
    key: string;
  },
) {
  const [inserted] = await tx
    .insert(adyenModifications)
    .values({
      attemptId: row.attemptId,
      paymentPspReference: row.paymentPspReference,
      orderId: row.orderId,
      kind: row.kind,
      amount: row.amount,
      currency: row.currency,
      idempotencyKey: row.key,
    })
    .onConflictDoNothing()
    .returning({ id: adyenModifications.id });
  if (inserted) await outbox.add(tx, ADYEN_MODIFICATION_JOB, { id: inserted.id });
  return inserted?.id ?? null;
}

/** Takes the authorised money of an Adyen attempt for its order (queued with the order). */
export async function queueAdyenCapture(tx: Tx, outbox: Outbox, attemptId: number, orderId: number) {
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (attempt?.gateway !== "adyen") return null;
  return queueModification(tx, outbox, {
    attemptId,
    paymentPspReference: attempt.pspReference,
    orderId,
    kind: "capture",
    amount: attempt.amount,
    currency: attempt.currency,
    key: `capture-${attempt.pspReference}`,
  });
}

/** Lets go of Adyen authorisations the shop released (no order came of them). */
export async function queueAdyenCancels(db: Db, outbox: Outbox, attemptIds: number[]) {
  if (attemptIds.length === 0) return 0;
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.id, attemptIds), eq(paymentAttempts.gateway, "adyen")));
  for (const attempt of attempts)
    await queueModification(db, outbox, {
      attemptId: attempt.id,
      paymentPspReference: attempt.pspReference,
      orderId: null,
      kind: "cancel",
      amount: 0,
      currency: attempt.currency,
      key: `cancel-${attempt.pspReference}`,
    });
  return attempts.length;
}

/**
 * Gives back part or all of what an order's Adyen payment captured (minor units). A refund never
 * exceeds what was captured less what was refunded before (409 refund_exceeds_capture); the order's
 * modifications are locked so two refunds at once cannot both pass the check.
 */
export async function refundAdyenOrder(
  db: Db,
  outbox: Outbox,
  input: { orderId: number; amount: number; key: string },
) {
  if (!Number.isInteger(input.amount) || input.amount <= 0)
    throw new HttpError(400, "validation_failed", "payment.refund.error.amount", {
      amount: ["payment.refund.error.amount"],
    });
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(adyenModifications)
      .where(and(eq(adyenModifications.orderId, input.orderId), ne(adyenModifications.status, "failed")))
      .for("update");
    const capture = rows.find((row) => row.kind === "capture");
    if (!capture) throw new HttpError(409, "not_captured", "payment.refund.error.notCaptured");
    const captured = rows.filter((row) => row.kind === "capture").reduce((sum, row) => sum + row.amount, 0);
    const refunded = rows.filter((row) => row.kind === "refund").reduce((sum, row) => sum + row.amount, 0);
    if (input.amount > captured - refunded)
      throw new HttpError(409, "refund_exceeds_capture", "payment.refund.error.exceedsCapture");
    return queueModification(tx, outbox, {
      attemptId: capture.attemptId,
      paymentPspReference: capture.paymentPspReference,
      orderId: input.orderId,
      kind: "refund",
      amount: input.amount,
      currency: capture.currency,
      key: `refund-${input.orderId}-${input.key}`,
    });
  });
}

/** Sends one modification to Adyen; its idempotency key makes a retry the same request. */
export function adyenModificationJob(db: Db, gateway: AdyenGateway | null): AdyenJob {
  return {
    name: ADYEN_MODIFICATION_JOB,
    retryLimit: 10,
    run: async ({ id }) => {
      const [row] = await db.select().from(adyenModifications).where(eq(adyenModifications.id, id));
      if (row?.status !== "pending") return;
      if (!gateway) throw new Error("Adyen is not configured: the modification waits");
      const api = gateway.api.ModificationsApi;
      const merchantAccount = gateway.config.merchantAccount;
      const amount = { value: row.amount, currency: row.currency };
      const options = { idempotencyKey: row.idempotencyKey };
      const answer =
        row.kind === "capture"
          ? await api.captureAuthorisedPayment(
              row.paymentPspReference,
              { merchantAccount, amount, reference: row.idempotencyKey },
              options,
            )
          : row.kind === "refund"
            ? await api.refundCapturedPayment(
                row.paymentPspReference,
                { merchantAccount, amount, reference: row.idempotencyKey },
                options,
              )
            : await api.cancelAuthorisedPaymentByPspReference(
                row.paymentPspReference,
                { merchantAccount, reference: row.idempotencyKey },
                options,
              );
      await db
        .update(adyenModifications)
        .set({ status: "received", pspReference: answer.pspReference })
        .where(and(eq(adyenModifications.id, id), eq(adyenModifications.status, "pending")));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Standard notifications.

export const ADYEN_NOTIFICATION_JOB = "payments.adyen-notification";

type NotificationItem = Types.notification.NotificationRequestItem;

/**
 * Verifies every item's HMAC (one bad item refuses the whole message: nothing is stored), then
 * stores each item once per payment and event and queues its processing. Answers how many were new.
 */
export async function receiveAdyenNotifications(
  db: Db,
  outbox: Outbox,
  hmacKey: string,
  items: NotificationItem[],
): Promise<number> {
  const validator = new hmacValidator();
  for (const item of items) {
    let valid = false;
    try {
      valid = validator.validateHMAC(item, hmacKey);
    } catch {
      valid = false;
    }
    if (!valid) throw new HttpError(401, "hmac_invalid", "payment.adyen.error.hmac");
  }
  return db.transaction(async (tx) => {
    let stored = 0;
    for (const item of items) {
      const [row] = await tx
        .insert(adyenNotifications)
        .values({
          pspReference: item.pspReference,
          originalReference: item.originalReference ?? null,
          eventCode: String(item.eventCode),
          merchantReference: item.merchantReference,
          success: String(item.success) === "true",
          amount: item.amount?.value ?? 0,
          currency: item.amount?.currency ?? "",
          reason: item.reason ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: adyenNotifications.id });
      if (row) {
        stored++;
        await outbox.add(tx, ADYEN_NOTIFICATION_JOB, { id: row.id });
      }
    }
    return stored;
  });
}

/**
 * Works one stored notification into the shop's records, once: a capture, refund or cancel
 * confirmed (or failed) on its modification, an authorisation that failed or was cancelled on its
 * payment attempt.
 */
export async function processAdyenNotification(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .select()
      .from(adyenNotifications)
      .where(and(eq(adyenNotifications.id, id), isNull(adyenNotifications.processedAt)))
      .for("update");
    if (!note) return;
    const kinds: Record<string, "capture" | "refund" | "cancel"> = {
      CAPTURE: "capture",
      CAPTURE_FAILED: "capture",
      REFUND: "refund",
      REFUND_FAILED: "refund",
      CANCELLATION: "cancel",
    };
    const kind = kinds[note.eventCode];
    if (kind) {
      const failed = !note.success || note.eventCode.endsWith("_FAILED");
      await tx
        .update(adyenModifications)
        .set(failed ? { status: "failed", failure: note.reason ?? note.eventCode } : { status: "confirmed" })
        .where(
          and(
            eq(adyenModifications.kind, kind),
            sql`(${adyenModifications.pspReference} = ${note.pspReference} or (${adyenModifications.pspReference} is null and ${adyenModifications.paymentPspReference} = ${note.originalReference ?? ""}))`,
          ),
        );
      if (note.eventCode === "CANCELLATION" && note.success)
        await tx
          .update(paymentAttempts)
          .set({ status: "cancelled" })
          .where(
            and(
              eq(paymentAttempts.pspReference, note.originalReference ?? note.pspReference),
              eq(paymentAttempts.status, "authorised"),
            ),
          );
    } else if (note.eventCode === "AUTHORISATION" && !note.success) {
      await tx
        .update(paymentAttempts)
        .set({ status: "refused", refusalReason: note.reason ?? "Refused" })
        .where(
          and(eq(paymentAttempts.pspReference, note.pspReference), eq(paymentAttempts.status, "authorised")),
        );
    }
    await tx.update(adyenNotifications).set({ processedAt: new Date() }).where(eq(adyenNotifications.id, id));
  });
}

export function adyenNotificationJob(db: Db): AdyenJob {
  return { name: ADYEN_NOTIFICATION_JOB, run: ({ id }) => processAdyenNotification(db, id) };
}
