import { z } from "zod";

/** The events an endpoint can ask for (decision 0054); `ping` is only sent on the operator's request. */
export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.cancelled",
  "shipment.updated",
  "return.created",
  "return.received",
  "stock.low",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "ping";

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/**
 * A new endpoint: an absolute http(s) address without credentials in it, one or more known event
 * types (each once), and an optional description. Whether plain http is allowed depends on where the
 * shop runs (only https in production), checked by the service.
 */
export const webhookEndpointInput = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX, { error: `At most ${WEBHOOK_URL_MAX} characters.` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { error: "An absolute http(s) address without a user name or password." },
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `One of ${WEBHOOK_EVENT_TYPES.join(", ")}.` }))
    .min(1, { error: "At least one event type." })
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((events) => new Set(events).size === events.length, { error: "Each event type once." }),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;

export const webhookEndpointOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  /** The secret's first characters, so an operator can tell which one a receiver holds. */
  secret_hint: z.string(),
  created_at: z.string(),
});
export type WebhookEndpointOutput = z.infer<typeof webhookEndpointOutput>;

/** The answer to making an endpoint: the only time its whole secret is shown. */
export const webhookEndpointCreatedOutput = webhookEndpointOutput.extend({ secret: z.string() });

export const webhookEndpointsOutput = z.object({ items: z.array(webhookEndpointOutput) });

export const webhookDeliveryOutput = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: z.string(),
});
export type WebhookDeliveryOutput = z.infer<typeof webhookDeliveryOutput>;

export const webhookDeliveriesOutput = z.object({ items: z.array(webhookDeliveryOutput) });

/** What queueing a ping or a replay answers: the event on its way, delivered by the job queue. */
export const webhookQueuedOutput = z.object({ event_id: z.string(), endpoint_id: z.number().int() });

export const emptyWebhookInput = z.object({}).nullish();
