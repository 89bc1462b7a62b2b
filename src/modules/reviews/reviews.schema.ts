import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";
import { products } from "../catalog/catalog.schema.ts";

/**
 * A shopper's rating (1–5) and review of a product (decision 0044). Members write one per product,
 * and only of a product that reached them in a delivered package (`verified`). The text is plain text;
 * the operator hides a review (`hidden_at`) rather than deleting it. The author's display name is
 * kept as written, so that a deleted account leaves an anonymous review behind.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    /** The language the review was written in (the shopper's UI locale then). */
    locale: text("locale").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    verified: boolean("verified").notNull().default(true),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_reviews_product_user_key").on(t.productId, t.userId),
    index("product_reviews_product_idx").on(t.productId, t.createdAt),
    check("product_reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
