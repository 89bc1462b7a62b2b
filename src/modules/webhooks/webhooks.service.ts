import crypto from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { type Db, rows, type Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { JobDefinition, Outbox } from "#modules/jobs/job-queue.ts";
import { newWebhookSecret, SIGNATURE_HEADER, signWebhook } from "./webhook-signature.ts";
import type {
  WebhookDeliveryOutput,
  WebhookEndpointInput,
  WebhookEndpointOutput,
  WebhookEventType,
} from "./webhooks.contract.ts";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "./webhooks.schema.ts";

export const DELIVER_WEBHOOK_JOB = "webhooks.deliver";

/**
 * Retries of a delivery whose receiver failed: from one minute, doubling (with jitter), at most six
 * hours apart; 19 retries reach about three days after the first try (decision 0054).
 */
export const WEBHOOK_RETRY = { limit: 19, firstDelaySeconds: 60, maxDelaySeconds: 6 * 3600 } as const;

/** How long a receiver has to answer before the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Deliveries the operator's log lists, newest first. */
export const DELIVERIES_LISTED = 100;

interface DeliveryJob {
  eventId: string;
  endpointId: number;
}

/** How the shop tells other systems what happened: written with the change, sent by the job queue. */
export interface WebhookEvents {
  /** `data` may be a function: it is then read only when some endpoint wants the event. */
  emit(
    tx: Db | Tx,
    type: WebhookEventType,
    data: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  ): Promise<void>;
}

const notFound = () => new HttpError(404, "not_found", "There is no such webhook endpoint.");

function endpointOutput(row: typeof webhookEndpoints.$inferSelect): WebhookEndpointOutput {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    secret_hint: `${row.secret.slice(0, 10)}…`,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Registers a receiver. In production only https addresses are taken: the payloads carry orders and
 * e-mail addresses.
 */
export async function createEndpoint(db: Db, input: WebhookEndpointInput, options: { httpsOnly: boolean }) {
  if (options.httpsOnly && new URL(input.url).protocol !== "https:")
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", {
      url: ["Only https addresses receive the shop's events."],
    });
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      events: input.events,
      description: input.description ?? "",
      secret: newWebhookSecret(),
    })
    .returning();
  if (!row) throw new Error("The endpoint was not written.");
  return { ...endpointOutput(row), secret: row.secret };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpointOutput[]> {
  const found = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  return found.map(endpointOutput);
}

/** Removes an endpoint with its delivery log; deliveries still queued for it are dropped when due. */
export async function removeEndpoint(db: Db, id: number): Promise<void> {
  const removed = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  if (removed.length === 0) throw notFound();
}

export async function listDeliveries(db: Db, endpointId: number): Promise<WebhookDeliveryOutput[]> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw notFound();
  const found = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
  return found.map(({ delivery, type }) => ({
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: type,
    attempt: delivery.attempt,
    status_code: delivery.statusCode,
    error: delivery.error,
    duration_ms: delivery.durationMs,
    created_at: delivery.createdAt.toISOString(),
  }));
}

async function writeEvent(tx: Db | Tx, type: WebhookEventType, data: Record<string, unknown>) {
  const id = crypto.randomUUID();
  await tx.insert(webhookEvents).values({ id, type, payload: data });
  return id;
}

/**
 * The events of a transaction: each endpoint that wants the type gets a delivery job, added with the
 * caller's transaction (the outbox), so an event exists only if the change it tells of committed.
 * With no endpoint for the type nothing is written.
 */
export function webhookOutbox(outbox: Outbox): WebhookEvents {
  return {
    async emit(tx, type, data) {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(sql`${type} = any(${webhookEndpoints.events})`);
      if (endpoints.length === 0) return;
      const eventId = await writeEvent(tx, type, typeof data === "function" ? await data() : data);
      for (const endpoint of endpoints)
        await outbox.add(tx, DELIVER_WEBHOOK_JOB, { eventId, endpointId: endpoint.id } satisfies DeliveryJob);
    },
  };
}

/** Sends a `ping` event to one endpoint, so an operator can see a receiver answer (and verify the signature). */
export async function pingEndpoint(db: Db, outbox: Outbox, endpointId: number) {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw notFound();
    const eventId = await writeEvent(tx, "ping", { endpoint_id: endpointId });
    await outbox.add(tx, DELIVER_WEBHOOK_JOB, { eventId, endpointId } satisfies DeliveryJob);
    return { event_id: eventId, endpoint_id: endpointId };
  });
}

/** Sends a logged delivery's event to its endpoint once more (a receiver that lost it, or was fixed). */
export async function replayDelivery(db: Db, outbox: Outbox, deliveryId: number) {
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .select({ eventId: webhookDeliveries.eventId, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!delivery) throw new HttpError(404, "not_found", "There is no such delivery.");
    await outbox.add(tx, DELIVER_WEBHOOK_JOB, delivery satisfies DeliveryJob);
    return { event_id: delivery.eventId, endpoint_id: delivery.endpointId };
  });
}

/** The body a receiver gets: the event's id (its idempotency key), type, time and data. */
export function deliveryBody(event: { id: string; type: string; createdAt: Date; payload: unknown }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    data: event.payload,
  });
}

/**
 * One try of one delivery, as a job: the signed POST, its outcome logged, and a throw on anything but
 * a 2xx answer so the queue tries again later. Redirects are not followed (a receiver's address is
 * the one the operator registered). An endpoint removed meanwhile ends the delivery quietly.
 */
export function deliverWebhookJob(
  db: Db,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): JobDefinition<DeliveryJob> {
  const send = options.fetch ?? fetch;
  return {
    name: DELIVER_WEBHOOK_JOB,
    retryLimit: WEBHOOK_RETRY.limit,
    retryDelaySeconds: WEBHOOK_RETRY.firstDelaySeconds,
    retryDelayMaxSeconds: WEBHOOK_RETRY.maxDelaySeconds,
    run: async ({ eventId, endpointId }) => {
      const [found] = await db
        .select({ endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookEvents)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, endpointId))
        .where(eq(webhookEvents.id, eventId));
      if (!found) return;
      const { endpoint, event } = found;
      const body = deliveryBody(event);
      const started = performance.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        const response = await send(endpoint.url, {
          method: "POST",
          redirect: "manual",
          signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
          headers: {
            "content-type": "application/json",
            "user-agent": "Pitchside-Webhooks/1",
            [SIGNATURE_HEADER]: signWebhook(endpoint.secret, body),
            "pitchside-event-id": event.id,
            "pitchside-event-type": event.type,
          },
          body,
        });
        statusCode = response.status;
        await response.body?.cancel();
        if (statusCode < 200 || statusCode > 299) error = `The receiver answered ${statusCode}.`;
      } catch (failure) {
        error = failure instanceof Error ? failure.message.slice(0, 500) : "The receiver did not answer.";
      }
      const durationMs = Math.round(performance.now() - started);
      await rows(
        db,
        sql`insert into webhook_deliveries (endpoint_id, event_id, attempt, status_code, error, duration_ms)
            values (${endpointId}, ${eventId},
                    (select count(*) + 1 from webhook_deliveries
                      where endpoint_id = ${endpointId} and event_id = ${eventId}),
                    ${statusCode}, ${error}, ${durationMs})`,
      );
      if (error) throw new Error(`Webhook delivery to endpoint ${endpointId} failed: ${error}`);
    },
  };
}

/** The sizes of stock.low: stock that fell to the threshold or below with this change (not each sale after). */
export async function emitLowStock(
  tx: Tx,
  events: WebhookEvents,
  taken: readonly { sizeId: number; before: number; after: number }[],
  threshold: number,
): Promise<void> {
  const crossed = taken.filter((size) => size.before > threshold && size.after <= threshold);
  if (crossed.length === 0) return;
  const sizes = await rows<{ size_id: number; product_id: number; sku: string; size: string; stock: number }>(
    tx,
    sql`select ps.id as size_id, ps.product_id, ps.sku, ps.name as size, ps.stock from product_sizes ps
         where ps.id in ${crossed.map((size) => size.sizeId)}`,
  );
  await events.emit(tx, "stock.low", {
    threshold,
    sizes: sizes.map((size) => ({
      size_id: size.size_id,
      product_id: size.product_id,
      sku: size.sku,
      size: size.size,
      stock: size.stock,
    })),
  });
}

/** Events (and their delivery logs) are kept this long, for replays and support; then purged. */
export const WEBHOOK_EVENT_DAYS = 30;

export async function purgeWebhookEvents(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_EVENT_DAYS * 86_400_000);
  const purged = await db
    .delete(webhookEvents)
    .where(sql`${webhookEvents.createdAt} < ${before.toISOString()}::timestamptz`)
    .returning({ id: webhookEvents.id });
  return purged.length;
}
