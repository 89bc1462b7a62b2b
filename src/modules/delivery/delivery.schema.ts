import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Translated } from "#kernel/translate.ts";
import { suppliers } from "../catalog/catalog.schema.ts";
import type { OpeningHours } from "../content/content.schema.ts";

/** How a market's packages can travel, per supplier (null = the shop's own warehouses). */
export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    market: text("market").notNull(),
    supplierId: integer("supplier_id").references(() => suppliers.id),
    name: jsonb("name").$type<Translated>().notNull(),
    infoText: jsonb("info_text").$type<Translated>().notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    /** Minor units of the market's currency. */
    price: integer("price").notNull(),
    /** Free at or above this cart total; null = never free. */
    freeDeliveryLimit: integer("free_delivery_limit"),
    icon: text("icon").notNull(),
    /** Carrier whose drop points this method delivers to; null = home delivery. */
    dropPointProvider: text("drop_point_provider"),
    isDefault: boolean("is_default").notNull().default(false),
    sort: integer("sort").notNull(),
  },
  (t) => [
    uniqueIndex("delivery_methods_key").on(t.market, t.supplierId, t.code),
    index("delivery_methods_market_idx").on(t.market),
  ],
);

export const dropPoints = pgTable(
  "drop_points",
  {
    id: serial("id").primaryKey(),
    externalId: text("external_id").notNull(),
    provider: text("provider").notNull(),
    countryCode: text("country_code").notNull(),
    /** The demo post code this point was generated near; lookups match on its first digits. */
    postCode: text("post_code").notNull(),
    name: text("name").notNull(),
    street: text("street").notNull(),
    street2: text("street2").notNull().default(""),
    zipcode: text("zipcode").notNull(),
    city: text("city").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    hours: jsonb("hours").$type<OpeningHours[]>().notNull(),
  },
  (t) => [
    uniqueIndex("drop_points_external_key").on(t.provider, t.externalId),
    index("drop_points_lookup_idx").on(t.provider, t.countryCode, t.postCode),
  ],
);
