import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.schema.ts";

/** A member's saved address, with the spec's field names (post_nummer, addr_number, town…). */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    company: text("company").notNull().default(""),
    address: text("address").notNull(),
    address2: text("address2").notNull().default(""),
    addrNumber: text("addr_number").notNull().default(""),
    postNummer: text("post_nummer").notNull(),
    town: text("town").notNull(),
    /** Three-letter shop country code (dnk, deu, …). */
    country: text("country").notNull(),
    state: text("state").notNull().default(""),
    phone: text("phone").notNull().default(""),
    defaultDelivery: boolean("default_delivery").notNull().default(false),
    defaultBilling: boolean("default_billing").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);
