import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Adyen's standard notifications as received (HMAC checked first): one row per payment and event,
 * so a notification Adyen sends again is stored and processed once.
 */
export const adyenNotifications = pgTable(
  "adyen_notifications",
  {
    id: serial("id").primaryKey(),
    pspReference: text("psp_reference").notNull(),
    originalReference: text("original_reference"),
    eventCode: text("event_code").notNull(),
    merchantReference: text("merchant_reference").notNull(),
    success: boolean("success").notNull(),
    /** Minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("adyen_notifications_event_key").on(t.pspReference, t.eventCode)],
);

/**
 * Captures, refunds and cancels asked of Adyen for an authorised payment: written in the
 * transaction that causes them, sent from the job queue with the row's own idempotency key (a retry
 * never takes or gives back money twice), confirmed by Adyen's notification.
 */
export const adyenModifications = pgTable(
  "adyen_modifications",
  {
    id: serial("id").primaryKey(),
    attemptId: integer("attempt_id").notNull(),
    /** The payment's pspReference at Adyen. */
    paymentPspReference: text("payment_psp_reference").notNull(),
    orderId: integer("order_id"),
    kind: text("kind").$type<"capture" | "refund" | "cancel">().notNull(),
    /** Minor units; 0 for a cancel. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status")
      .$type<"pending" | "received" | "confirmed" | "failed">()
      .notNull()
      .default("pending"),
    /** The modification's own pspReference, once Adyen received it. */
    pspReference: text("psp_reference"),
    failure: text("failure"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("adyen_modifications_attempt_idx").on(t.attemptId),
    index("adyen_modifications_psp_idx").on(t.pspReference),
    uniqueIndex("adyen_modifications_idempotency_key").on(t.idempotencyKey),
  ],
);
