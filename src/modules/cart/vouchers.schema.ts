import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    /** Upper case, as shoppers type it after normalising. */
    code: text("code").notNull(),
    kind: text("kind").$type<"percentage" | "fixed" | "free_delivery">().notNull(),
    /** Percent for percentage vouchers; minor units of `currency` for fixed ones. */
    value: integer("value").notNull(),
    /** Currency of a fixed amount and of the minimum order; null = any (percentage, free delivery). */
    currency: text("currency"),
    minimumOrder: integer("minimum_order").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validTo: timestamp("valid_to", { withTimezone: true }).notNull(),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
  },
  (t) => [uniqueIndex("vouchers_code_key").on(t.code)],
);

/**
 * The shop's gift cards. A code is a bearer secret: only its keyed hash is stored, plus the last
 * four characters to show on receipts.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: serial("id").primaryKey(),
    codeHash: text("code_hash").notNull(),
    last4: text("last4").notNull(),
    currency: text("currency").notNull(),
    initialBalance: integer("initial_balance").notNull(),
    balance: integer("balance").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_key").on(t.codeHash),
    index("gift_cards_expiry_idx").on(t.expiresAt),
    check("gift_cards_balance_not_negative", sql`${t.balance} >= 0`),
  ],
);
