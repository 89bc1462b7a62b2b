import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { PaymentModifications } from "./payment-provider.ts";
import { paymentAttempts, paymentCaptures } from "./payments.schema.ts";

export const SEND_CAPTURE_JOB = "payments.send-capture";

/** The job queue's outbox, as this module sees it (payments sits below jobs in the domain order). */
interface Outbox {
  add(db: Db | Tx, name: string, data: object): Promise<void>;
}

/**
 * When a provider that holds the shopper's money takes it: Klarna as each package ships (decision
 * 0056), Adyen when the order is placed (decision 0057). Other gateways take or keep nothing here.
 */
const CAPTURED_WHEN: Readonly<Record<string, "shipped" | "placed">> = { klarna: "shipped", adyen: "placed" };

export const capturedWhen = (gateway: string) => CAPTURED_WHEN[gateway] ?? null;

interface OrderPaid {
  id: number;
  paymentGateway: string;
  paymentReference: string | null;
  amountDue: number;
  currency: string;
}

type Kind = "capture" | "refund" | "cancel";

/** A fresh key per row, kept with it: every try of the row sends the same one. */
const newKey = (kind: Kind) => `pitchside-${kind}-${crypto.randomUUID()}`;

/** What has been captured and refunded for an order so far (unanswered ones count: they will be sent). */
export async function capturedSoFar(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({
      captured: sql<number>`coalesce(sum(${paymentCaptures.amount}) filter (where ${paymentCaptures.kind} = 'capture'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${paymentCaptures.amount}) filter (where ${paymentCaptures.kind} = 'refund'), 0)::int`,
    })
    .from(paymentCaptures)
    .where(
      and(eq(paymentCaptures.orderId, orderId), sql`${paymentCaptures.status} not in ('failed', 'void')`),
    );
  return { captured: Number(row?.captured ?? 0), refunded: Number(row?.refunded ?? 0) };
}

/** The provider's order (Klarna) or payment (Adyen) an order's money is held under, if any. */
async function providerOrderOf(tx: Tx, order: OrderPaid): Promise<string | null> {
  const [row] = await tx
    .select({ providerOrderId: paymentCaptures.providerOrderId })
    .from(paymentCaptures)
    .where(and(eq(paymentCaptures.orderId, order.id), eq(paymentCaptures.kind, "capture")))
    .orderBy(asc(paymentCaptures.id))
    .limit(1);
  if (row) return row.providerOrderId;
  return capturedWhen(order.paymentGateway) === "shipped" ? order.paymentReference : null;
}

/** Writes one row (once: the unique keys drop a second) and queues its sending. */
async function record(
  tx: Db | Tx,
  outbox: Outbox,
  values: Omit<typeof paymentCaptures.$inferInsert, "idempotencyKey"> & { kind: Kind },
): Promise<number | null> {
  const [row] = await tx
    .insert(paymentCaptures)
    .values({ ...values, idempotencyKey: newKey(values.kind) })
    .onConflictDoNothing()
    .returning({ id: paymentCaptures.id });
  if (!row) return null;
  await outbox.add(tx, SEND_CAPTURE_JOB, { id: row.id });
  return row.id;
}

/**
 * An order paid through a provider that captures when the order is placed (Adyen): the authorised
 * amount is captured, recorded in the order's transaction and sent once it commits.
 */
export async function recordOrderCapture(
  tx: Tx,
  outbox: Outbox,
  orderId: number,
  attempt: { gateway: string; pspReference: string; amount: number; currency: string },
): Promise<number | null> {
  if (capturedWhen(attempt.gateway) !== "placed" || attempt.amount <= 0) return null;
  return record(tx, outbox, {
    orderId,
    kind: "capture",
    gateway: attempt.gateway,
    providerOrderId: attempt.pspReference,
    amount: attempt.amount,
    currency: attempt.currency,
  });
}

/**
 * A package of an order paid through a provider that captures as goods ship (Klarna) left the
 * warehouse: its share is captured, never more than the order's authorised amount still uncaptured.
 * The last package still open takes the rest (the payment fee, rounding) less the share of packages
 * cancelled, which the shopper is not charged. Recorded in the caller's transaction, sent by a job.
 */
export async function recordShipmentCapture(
  tx: Tx,
  outbox: Outbox,
  order: OrderPaid,
  shipment: { id: number; amount: number; last: boolean; released: number },
): Promise<number | null> {
  if (capturedWhen(order.paymentGateway) !== "shipped" || !order.paymentReference) return null;
  const { captured } = await capturedSoFar(tx, order.id);
  const open = order.amountDue - captured;
  const amount = Math.max(0, Math.min(open, shipment.last ? open - shipment.released : shipment.amount));
  if (amount === 0) return null;
  return record(tx, outbox, {
    orderId: order.id,
    shipmentId: shipment.id,
    kind: "capture",
    gateway: order.paymentGateway,
    providerOrderId: order.paymentReference,
    amount,
    currency: order.currency,
  });
}

/**
 * A package of a provider-paid order was cancelled before it shipped. Captured when placed (Adyen):
 * its share is refunded. The order is now cancelled as a whole: whatever is still captured is
 * refunded, and when nothing was captured (Klarna, or an Adyen capture not sent yet, which is then
 * dropped with the refunds waiting for it) the authorisation is cancelled at the provider instead.
 */
export async function recordShipmentCancel(
  tx: Tx,
  outbox: Outbox,
  order: OrderPaid,
  shipment: { id: number; amount: number; orderCancelled: boolean },
): Promise<{ kind: "refund" | "cancel"; id: number; amount: number } | null> {
  const when = capturedWhen(order.paymentGateway);
  if (!when) return null;
  if (!shipment.orderCancelled) {
    if (when !== "placed") return null;
    const refund = await recordRefund(tx, outbox, order, shipment.amount, { shipmentId: shipment.id });
    return refund && { kind: "refund", ...refund };
  }
  await lockRows(tx, order.id);
  const unsent = (kind: Kind) =>
    and(
      eq(paymentCaptures.orderId, order.id),
      eq(paymentCaptures.kind, kind),
      eq(paymentCaptures.status, "pending"),
      isNull(paymentCaptures.sentAt),
    );
  const voided = await tx
    .update(paymentCaptures)
    .set({ status: "void", doneAt: new Date() })
    .where(unsent("capture"))
    .returning({ providerOrderId: paymentCaptures.providerOrderId });
  // Refunds waiting for a capture that will never be sent have nothing to give back either.
  if (voided.length > 0)
    await tx.update(paymentCaptures).set({ status: "void", doneAt: new Date() }).where(unsent("refund"));
  const { captured } = await capturedSoFar(tx, order.id);
  if (captured > 0) {
    const refund = await recordRefund(tx, outbox, order, Number.MAX_SAFE_INTEGER, {
      shipmentId: shipment.id,
    });
    return refund && { kind: "refund", ...refund };
  }
  const providerOrderId = voided[0]?.providerOrderId ?? (when === "shipped" ? order.paymentReference : null);
  if (!providerOrderId) return null;
  const id = await record(tx, outbox, {
    orderId: order.id,
    shipmentId: shipment.id,
    kind: "cancel",
    gateway: order.paymentGateway,
    providerOrderId,
    amount: 0,
    currency: order.currency,
  });
  return id === null ? null : { kind: "cancel", id, amount: 0 };
}

/** Locks an order's rows, so that two refunds of it at once cannot both pass the check. */
async function lockRows(tx: Tx, orderId: number) {
  await tx
    .select({ id: paymentCaptures.id })
    .from(paymentCaptures)
    .where(eq(paymentCaptures.orderId, orderId))
    .for("update");
}

/**
 * Gives money back for a provider-paid order: never more than was captured less what was already
 * refunded (a larger request is cut to what is left; nothing left records nothing). `cause` names
 * the cancelled package or the received return; each refunds once.
 */
export async function recordRefund(
  tx: Tx,
  outbox: Outbox,
  order: OrderPaid,
  amount: number,
  cause: { shipmentId?: number; returnId?: number } = {},
): Promise<{ id: number; amount: number } | null> {
  if (!capturedWhen(order.paymentGateway)) return null;
  if (!Number.isInteger(amount) || amount < 0)
    throw new HttpError(400, "validation_failed", "The refund must be a whole amount in minor units.");
  await lockRows(tx, order.id);
  const providerOrderId = await providerOrderOf(tx, order);
  if (!providerOrderId) return null;
  const { captured, refunded } = await capturedSoFar(tx, order.id);
  const refundable = Math.min(amount, captured - refunded);
  if (refundable <= 0) return null;
  const id = await record(tx, outbox, {
    orderId: order.id,
    shipmentId: cause.shipmentId ?? null,
    returnId: cause.returnId ?? null,
    kind: "refund",
    gateway: order.paymentGateway,
    providerOrderId,
    amount: refundable,
    currency: order.currency,
  });
  return id === null ? null : { id, amount: refundable };
}

/**
 * Lets go of authorisations the shop released with no order (held too long, or the order could not
 * be placed): a cancel at the provider for each held by one (Adyen, Klarna). Answers how many.
 */
export async function recordAuthorisationCancels(db: Db, outbox: Outbox, attemptIds: number[]) {
  const gateways = Object.keys(CAPTURED_WHEN);
  if (attemptIds.length === 0) return 0;
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.id, attemptIds),
        inArray(paymentAttempts.gateway, gateways),
        // Only a released one: an attempt an order captured meanwhile (a replay lost the race) stays.
        eq(paymentAttempts.status, "cancelled"),
      ),
    );
  let recorded = 0;
  for (const attempt of attempts) {
    const id = await record(db, outbox, {
      orderId: null,
      kind: "cancel",
      gateway: attempt.gateway,
      providerOrderId: attempt.pspReference,
      amount: 0,
      currency: attempt.currency,
    });
    if (id !== null) recorded++;
  }
  return recorded;
}

/**
 * The job that sends a recorded capture, refund or cancel to its provider with the row's
 * idempotency key: a retry after a timeout gets the provider's first answer, not a second charge.
 * A refund waits until its order's capture has been sent. A provider refusal (4xx) marks the row
 * failed for the operator; a 5xx or an unreachable provider is retried by the job queue.
 */
export function sendCaptureJob(
  db: Db,
  /**
   * The provider account of a gateway in a market (decision 0059): the market the payment was made
   * in, read from its attempt when the job sends; null for an attempt from before it was recorded.
   */
  providerFor: (gateway: string, market: string | null) => PaymentModifications | null,
) {
  return {
    name: SEND_CAPTURE_JOB,
    retryLimit: 12,
    run: async ({ id }: { id: number }) => {
      const [row] = await db.select().from(paymentCaptures).where(eq(paymentCaptures.id, id));
      if (row?.status !== "pending") return;
      // The account that took the payment sends its capture, refund or cancel: the attempt's market's.
      const [attempt] = await db
        .select({ market: paymentAttempts.market })
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.pspReference, row.providerOrderId),
            eq(paymentAttempts.gateway, row.gateway),
          ),
        );
      const market = attempt?.market ?? null;
      const provider = providerFor(row.gateway, market);
      if (!provider)
        throw new Error(
          `payment provider ${row.gateway} is not configured${market ? ` for market ${market}` : ""}: the ${row.kind} waits`,
        );
      if (row.kind === "refund" && row.orderId !== null) {
        const [unsent] = await db
          .select({ id: paymentCaptures.id })
          .from(paymentCaptures)
          .where(
            and(
              eq(paymentCaptures.orderId, row.orderId),
              eq(paymentCaptures.kind, "capture"),
              eq(paymentCaptures.status, "pending"),
            ),
          )
          .limit(1);
        if (unsent) throw new Error(`refund ${row.id} waits for capture ${unsent.id}`);
      }
      // Marked as sent before it goes: a capture made void meanwhile (its order cancelled) stays unsent.
      const [claimed] = await db
        .update(paymentCaptures)
        .set({ sentAt: sql`coalesce(${paymentCaptures.sentAt}, now())` })
        .where(and(eq(paymentCaptures.id, id), eq(paymentCaptures.status, "pending")))
        .returning({ id: paymentCaptures.id });
      if (!claimed) return;
      const money = { value: row.amount, currency: row.currency };
      const result =
        row.kind === "capture"
          ? await provider.capture(row.providerOrderId, money, row.idempotencyKey)
          : row.kind === "refund"
            ? await provider.refund(row.providerOrderId, money, row.idempotencyKey)
            : await provider.cancel(row.providerOrderId, row.idempotencyKey);
      if (!result.ok && result.status >= 500) throw new Error(`${row.kind} ${row.id}: ${result.message}`);
      if (result.ok) {
        const { reference, awaitingOutcome } = result.value;
        // A notification may have told the outcome already (it overtook this answer): it stays.
        await db
          .update(paymentCaptures)
          .set({
            providerReference: sql`coalesce(${paymentCaptures.providerReference}, ${reference || null})`,
            status: sql`case when ${paymentCaptures.status} = 'pending' then ${awaitingOutcome ? "received" : "done"} else ${paymentCaptures.status} end`,
            doneAt: awaitingOutcome
              ? paymentCaptures.doneAt
              : sql`coalesce(${paymentCaptures.doneAt}, now())`,
          })
          .where(eq(paymentCaptures.id, row.id));
      } else
        await db
          .update(paymentCaptures)
          .set({ status: "failed", failure: `${result.code}: ${result.message}`.slice(0, 500) })
          .where(and(eq(paymentCaptures.id, row.id), eq(paymentCaptures.status, "pending")));
    },
  };
}

/**
 * A provider's later word on a capture, refund or cancel (Adyen's standard notification): found by
 * the provider's reference of it or, when the notification overtook the job's answer, as the oldest
 * unanswered row of that payment, kind and amount. Success settles a row not failed yet; a failure
 * (CAPTURE_FAILED, REFUND_FAILED after a REFUND) marks it failed for the operator. Answers whether a
 * row was found.
 */
export async function settleModification(
  tx: Tx,
  note: {
    gateway: string;
    kind: Kind;
    reference: string;
    providerOrderId: string | null;
    amount: number;
    success: boolean;
    reason: string | null;
  },
): Promise<boolean> {
  const [known] = await tx
    .select({ id: paymentCaptures.id })
    .from(paymentCaptures)
    .where(
      and(
        eq(paymentCaptures.gateway, note.gateway),
        eq(paymentCaptures.kind, note.kind),
        eq(paymentCaptures.providerReference, note.reference),
      ),
    )
    .limit(1)
    .for("update");
  const [overtaken] =
    known || !note.providerOrderId
      ? []
      : await tx
          .select({ id: paymentCaptures.id })
          .from(paymentCaptures)
          .where(
            and(
              eq(paymentCaptures.gateway, note.gateway),
              eq(paymentCaptures.kind, note.kind),
              eq(paymentCaptures.providerOrderId, note.providerOrderId),
              isNull(paymentCaptures.providerReference),
              ...(note.kind === "cancel" ? [] : [eq(paymentCaptures.amount, note.amount)]),
              inArray(paymentCaptures.status, ["pending", "received"]),
            ),
          )
          .orderBy(asc(paymentCaptures.id))
          .limit(1)
          .for("update");
  const row = known ?? overtaken;
  if (!row) return false;
  await tx
    .update(paymentCaptures)
    .set(
      note.success
        ? { providerReference: note.reference, status: "done", doneAt: new Date() }
        : {
            providerReference: note.reference,
            status: "failed",
            failure: (note.reason ?? "refused").slice(0, 500),
          },
    )
    .where(
      and(
        eq(paymentCaptures.id, row.id),
        note.success ? inArray(paymentCaptures.status, ["pending", "received"]) : sql`true`,
      ),
    );
  return true;
}
