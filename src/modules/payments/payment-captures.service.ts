import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { paymentCaptures } from "./payments.schema.ts";

export const SEND_CAPTURE_JOB = "payments.send-capture";

/** The job queue's outbox, as this module sees it (payments sits below jobs in the domain order). */
interface Outbox {
  add(db: Db | Tx, name: string, data: object): Promise<void>;
}

interface OrderPaid {
  id: number;
  paymentGateway: string;
  paymentReference: string | null;
  amountDue: number;
  currency: string;
}

/** What has been captured and refunded for an order so far (pending ones count: they will be sent). */
export async function capturedSoFar(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({
      captured: sql<number>`coalesce(sum(${paymentCaptures.amount}) filter (where ${paymentCaptures.kind} = 'capture'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${paymentCaptures.amount}) filter (where ${paymentCaptures.kind} = 'refund'), 0)::int`,
    })
    .from(paymentCaptures)
    .where(and(eq(paymentCaptures.orderId, orderId), sql`${paymentCaptures.status} <> 'failed'`));
  return { captured: Number(row?.captured ?? 0), refunded: Number(row?.refunded ?? 0) };
}

/**
 * A shipment of a provider-paid order left the warehouse: its amount is captured, never more than
 * the order's authorised amount still uncaptured. The last open shipment takes the rest (delivery,
 * fee, discounts spread over the bag). Recorded in the caller's transaction and sent by a job.
 */
export async function recordShipmentCapture(
  tx: Tx,
  outbox: Outbox,
  order: OrderPaid,
  shipment: { id: number; amount: number; last: boolean },
): Promise<number | null> {
  if (order.paymentGateway !== "klarna" || !order.paymentReference) return null;
  const { captured } = await capturedSoFar(tx, order.id);
  const open = order.amountDue - captured;
  const amount = Math.max(0, Math.min(open, shipment.last ? open : shipment.amount));
  if (amount === 0) return null;
  const [row] = await tx
    .insert(paymentCaptures)
    .values({
      orderId: order.id,
      shipmentId: shipment.id,
      kind: "capture",
      gateway: order.paymentGateway,
      providerOrderId: order.paymentReference,
      amount,
      currency: order.currency,
    })
    .onConflictDoNothing()
    .returning({ id: paymentCaptures.id });
  if (!row) return null;
  await outbox.add(tx, SEND_CAPTURE_JOB, { id: row.id });
  return row.id;
}

/**
 * Gives money back for a provider-paid order: never more than was captured less what was already
 * refunded (a larger request is cut to what is left; nothing left records nothing).
 */
export async function recordRefund(
  tx: Tx,
  outbox: Outbox,
  order: OrderPaid,
  amount: number,
  shipmentId: number | null = null,
): Promise<{ id: number; amount: number } | null> {
  if (order.paymentGateway !== "klarna" || !order.paymentReference) return null;
  if (!Number.isInteger(amount) || amount < 0)
    throw new HttpError(400, "validation_failed", "The refund must be a whole amount in minor units.");
  const { captured, refunded } = await capturedSoFar(tx, order.id);
  const refundable = Math.min(amount, captured - refunded);
  if (refundable <= 0) return null;
  const [row] = await tx
    .insert(paymentCaptures)
    .values({
      orderId: order.id,
      shipmentId,
      kind: "refund",
      gateway: order.paymentGateway,
      providerOrderId: order.paymentReference,
      amount: refundable,
      currency: order.currency,
    })
    .returning({ id: paymentCaptures.id });
  if (!row) return null;
  await outbox.add(tx, SEND_CAPTURE_JOB, { id: row.id });
  return { id: row.id, amount: refundable };
}

/**
 * The job that sends a recorded capture or refund to the provider, with the row's id as the
 * idempotency key: a retry after a timeout gets the provider's first answer, not a second charge.
 * A provider refusal (4xx) marks the row failed for the operator; anything else is retried.
 */
export function sendCaptureJob(db: Db, provider: PaymentProvider | null) {
  return {
    name: SEND_CAPTURE_JOB,
    retryLimit: 12,
    run: async ({ id }: { id: number }) => {
      const [row] = await db.select().from(paymentCaptures).where(eq(paymentCaptures.id, id));
      if (!row || row.status !== "pending") return;
      if (!provider || provider.gateway !== row.gateway)
        throw new Error(`payment provider ${row.gateway} is not configured`);
      const key = `pitchside-${row.kind}-${row.id}`;
      const result =
        row.kind === "capture"
          ? await provider.capture(row.providerOrderId, row.amount, key)
          : await provider.refund(row.providerOrderId, row.amount, key);
      if (!result.ok && result.status >= 500) throw new Error(`${row.kind} ${row.id}: ${result.message}`);
      await db
        .update(paymentCaptures)
        .set(
          result.ok
            ? { status: "done", providerReference: result.value.reference, doneAt: new Date() }
            : { status: "failed", failure: `${result.code}: ${result.message}`.slice(0, 500) },
        )
        .where(eq(paymentCaptures.id, row.id));
    },
  };
}
