import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { productSizes, products } from "#modules/catalog/catalog.schema.ts";

/**
 * Back-in-stock alerts: one e-mail when the size is in stock again (notified_at marks it sent).
 * The newsletter opt-in given with the alert is kept with it.
 *
 * Double opt-in (decision 0028): a sign-up is unconfirmed until the link mailed to the address is
 * used (confirmed_at). Only the link's token hash is kept; the link works until token_expires_at,
 * and confirm_mailed_at is when it was last mailed (a sign-up again re-sends it at most every few
 * minutes). An unconfirmed alert is never mailed about the size and is purged once expired.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sizeId: integer("size_id")
      .notNull()
      .references(() => productSizes.id, { onDelete: "cascade" }),
    newsletter: boolean("newsletter").notNull().default(false),
    locale: text("locale").notNull(),
    market: text("market").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** SHA-256 of the confirmation link's token (the token itself is only in the mail). */
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    confirmMailedAt: timestamp("confirm_mailed_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_pending_key").on(t.sizeId, t.email).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_size_idx").on(t.sizeId),
    uniqueIndex("stock_alerts_token_key").on(t.tokenHash),
    index("stock_alerts_unconfirmed_idx").on(t.tokenExpiresAt).where(sql`${t.confirmedAt} is null`),
  ],
);
