import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";
import { products } from "../catalog/catalog.schema.ts";

/**
 * Favourites belong to a member, or to an anonymous visitor's session until they log in (then they
 * move to the member).
 */
export const favourites = pgTable(
  "favourites",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favourites_user_product_key").on(t.userId, t.productId).where(sql`${t.userId} is not null`),
    uniqueIndex("favourites_session_product_key")
      .on(t.sessionId, t.productId)
      .where(sql`${t.sessionId} is not null`),
    index("favourites_product_idx").on(t.productId),
  ],
);
