import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * An operator's receiver of the shop's events (decision 0054): an ERP, a warehouse, a marketing
 * tool. The secret signs every delivery (HMAC-SHA256); it is kept as written because signing needs it,
 * and shown once, when the endpoint is made.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: serial("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The event types this endpoint receives (see WEBHOOK_EVENT_TYPES). */
  events: text("events").array().notNull(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One thing that happened, as sent to every endpoint that wants it; kept so a delivery can be replayed. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_events_created_at_idx").on(t.createdAt)],
);

/** Each try of sending an event to an endpoint, with what the receiver answered (the delivery log). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out). */
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    check("webhook_deliveries_attempt_check", sql`${t.attempt} >= 1`),
  ],
);
