import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.schema.ts";

/**
 * A member's request to change their e-mail address (decision 0027): at most one per member, a newer
 * request replaces it. The address changes only when the link mailed to `new_email` is followed;
 * only the SHA-256 of the link's token is stored. The row stays after confirmation or expiry, so the
 * link's page can say "already done" or "expired", until the scheduled purge removes it.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower-cased, like users.email. */
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_changes_token_key").on(table.tokenHash),
    index("email_changes_expires_idx").on(table.expiresAt),
  ],
);
