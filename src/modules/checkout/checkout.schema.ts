import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { carts } from "../cart/cart.schema.ts";
import type { StoredAddress } from "../markets/address-forms.ts";
import { paymentMethods } from "../payments/payments.schema.ts";

/** The delivery chosen for one package: "own" for the shop's warehouses, else the supplier's id. */
export interface DeliveryChoice {
  methodId: number;
  dropPointId: number | null;
}

export interface ReviewChoices {
  subscribeNewsletters: boolean;
  source: string;
  device: string;
  /** The order total the shopper reviewed (minor units); the order is refused at any other total. */
  reviewedTotal?: number | null;
  /** The market and language the choices were made in: a guest's abandoned-bag reminder uses them. */
  market?: string;
  locale?: string;
}

/**
 * The checkout's progress on a bag: who it goes to, how each package travels, how it is paid. Prices
 * are never kept here; the order is priced again when it is placed.
 */
export const checkoutSessions = pgTable("checkout_sessions", {
  cartId: integer("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  email: text("email"),
  deliveryAddress: jsonb("delivery_address").$type<StoredAddress>(),
  billingAddress: jsonb("billing_address").$type<StoredAddress>(),
  delivery: jsonb("delivery").$type<Record<string, DeliveryChoice>>().notNull().default({}),
  postNumber: text("post_number").notNull().default(""),
  smsNumber: text("sms_number").notNull().default(""),
  paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id),
  comment: text("comment").notNull().default(""),
  /** The reference the current payment attempts carry; a new one after each order. */
  paymentReference: text("payment_reference"),
  /** What the shopper agreed to on the review step, kept until the card payment's result arrives. */
  review: jsonb("review").$type<ReviewChoices>(),
  /** A pay-later authorisation handed over by the browser, checked with the provider. */
  authorizationToken: text("authorization_token"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
