import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
