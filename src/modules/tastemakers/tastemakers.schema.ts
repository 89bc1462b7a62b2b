import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";

/**
 * Applications to the tastemaker (influencer) programme: one per member, kept until the member's
 * account goes. Values are the contract's list values (decision 0031); `locale` and `market` are
 * where the member applied, so a reviewer knows which minimum age held.
 */
export const tastemakerApplications = pgTable(
  "tastemaker_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    birthYear: integer("birth_year").notNull(),
    gender: text("gender").notNull(),
    position: text("position").notNull(),
    bootSize: text("boot_size").notNull(),
    level: text("level").notNull(),
    favoriteBrand: text("favorite_brand"),
    phoneNumber: text("phone_number"),
    motivation: text("motivation").notNull(),
    instagram: text("instagram"),
    instagramFollowers: text("instagram_followers"),
    instagramAccount: text("instagram_account"),
    tiktok: text("tiktok"),
    tiktokFollowers: text("tiktok_followers"),
    tiktokAccount: text("tiktok_account"),
    youtube: text("youtube"),
    youtubeFollowers: text("youtube_followers"),
    locale: text("locale").notNull(),
    market: text("market").notNull(),
    /** received → accepted or declined, by a reviewer (`pitchside tastemakers decide`). */
    status: text("status").notNull().default("received"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("tastemaker_applications_user_key").on(table.userId)],
);
