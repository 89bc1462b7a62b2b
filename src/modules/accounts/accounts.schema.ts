import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased; the username of the spec's profile. */
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    name: text("name").notNull().default(""),
    gender: text("gender"),
    teamsportAssociation: text("teamsport_association"),
    newsletter: boolean("newsletter").notNull().default(false),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    sms: boolean("sms").notNull().default(false),
    frequency: text("frequency").notNull().default("usual"),
    locale: text("locale").notNull().default("en"),
    market: text("market").notNull().default("dk"),
    emailValidatedAt: timestamp("email_validated_at", { withTimezone: true }),
    oauthProvider: text("oauth_provider"),
    oauthSubject: text("oauth_subject"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    uniqueIndex("users_oauth_key").on(table.oauthProvider, table.oauthSubject),
  ],
);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a leaked
 * table does not hand out live sessions. Anonymous visitors have rows too (user_id null).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_expires_idx").on(table.expiresAt)],
);

/** One-time links sent by mail: e-mail validation and password reset. Only hashes are stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"validate_email" | "reset_password">().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("auth_tokens_hash_key").on(table.tokenHash)],
);

/**
 * Fixed-window counters for rate limits kept in the database, so that every process behind a load
 * balancer counts the same attempts.
 */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
