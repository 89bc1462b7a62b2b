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
    status: text("status").notNull().default("received"),
    trackAndTrace: text("track_and_trace"),
  },
  (t) => [index("order_shipments_order_idx").on(t.orderId)],
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
