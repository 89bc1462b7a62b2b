import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Translated } from "#kernel/translate.ts";

/**
 * What a payment provider answered for one attempt. No card number, expiry or security code is ever
 * stored: the built-in card provider keeps only the outcome, like a real one tells the shop.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    gateway: text("gateway").notNull(),
    /** Minor units, as sent to the provider. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"authorised" | "refused" | "cancelled" | "captured">().notNull(),
    pspReference: text("psp_reference").notNull(),
    /** A pay-later provider's authorisation token. */
    authorizationToken: text("authorization_token"),
    refusalReason: text("refusal_reason"),
    /**
     * The market paid in (Adyen and Klarna): its configuration took the payment, so a cancel of an
     * authorisation no order kept goes out with the same account (decision 0059).
     */
    market: text("market"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_attempts_psp_key").on(t.pspReference),
    uniqueIndex("payment_attempts_token_key").on(t.authorizationToken),
    index("payment_attempts_reference_idx").on(t.reference),
  ],
);

/** How a market's shoppers can pay: the gateway that takes the payment and the fee it costs. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: serial("id").primaryKey(),
    market: text("market").notNull(),
    gateway: text("gateway").$type<"test-card" | "test-bnpl" | "giftcard" | "cod">().notNull(),
    type: text("type").notNull(),
    name: jsonb("name").$type<Translated>().notNull(),
    /** Minor units of the market's currency. */
    fee: integer("fee").notNull().default(0),
    icons: jsonb("icons").$type<string[]>().notNull(),
    sort: integer("sort").notNull(),
  },
  (t) => [uniqueIndex("payment_methods_key").on(t.market, t.gateway, t.type)],
);

/**
 * Money taken, given back or let go at a provider after the order: a capture when a Klarna
 * package ships or an Adyen order is placed, a refund for a cancelled package or a received return,
 * a cancel of an authorisation nothing was captured of. Written in the transaction that causes it
 * and sent by the job `payments.send-capture` with the row's own idempotency key, so a retry never
 * captures or refunds twice.
 */
export const paymentCaptures = pgTable(
  "payment_captures",
  {
    id: serial("id").primaryKey(),
    /** Null only for a cancel of an authorisation no order took. */
    orderId: integer("order_id"),
    /** The package whose shipping (capture) or cancelling (refund) caused it. */
    shipmentId: integer("shipment_id"),
    /** The return whose receipt caused the refund. */
    returnId: integer("return_id"),
    kind: text("kind").$type<"capture" | "refund" | "cancel">().notNull(),
    gateway: text("gateway").notNull(),
    /** The provider's order (Klarna's order_id) or payment (Adyen's pspReference). */
    providerOrderId: text("provider_order_id").notNull(),
    /** Minor units of the order's currency; 0 for a cancel. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /**
     * pending: not answered yet; received: the provider took it, its outcome comes by notification
     * (Adyen); done; failed: refused, for the operator; void: a capture never sent because the
     * order was cancelled first (its authorisation is cancelled instead).
     */
    status: text("status")
      .$type<"pending" | "received" | "done" | "failed" | "void">()
      .notNull()
      .default("pending"),
    /** The provider's capture, refund or cancel id (Adyen's pspReference of it), once it answered. */
    providerReference: text("provider_reference"),
    failure: text("failure"),
    /** Sent with every try of this row, so the provider answers a retry with its first answer. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The first time the job sent it: a row once sent is never made void (the provider may have acted). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_captures_order_idx").on(t.orderId),
    index("payment_captures_provider_reference_idx").on(t.providerReference),
    uniqueIndex("payment_captures_shipment_kind_key").on(t.shipmentId, t.kind),
    uniqueIndex("payment_captures_return_kind_key").on(t.returnId, t.kind),
    uniqueIndex("payment_captures_idempotency_key").on(t.idempotencyKey),
    // One capture of an order placed (Adyen) and one cancel per authorisation.
    uniqueIndex("payment_captures_order_capture_key")
      .on(t.orderId)
      .where(sql`${t.kind} = 'capture' and ${t.shipmentId} is null`),
    uniqueIndex("payment_captures_cancel_key")
      .on(t.gateway, t.providerOrderId)
      .where(sql`${t.kind} = 'cancel'`),
  ],
);
