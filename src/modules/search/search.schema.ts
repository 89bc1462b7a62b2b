import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "#modules/catalog/catalog.schema.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search's own narrow copy of each product (decision 0042): the columns a search filters, counts
 * and orders by, the full text-search document, and a compact one of the name and brand that ranks
 * cheaply. The products table's rows are wide (descriptions in every language), so reading a third of
 * them for a broad word cost more than the whole budget; these rows are a few dozen bytes plus the
 * document's pointer. Rebuilt with the lexicon by refreshSearchDocuments() (seed and
 * `pitchside reindex`); the products table is not changed by the shop itself.
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    id: integer("id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    online: boolean("online").notNull(),
    name: text("name").notNull(),
    brandId: integer("brand_id").notNull(),
    categoryId: integer("category_id").notNull(),
    itemType: text("item_type").notNull(),
    color: text("color").notNull(),
    bootSurface: text("boot_surface"),
    ageGroup: text("age_group").notNull(),
    isExclusive: boolean("is_exclusive").notNull(),
    isPreorder: boolean("is_preorder").notNull(),
    isCustomizable: boolean("is_customizable").notNull(),
    popularity: integer("popularity").notNull(),
    onlineAt: timestamp("online_at", { withTimezone: true }).notNull(),
    /** Brand and name in lower case, for typo matching on the whole query. */
    searchName: text("search_name").notNull(),
    /** Everything searchable: names, item-type, colour and age words, categories, descriptions. */
    document: tsvector("document").notNull(),
    /** Name and brand only: ranks every match without reading the large documents. */
    title: tsvector("title").notNull(),
  },
  (t) => [
    index("search_entries_document_idx").using("gin", t.document),
    index("search_entries_search_name_trgm_idx").using("gin", sql`${t.searchName} gin_trgm_ops`),
  ],
);

/**
 * Every word the search index holds (product and brand names, category names in every language,
 * the item-type, colour and age words of search-vocabulary.ts), with how many online products carry
 * it. Query words are widened against it: compound parts ("handsker" → målmandshandsker), word
 * starts ("hand" → handsker) and near spellings ("glovs" → gloves); the empty result's "did you
 * mean" is its closest word. Rebuilt by refreshSearchDocuments().
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    products: integer("products").notNull(),
  },
  (t) => [index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/**
 * Operator-managed synonyms per search language ("en", "da", … — de-AT searches "de"): a query word
 * equal to term also searches the synonyms' words.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    language: text("language").notNull(),
    term: text("term").notNull(),
    synonyms: text("synonyms").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("search_synonyms_language_term_key").on(t.language, t.term)],
);

/**
 * One row per search, without personal data: the normalised query, the market, the result count and
 * when a product was first opened from its results. No member, session or address is kept.
 */
export const searchQueries = pgTable(
  "search_queries",
  {
    id: serial("id").primaryKey(),
    query: text("query").notNull(),
    market: text("market").notNull(),
    results: integer("results").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("search_queries_created_idx").on(t.createdAt)],
);
