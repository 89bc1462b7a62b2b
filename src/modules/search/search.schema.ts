import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
