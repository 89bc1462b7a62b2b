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
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";
import type { PackagePart } from "../cart/cart.schema.ts";
import type { StoredAddress } from "../markets/address-forms.ts";
import type { ShipmentStatus } from "./shipment-lifecycle.contract.ts";

/**
 * A placed order, priced and paid as it was when placed: nothing here is read from the catalogue
 * again. Amounts are minor units of `currency`. The order number shown is "ST" + id.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** The receipt's key: hard to guess, unlike the order number. */
    token: uuid("token").notNull().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    cartId: integer("cart_id"),
    market: text("market").notNull(),
    locale: text("locale").notNull(),
    currency: text("currency").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    billingAddress: jsonb("billing_address").$type<StoredAddress>().notNull(),
    deliveryAddress: jsonb("delivery_address").$type<StoredAddress>().notNull(),
    status: text("status")
      .$type<"placed" | "shipped" | "completed" | "cancelled">()
      .notNull()
      .default("placed"),
    comment: text("comment").notNull().default(""),
    goodsTotal: integer("goods_total").notNull(),
    discountTotal: integer("discount_total").notNull(),
    voucherTotal: integer("voucher_total").notNull(),
    deliveryTotal: integer("delivery_total").notNull(),
    paymentFee: integer("payment_fee").notNull(),
    vatTotal: integer("vat_total").notNull(),
    total: integer("total").notNull(),
    giftCardTotal: integer("gift_card_total").notNull(),
    /** What the payment method was charged: the total less the gift cards. */
    amountDue: integer("amount_due").notNull(),
    paymentGateway: text("payment_gateway").notNull(),
    paymentMethod: text("payment_method").notNull(),
    /** The payment's merchant reference; one order per reference, however often the result arrives. */
    paymentReference: text("payment_reference"),
    coupons: jsonb("coupons").$type<{ code: string; amount: number }[]>().notNull(),
    giftCards: jsonb("gift_cards").$type<{ id: number; last4: string; amount: number }[]>().notNull(),
    subscribeNewsletters: boolean("subscribe_newsletters").notNull().default(false),
    source: text("source").notNull().default(""),
    device: text("device").notNull().default(""),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_token_key").on(t.token),
    uniqueIndex("orders_payment_reference_key").on(t.paymentReference),
    index("orders_user_idx").on(t.userId, t.createdAt),
  ],
);

export interface PickupAddress {
  id: number;
  name: string;
  street: string;
  street2: string;
  zip: string;
  city: string;
}

/** One package of an order: the goods of one supplier and how they travel. */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    supplierId: integer("supplier_id"),
    supplierName: text("supplier_name").notNull(),
    deliveryMethodId: integer("delivery_method_id").notNull(),
    deliveryMethodName: text("delivery_method_name").notNull(),
    infoText: text("info_text").notNull().default(""),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    pickupAddress: jsonb("pickup_address").$type<PickupAddress>(),
    deliveryCost: integer("delivery_cost").notNull(),
    /** Where the package is: see SHIPMENT_STATUSES and decision 0033. */
    status: text("status").$type<ShipmentStatus>().notNull().default("placed"),
    /** The carrier's public tracking page for this parcel, built from carrier and tracking number. */
    trackAndTrace: text("track_and_trace"),
    /** The carrier's code (carriers.ts) and the parcel's number at that carrier, from shipping on. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** When the parcel was delivered: the return window counts from here. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [index("order_shipments_order_idx").on(t.orderId)],
);

/**
 * Every change of a package's status, once: an idempotent repeat writes nothing here. `source` says
 * who made it (the operator API or the pitchside command).
 */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<ShipmentStatus>().notNull(),
    toStatus: text("to_status").$type<ShipmentStatus>().notNull(),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    source: text("source").$type<"api" | "cli">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shipment_events_shipment_idx").on(t.shipmentId, t.id)],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    sizeId: integer("size_id"),
    productName: text("product_name").notNull(),
    productBrand: text("product_brand").notNull(),
    productUrl: text("product_url").notNull(),
    imageUrl: text("image_url").notNull(),
    sizeName: text("size_name"),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    unitRrp: integer("unit_rrp").notNull(),
    vatRate: doublePrecision("vat_rate").notNull(),
    lineTotal: integer("line_total").notNull(),
    lineTotalRrp: integer("line_total_rrp").notNull(),
    packageParts: jsonb("package_parts").$type<PackagePart[]>(),
    sublines: jsonb("sublines")
      .$type<{ product: string; product_id: number | null; image_url: string | null; total: number }[]>()
      .notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/**
 * A member's return of goods from a delivered package of the shop's own warehouse. It is
 * `requested` until the parcel reaches the warehouse, then `received`: only then is the stock put
 * back and the refund recorded. Shown as "R" + id.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<"requested" | "received">().notNull().default("requested"),
    /** Minor units of the order's currency, recorded when the return is received. */
    refundAmount: integer("refund_amount"),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_returns_order_idx").on(t.orderId)],
);

export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    id: serial("id").primaryKey(),
    returnId: integer("return_id")
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [
    index("order_return_lines_return_idx").on(t.returnId),
    index("order_return_lines_line_idx").on(t.orderLineId),
  ],
);
