import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Translated } from "#kernel/translate.ts";
import { categories, suppliers } from "../catalog/catalog.schema.ts";

export type ContentKind =
  | "hero"
  | "guide"
  | "reel"
  | "story"
  | "article"
  | "link_card"
  | "image_item"
  | "video_card"
  | "shop_the_look"
  | "sponsored"
  /** The login-aware banner's text and picture for members (guests see a log-in prompt). */
  | "member_banner";

/**
 * Editorial content shown in listings and on the home page. The fields every kind has are columns;
 * what differs per kind (hotspots, product lists, video references, colours) is typed jsonb, checked
 * by the content contract when read.
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<ContentKind>().notNull(),
    slug: text("slug").notNull(),
    categoryId: integer("category_id").references(() => categories.id),
    title: jsonb("title").$type<Translated>().notNull(),
    lead: jsonb("lead").$type<Translated>().notNull().default(sql`'{}'::jsonb`),
    /** Sanitised HTML per locale (articles, guides, stories). */
    body: jsonb("body").$type<Translated>().notNull().default(sql`'{}'::jsonb`),
    /** 1-based position in a listing, for the kinds placed by index. */
    indexPlacement: integer("index_placement"),
    productIds: jsonb("product_ids").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    sort: integer("sort").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("content_items_kind_slug_key").on(t.kind, t.slug),
    index("content_items_category_idx").on(t.kind, t.categoryId),
  ],
);

export const masterclassPositions = pgTable("masterclass_positions", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Translated>().notNull(),
  sort: integer("sort").notNull(),
});

export const masterclassSkills = pgTable("masterclass_skills", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Translated>().notNull(),
  sort: integer("sort").notNull(),
});

export const masterclassVideos = pgTable(
  "masterclass_videos",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"video" | "short">().notNull(),
    title: jsonb("title").$type<Translated>().notNull(),
    description: jsonb("description").$type<Translated>().notNull(),
    videoId: text("video_id").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    positionId: integer("position_id").references(() => masterclassPositions.id),
    skillId: integer("skill_id").references(() => masterclassSkills.id),
    membersOnly: boolean("members_only").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("masterclass_videos_filter_idx").on(t.kind, t.positionId, t.skillId)],
);

export interface OpeningHours {
  weekday: number;
  opens: string;
  closes: string;
}

export const stores = pgTable("stores", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  groupKey: text("group_key").notNull(),
  title: text("title").notNull(),
  description: jsonb("description").$type<Translated>().notNull(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  zip: text("zip").notNull(),
  country: text("country").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  placeId: text("place_id").notNull(),
  openingHours: jsonb("opening_hours").$type<OpeningHours[]>().notNull(),
  isFlagship: boolean("is_flagship").notNull().default(false),
  /** The store's pictures for the locator's slider, alt text per locale (decision 0044). */
  gallery: jsonb("gallery").$type<StoreImage[]>().notNull().default([]),
  /** The store's page text as CMS blocks per locale (spec §3 Store `body`); paragraphs sanitised when stored. */
  body: jsonb("body").$type<Record<string, CmsBlock[]>>().notNull().default({}),
});

export interface StoreImage {
  src: string;
  width: number;
  height: number;
  alt: Translated;
}

export type CmsBlock =
  | { type: "image"; value: { src: string; alt: string; width: number; height: number } }
  | { type: "paragraph"; value: string }
  | { type: "youtube_video"; value: { video_id: string; title: string } }
  | {
      type: "call_to_action";
      value: { type: "button" | "link"; label: string; url: string; alignment: string };
    }
  | { type: "image_gallery"; value: { src: string; alt: string; width: number; height: number }[] }
  | { type: "tiktok_video"; value: { url: string } }
  | { type: "instagram_reel"; value: { url: string } }
  | { type: "product_slider"; value: { title: string; product_ids_list: number[] } }
  | { type: "faq"; value: { question: string; answer: string }[] };

export const cmsPages = pgTable("cms_pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: jsonb("title").$type<Translated>().notNull(),
  /** Blocks per locale; paragraph HTML is sanitised before it is stored. */
  blocks: jsonb("blocks").$type<Record<string, CmsBlock[]>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The Wagtail-style page type the API names in meta.type (content.ContentPage, content.TrustPage). */
  pageType: text("page_type").notNull().default("content.ContentPage"),
  /** The title search engines show and the meta description, per locale (empty: the page title). */
  seoTitle: jsonb("seo_title").$type<Translated>().notNull().default(sql`'{}'::jsonb`),
  searchDescription: jsonb("search_description").$type<Translated>().notNull().default(sql`'{}'::jsonb`),
  /** Null while the page is a draft: only an operator's preview shows it (decision 0046). */
  publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
  firstPublishedAt: timestamp("first_published_at", { withTimezone: true }).defaultNow(),
  /** The market codes the page exists in (the Impressum: de, at); null in every market. */
  markets: jsonb("markets").$type<string[]>(),
});

/** Terms of sale per supplier (the marketplace suppliers have their own), sanitised HTML per locale. */
export const policyTexts = pgTable("policy_texts", {
  id: serial("id").primaryKey(),
  supplierId: integer("supplier_id")
    .notNull()
    .unique()
    .references(() => suppliers.id),
  title: jsonb("title").$type<Translated>().notNull(),
  html: jsonb("html").$type<Translated>().notNull(),
});
