import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { carts } from "../cart/cart.schema.ts";
import { suppliers, type Translated } from "../catalog/catalog.schema.ts";
import type { OpeningHours } from "../content/content.schema.ts";
import type { AddressFieldName } from "../markets/address-forms.ts";

/** How a market's packages can travel, per supplier (null = the shop's own warehouses). */
export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    market: text("market").notNull(),
    supplierId: integer("supplier_id").references(() => suppliers.id),
    name: jsonb("name").$type<Translated>().notNull(),
    infoText: jsonb("info_text").$type<Translated>().notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    /** Minor units of the market's currency. */
    price: integer("price").notNull(),
    /** Free at or above this cart total; null = never free. */
    freeDeliveryLimit: integer("free_delivery_limit"),
    icon: text("icon").notNull(),
    /** Carrier whose drop points this method delivers to; null = home delivery. */
    dropPointProvider: text("drop_point_provider"),
    isDefault: boolean("is_default").notNull().default(false),
    sort: integer("sort").notNull(),
  },
  (t) => [
    uniqueIndex("delivery_methods_key").on(t.market, t.supplierId, t.code),
    index("delivery_methods_market_idx").on(t.market),
  ],
);

export const dropPoints = pgTable(
  "drop_points",
  {
    id: serial("id").primaryKey(),
    externalId: text("external_id").notNull(),
    provider: text("provider").notNull(),
    countryCode: text("country_code").notNull(),
    /** The demo post code this point was generated near; lookups match on its first digits. */
    postCode: text("post_code").notNull(),
    name: text("name").notNull(),
    street: text("street").notNull(),
    street2: text("street2").notNull().default(""),
    zipcode: text("zipcode").notNull(),
    city: text("city").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    hours: jsonb("hours").$type<OpeningHours[]>().notNull(),
  },
  (t) => [
    uniqueIndex("drop_points_external_key").on(t.provider, t.externalId),
    index("drop_points_lookup_idx").on(t.provider, t.countryCode, t.postCode),
  ],
);

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

/** A stored address: the address form's values (country as its three-letter code). */
export type StoredAddress = Partial<Record<AddressFieldName, string>>;

/** The delivery chosen for one package: "own" for the shop's warehouses, else the supplier's id. */
export interface DeliveryChoice {
  methodId: number;
  dropPointId: number | null;
}

export interface ReviewChoices {
  subscribeNewsletters: boolean;
  source: string;
  device: string;
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
