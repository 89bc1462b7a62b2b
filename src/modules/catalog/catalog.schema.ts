import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
} from "drizzle-orm/pg-core";
import type { Translated } from "#kernel/translate.ts";

/** Text in every UI locale, English as the fallback: { en: "…", da: "…", … }. */

export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** Brand colours used to draw the logo and the product art. */
    primaryColor: text("primary_color").notNull(),
    accentColor: text("accent_color").notNull(),
    hasLogo: boolean("has_logo").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("brands_slug_key").on(t.slug)],
);

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id"),
    slug: text("slug").notNull(),
    /** Slash-joined slugs from the root, e.g. football-boots/firm-ground. */
    path: text("path").notNull(),
    name: jsonb("name").$type<Translated>().notNull(),
    description: jsonb("description").$type<Translated>().notNull(),
    itemType: text("item_type"),
    bootSurface: text("boot_surface"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug), index("categories_parent_idx").on(t.parentId)],
);

export const suppliers = pgTable(
  "suppliers",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    /** "Warehouse" is the shop's own stock and is shown under the shop's name. */
    name: text("name").notNull(),
    isMarketplace: boolean("is_marketplace").notNull().default(false),
    minDeliveryDays: integer("min_delivery_days").notNull(),
    maxDeliveryDays: integer("max_delivery_days").notNull(),
  },
  (t) => [uniqueIndex("suppliers_code_key").on(t.code)],
);

export interface ProductColour {
  name: string;
  hex: string;
}

/**
 * A specification row. `name` and `value` are the stable words rules and search use (English);
 * `nameText` and `valueText` are what the shopper reads, per locale (decision 0041).
 */
export interface Specification {
  name: string;
  value: string;
  nameText?: Translated;
  valueText?: Translated;
}

/** A choice of a print option: `value` is stored on the order line, `labelText` is shown per locale. */
export interface CustomizationChoice {
  value: string;
  label: string;
  labelText?: Translated;
}

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    /** The manufacturer's style code, unique per colourway. */
    style: text("style").notNull(),
    /** Colourways of one model share it: they are each other's colour variants. */
    model: text("model").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    relativeUrl: text("relative_url").notNull(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    itemType: text("item_type").notNull(),
    /** The colour filter's value: the colourway's main colour. */
    color: text("color").notNull(),
    colours: jsonb("colours").$type<ProductColour[]>().notNull(),
    bootSurface: text("boot_surface"),
    ageGroup: text("age_group").$type<"adult" | "junior" | "kids">().notNull(),
    specifications: jsonb("specifications").$type<Specification[]>().notNull(),
    description: jsonb("description").$type<Translated>().notNull(),
    labels: jsonb("labels").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    online: boolean("online").notNull().default(true),
    isExclusive: boolean("is_exclusive").notNull().default(false),
    excludedFromDiscounts: boolean("excluded_from_discounts").notNull().default(false),
    isPreorder: boolean("is_preorder").notNull().default(false),
    isCustomizable: boolean("is_customizable").notNull().default(false),
    isPackage: boolean("is_package").notNull().default(false),
    isGiftcard: boolean("is_giftcard").notNull().default(false),
    has360: boolean("has_360").notNull().default(false),
    /** Id of the product video at the video host, when there is one. */
    videoId: text("video_id"),
    imageCount: integer("image_count").notNull(),
    /** Sales rank input: higher sells more. */
    popularity: integer("popularity").notNull().default(0),
    onlineAt: timestamp("online_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_style_key").on(t.style),
    uniqueIndex("products_slug_key").on(t.slug),
    index("products_category_idx").on(t.categoryId),
    index("products_brand_idx").on(t.brandId),
    index("products_item_type_idx").on(t.itemType, t.popularity),
    index("products_model_idx").on(t.model),
  ],
);

/** One row per size (SKU): stock, who ships it, and what the flagship store holds. */
export const productSizes = pgTable(
  "product_sizes",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    nameShort: text("name_short").notNull(),
    sort: integer("sort").notNull(),
    stock: integer("stock").notNull(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    storeStock: integer("store_stock").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_sizes_sku_key").on(t.sku),
    index("product_sizes_product_idx").on(t.productId),
    check("product_sizes_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

/**
 * Which products a stock change changed, under the stock revision it moved to (migration 0032, written
 * by a trigger on product_sizes): a process reads again only their cards (decision 0097).
 */
export const productStockChanges = pgTable(
  "product_stock_changes",
  {
    revision: bigint("revision", { mode: "number" }).notNull(),
    productId: integer("product_id").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "product_stock_changes_pk", columns: [t.revision, t.productId] })],
);

/** Today's price per currency, in minor units, with the recommended retail price. */
export const productPrices = pgTable(
  "product_prices",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    price: integer("price").notNull(),
    rrp: integer("rrp").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.currency] }),
    index("product_prices_currency_idx").on(t.currency, t.price),
  ],
);

/** Every price a product has had, so the lowest price of the last 30 days can be shown (Omnibus). */
export const priceHistory = pgTable(
  "price_history",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    price: integer("price").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validTo: timestamp("valid_to", { withTimezone: true }),
  },
  (t) => [index("price_history_product_idx").on(t.productId, t.currency, t.validFrom)],
);

/** A package (a kit) and the products it is made of, each chosen in its own size. */
export const packageItems = pgTable(
  "package_items",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.productId] })],
);

export type CustomizationType = "name" | "number" | "marker" | "player_flag" | "print_type" | "engraving";

export const customizationOptions = pgTable(
  "customization_options",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    type: text("type").$type<CustomizationType>().notNull(),
    title: jsonb("title").$type<Translated>().notNull(),
    description: jsonb("description").$type<Translated>().notNull(),
    maxLength: integer("max_length"),
    /** Price per currency in minor units. */
    prices: jsonb("prices").$type<Record<string, number>>().notNull(),
    /** For choices (print type, player flag): the values offered. */
    choices: jsonb("choices").$type<CustomizationChoice[]>().notNull().default(sql`'[]'::jsonb`),
    maxDays: integer("max_days").notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("customization_options_product_idx").on(t.productId)],
);

export const productMessages = pgTable(
  "product_messages",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    text: jsonb("text").$type<Translated>().notNull(),
  },
  (t) => [index("product_messages_product_idx").on(t.productId)],
);

export const sellingPoints = pgTable("selling_points", {
  id: serial("id").primaryKey(),
  headline: jsonb("headline").$type<Translated>().notNull(),
  body: jsonb("body").$type<Translated>().notNull(),
  icon: text("icon").notNull(),
  /** Item types the point applies to; empty = every product. */
  tags: jsonb("tags").$type<string[]>().notNull(),
  sort: integer("sort").notNull(),
});

/** Buy the trigger product, get the benefit items at a discount. */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<Translated>().notNull(),
    benefitProductIds: jsonb("benefit_product_ids").$type<number[]>().notNull(),
    discountPercentage: integer("discount_percentage").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    validTo: timestamp("valid_to", { withTimezone: true }).notNull(),
  },
  (t) => [index("promotions_product_idx").on(t.productId)],
);

/**
 * A size guide per item type and age group (boots EU/UK/US/cm, shirts and gloves by measurement).
 * The first cell of a row is the size as the catalogue names it, so the product's own sizes can be
 * marked; numbers are written with a full stop and shown in the shopper's number format.
 */
export const sizeGuides = pgTable(
  "size_guides",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** The item types (products.item_type) and age groups (products.age_group) it is for. */
    itemTypes: jsonb("item_types").$type<string[]>().notNull(),
    ageGroups: jsonb("age_groups").$type<string[]>().notNull(),
    title: jsonb("title").$type<Translated>().notNull(),
    /** How to measure, in a sentence or two. */
    howToMeasure: jsonb("how_to_measure").$type<Translated>().notNull(),
    columns: jsonb("columns").$type<Translated[]>().notNull(),
    rows: jsonb("rows").$type<string[][]>().notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [uniqueIndex("size_guides_slug_key").on(t.slug)],
);

/** Where a picture's copy stands: queued or retrying, in the shop's storage, refused, or given up. */
export type PictureCopyState = "pending" | "stored" | "refused" | "failed";

/**
 * A product's pictures as an imported catalogue gives them (decision 0055): their addresses at the
 * source (http(s), or a `file:` URL for a path beside the import file) and alt text, in order, and
 * the copy the job queue makes of each into the shop's own media storage (`stored_path`, the file's
 * name under MEDIA_DIR/pictures). The storefront shows the stored copies; a product with none shows
 * the shop's own drawn pictures.
 */
export const productImages = pgTable(
  "product_images",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    /** `<sha-256 of the bytes>.<jpg|png|gif|webp|avif>`; null until the copy is stored. */
    storedPath: text("stored_path"),
    copyState: text("copy_state").$type<PictureCopyState>().notNull().default("pending"),
    /** Why the copy was refused or failed (or why the last try failed while it is retried). */
    copyError: text("copy_error"),
    copiedAt: timestamp("copied_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    // The operator's list of pictures not (yet) copied: small, whatever the catalogue's size.
    index("product_images_not_stored_idx").on(t.copyState).where(sql`${t.copyState} <> 'stored'`),
  ],
);
