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
 * Money taken or given back at a provider after the order: a capture when a shipment leaves, a
 * refund for goods returned. Written in the transaction that causes it and sent by a job (its id is
 * the provider's idempotency key), so a retry never captures or refunds twice.
 */
export const paymentCaptures = pgTable(
  "payment_captures",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").notNull(),
    shipmentId: integer("shipment_id"),
    kind: text("kind").$type<"capture" | "refund">().notNull(),
    gateway: text("gateway").notNull(),
    /** The provider's order (Klarna's order_id). */
    providerOrderId: text("provider_order_id").notNull(),
    /** Minor units of the order's currency. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"pending" | "done" | "failed">().notNull().default("pending"),
    /** The provider's capture or refund id, once it answered. */
    providerReference: text("provider_reference"),
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_captures_order_idx").on(t.orderId),
    uniqueIndex("payment_captures_shipment_kind_key").on(t.shipmentId, t.kind),
  ],
);
