import crypto from "node:crypto";
import { hmacValidator, type Types } from "@adyen/api-library";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { adyenNotifications } from "../adyen.schema.ts";
import { settleModification } from "../payment-captures.service.ts";
import type { PaymentModifications, ProviderResult } from "../payment-provider.ts";
import { paymentAttempts } from "../payments.schema.ts";
import type { AdyenConfig } from "./adyen.config.ts";
import { adyenCheckout, HttpClientException } from "./adyen-api.ts";

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
  market: string,
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
        market,
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
        market,
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
    /** The shop's market (lower case) whose Adyen account takes the payment. */
    market: string;
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
  return recordOutcome(
    db,
    input.reference,
    answer,
    { amount: input.amount, currency: input.currency },
    input.market,
  );
}

/**
 * `POST /payments/details`: the shopper came back from a redirect (`redirectResult`) or the Drop-in
 * finished 3-D Secure in the page (`threeDSResult`, with `paymentData` when Adyen gave one). The
 * idempotency key is derived from the details, so the same details sent twice are one request.
 * `reference` is the payment the caller expects; without one, Adyen's answer names it. An answer for
 * another reference settles nothing.
 */
export async function adyenPaymentDetails(
  db: Db,
  gateway: AdyenGateway,
  input: {
    reference: string | null;
    /** The shop's market (lower case) whose Adyen account took the payment. */
    market: string;
    details: Record<string, string>;
    paymentData?: string | undefined;
  },
): Promise<AdyenPaymentOutcome & { reference: string | null }> {
  const details = Object.fromEntries(Object.entries(input.details).sort(([a], [b]) => a.localeCompare(b)));
  const digest = crypto
    .createHash("sha256")
    .update(JSON.stringify([details, input.paymentData ?? null]))
    .digest("hex");
  const answer = await askAdyen(() =>
    gateway.api.PaymentsApi.paymentsDetails(
      {
        details,
        ...(input.paymentData ? { paymentData: input.paymentData } : {}),
      } as Types.checkout.PaymentDetailsRequest,
      { idempotencyKey: `details-${digest.slice(0, 48)}` },
    ),
  );
  const reference = input.reference ?? answer.merchantReference ?? null;
  // The answer names the payment it settled: a result for another reference settles nothing here.
  if (!reference || (answer.merchantReference && answer.merchantReference !== reference))
    return {
      resultCode: "Refused",
      pspReference: null,
      action: null,
      refusalReason: "Reference mismatch",
      reference: null,
    };
  return { ...(await recordOutcome(db, reference, answer, null, input.market)), reference };
}

// ---------------------------------------------------------------------------------------------
// Captures, refunds and cancels: recorded in payment_captures and sent by the job
// `payments.send-capture` (payment-captures.service.ts); this is how Adyen is asked.

/**
 * Adyen's modification calls for the send job: the payment's pspReference, the amount in minor
 * units, the row's idempotency key (also sent as the modification's reference). Adyen answers
 * "received"; the outcome comes with the CAPTURE, REFUND or CANCELLATION notification. A refusal
 * (4xx) is final; a 5xx, an unreachable Adyen, or a key Adyen does not accept (401, 403: the
 * operator fixes the configuration) is answered as retryable.
 */
export function adyenModifications(gateway: AdyenGateway): PaymentModifications {
  const api = gateway.api.ModificationsApi;
  const merchantAccount = gateway.config.merchantAccount;
  async function ask(
    request: () => Promise<{ pspReference: string }>,
  ): Promise<ProviderResult<{ reference: string; awaitingOutcome: boolean }>> {
    try {
      const answer = await request();
      return { ok: true, value: { reference: answer.pspReference, awaitingOutcome: true } };
    } catch (error) {
      const status = error instanceof HttpClientException ? error.statusCode : undefined;
      const message = error instanceof Error ? error.message : String(error);
      if (status && status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
        let detail = message;
        try {
          const body = JSON.parse(String((error as HttpClientException).responseBody ?? "")) as {
            errorCode?: string;
            message?: string;
          };
          detail = [body.errorCode, body.message].filter(Boolean).join(" ") || message;
        } catch {}
        return { ok: false, status, code: `adyen_${status}`, message: detail };
      }
      return {
        ok: false,
        status: status && status >= 500 ? status : 502,
        code: "adyen_unavailable",
        message,
      };
    }
  }
  return {
    gateway: "adyen",
    capture: (psp, amount, key) =>
      ask(() =>
        api.captureAuthorisedPayment(
          psp,
          { merchantAccount, amount, reference: key },
          { idempotencyKey: key },
        ),
      ),
    refund: (psp, amount, key) =>
      ask(() =>
        api.refundCapturedPayment(psp, { merchantAccount, amount, reference: key }, { idempotencyKey: key }),
      ),
    cancel: (psp, key) =>
      ask(() =>
        api.cancelAuthorisedPaymentByPspReference(
          psp,
          { merchantAccount, reference: key },
          { idempotencyKey: key },
        ),
      ),
  };
}

// ---------------------------------------------------------------------------------------------
// Standard notifications.

export const ADYEN_NOTIFICATION_JOB = "payments.adyen-notification";

type NotificationItem = Types.notification.NotificationRequestItem;

/**
 * Verifies every item's HMAC with the key of its merchant account (each market's account may have
 * its own webhook and key, decision 0059; an account that is not the shop's has none): one bad item
 * refuses the whole message, nothing is stored. Then stores each item once per payment and event
 * and queues its processing. Answers how many were new.
 */
export async function receiveAdyenNotifications(
  db: Db,
  outbox: Outbox,
  hmacKeysOf: (merchantAccount: string) => readonly string[],
  items: NotificationItem[],
): Promise<number> {
  const validator = new hmacValidator();
  for (const item of items) {
    const valid = hmacKeysOf(String(item.merchantAccountCode ?? "")).some((key) => {
      try {
        return validator.validateHMAC(item, key);
      } catch {
        return false;
      }
    });
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
      await settleModification(tx, {
        gateway: "adyen",
        kind,
        reference: note.pspReference,
        providerOrderId: note.originalReference,
        amount: note.amount,
        success: note.success && !note.eventCode.endsWith("_FAILED"),
        reason: note.reason ?? note.eventCode,
      });
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
