import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";
import { productSizes, products } from "../catalog/catalog.schema.ts";
import { giftCards, vouchers } from "./vouchers.schema.ts";

/**
 * A shopping bag. It belongs to a member, or to an anonymous visitor's session until they log in
 * (then its lines join the member's bag). Prices are never stored: every read prices the lines in the
 * visitor's market.
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the one abandoned-bag reminder for the bag's current lines was claimed (decision 0058);
     * cleared when the bag is ordered, so a later bag can be reminded once again.
     */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("carts_user_key").on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex("carts_session_key").on(t.sessionId).where(sql`${t.sessionId} is not null`),
  ],
);

/** A customised print on a line: the shirt's name and number, flag, marker, print type. */
export interface LineCustomization {
  name: string;
  number: string;
  marker: string;
  player_flag: string;
  print_type: string;
}

/** The size chosen for each item of a package line. */
export interface PackagePart {
  product_id: number;
  size_id: number;
}

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Null for a package line: its parts carry the sizes. */
    sizeId: integer("size_id").references(() => productSizes.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    packageParts: jsonb("package_parts").$type<PackagePart[]>(),
    customization: jsonb("customization").$type<LineCustomization>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cart_lines_cart_idx").on(t.cartId),
    // One line per size without a print: an add of that size grows it, in one statement
    // (`on conflict`), whatever else is added to the bag at the same moment (decision 0060).
    uniqueIndex("cart_lines_unprinted_size_idx")
      .on(t.cartId, t.productId, t.sizeId)
      .where(sql`${t.customization} is null`),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Vouchers entered on a bag; checked again (dates, use, minimum order) on every read. */
export const cartVouchers = pgTable(
  "cart_vouchers",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.voucherId] })],
);

/** Gift cards entered on a bag to pay part of the order; the balance is taken when the order is placed. */
export const cartGiftCards = pgTable(
  "cart_gift_cards",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    giftCardId: integer("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.giftCardId] })],
);

/** A shared bag: a copy of its lines when it was shared, opened by anyone with the link. */
export interface SharedItem {
  product_id: number;
  size_id: number | null;
  quantity: number;
  package_parts: PackagePart[] | null;
  customization: LineCustomization | null;
}

export const sharedCarts = pgTable("shared_carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  items: jsonb("items").$type<SharedItem[]>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The "back to your bag" link of an abandoned-bag reminder: only the token's SHA-256 is stored, with
 * a copy of the lines as they were reminded (the guest's bag may be purged before the link is used).
 * It restores lines and nothing else: never the checkout's address, never a log-in.
 */
export const bagRestoreTokens = pgTable(
  "bag_restore_tokens",
  {
    id: serial("id").primaryKey(),
    /** The reminded bag (null once a guest's bag is purged); its tokens go when it is ordered (emptyBag). */
    cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    items: jsonb("items").$type<SharedItem[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bag_restore_tokens_hash_key").on(t.tokenHash),
    index("bag_restore_tokens_cart_idx").on(t.cartId),
  ],
);

/**
 * The unsubscribe link of a reminder mail (decision 0058): one per mail, only the token's SHA-256
 * kept, naming the address (and the member, when a member was mailed) whose consent it withdraws.
 * It works without a log-in for a year; using it again says it is done already.
 */
export const reminderUnsubscribeTokens = pgTable(
  "reminder_unsubscribe_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    /** The member mailed; null for a guest. An account's deletion takes its links with it. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the link withdrew the consent (the first time it was used). */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("reminder_unsubscribe_tokens_expiry_idx").on(t.expiresAt)],
);

/**
 * Guests' addresses that asked for no more reminders (decision 0058), lower-cased: no reminder goes
 * to them again, whatever a later checkout's box says. A member's withdrawal turns the account's
 * newsletter consent off instead.
 */
export const reminderOptOuts = pgTable("reminder_opt_outs", {
  email: text("email").primaryKey(),
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }).notNull().defaultNow(),
  /** How: the page's button, or a mail client's one-click (RFC 8058). */
  via: text("via").$type<"page" | "one-click">().notNull(),
});
