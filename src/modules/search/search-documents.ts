import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  AGE_WORDS,
  COLOUR_WORDS,
  ITEM_TYPE_WORDS,
  SEARCH_LANGUAGES,
  TEXT_SEARCH_CONFIG,
} from "./search-vocabulary.ts";

/** The UI locales whose category names and descriptions are indexed, with their stemmer. */
const LOCALE_CONFIGS: [locale: string, config: string][] = SEARCH_LANGUAGES.map((language) => [
  language,
  TEXT_SEARCH_CONFIG[language],
]);

/**
 * The vocabulary as rows (kind, code, config, words): every language's words once stemmed by its
 * own configuration and once as written ("simple"), so "handsker" matches by its stem and the
 * lexicon can widen "handsk…" to the written word.
 */
function vocabularyRows(): SQL {
  const rows: SQL[] = [];
  const kinds = { item: ITEM_TYPE_WORDS, colour: COLOUR_WORDS, age: AGE_WORDS };
  for (const [kind, table] of Object.entries(kinds)) {
    for (const [code, words] of Object.entries(table)) {
      for (const language of SEARCH_LANGUAGES) {
        rows.push(sql`(${kind}, ${code}, ${TEXT_SEARCH_CONFIG[language]}, ${words[language]})`);
        rows.push(sql`(${kind}, ${code}, 'simple', ${words[language]})`);
      }
    }
  }
  return sql.join(rows, sql`, `);
}

const localeConfigRows = () =>
  sql.join(
    LOCALE_CONFIGS.flatMap(([locale, config]) => [sql`(${locale}, ${config})`, sql`(${locale}, 'simple')`]),
    sql`, `,
  );

/** The description in every language, each stemmed by its own configuration. */
const descriptionDocument = () =>
  sql.join(
    LOCALE_CONFIGS.map(
      ([locale, config]) => sql`to_tsvector(${config}::regconfig, coalesce(p.description->>${locale}, ''))`,
    ),
    sql` || `,
  );

/**
 * Rebuilds the search entries of every product (or of the given ones): the listing columns a search
 * filters, counts and orders by, a compact title document (name and brand) and the full document: name
 * and brand, and the words of the item type in every language, weigh most; then the style, the
 * category names in every language and the colour and age words; then descriptions and
 * specification values. Each language's text is stemmed by its own configuration, with an unstemmed
 * copy, so "boot" and "boots", "handske" and "handsker" and exact codes match. Then the lexicon
 * (search_words) gets the written words of the products.
 */
export async function refreshSearchDocuments(db: Db, productIds?: number[]) {
  const ids = (list: number[]) =>
    sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    );
  const only = productIds?.length ? sql`and p.id in (${ids(productIds)})` : sql``;
  const vocabulary = sql`
    vocab(kind, code, config, words) as (values ${vocabularyRows()}),
    vocab_docs as (
      select kind, code, array_agg(distinct l) as lexemes
        from vocab, unnest(tsvector_to_array(to_tsvector(config::regconfig, words))) l
       group by kind, code),
    vocab_written as (
      select kind, code, array_agg(distinct l) as lexemes
        from vocab, unnest(tsvector_to_array(to_tsvector('simple', words))) l
       where config = 'simple' group by kind, code),
    cfg(locale, config) as (values ${localeConfigRows()}),
    category_docs as (
      select c.id, array_agg(distinct l) as lexemes
        from categories c cross join cfg,
             unnest(tsvector_to_array(to_tsvector(cfg.config::regconfig, coalesce(c.name->>cfg.locale, '')))) l
       group by c.id),
    category_written as (
      select c.id, array_agg(distinct l) as lexemes
        from categories c cross join cfg,
             unnest(tsvector_to_array(to_tsvector('simple', coalesce(c.name->>cfg.locale, '')))) l
       where cfg.config = 'simple' group by c.id)`;
  const lexemes = (table: string, kind: string | null, key: SQL) =>
    kind
      ? sql`coalesce((select lexemes from ${sql.raw(table)} v where v.kind = ${kind} and v.code = ${key}), '{}')`
      : sql`coalesce((select lexemes from ${sql.raw(table)} v where v.id = ${key}), '{}')`;
  const entries = sql`
    with ${vocabulary}
    insert into search_entries (id, online, name, brand_id, category_id, item_type, color, boot_surface,
                                age_group, is_exclusive, is_preorder, is_customizable, popularity, online_at,
                                search_name, document, title)
    select p.id, p.online, p.name, p.brand_id, p.category_id, p.item_type, p.color, p.boot_surface,
           p.age_group, p.is_exclusive, p.is_preorder, p.is_customizable, p.popularity, p.online_at,
           lower(b.name || ' ' || p.name),
        setweight(to_tsvector('english', p.name || ' ' || b.name), 'A') ||
        setweight(to_tsvector('simple', p.name || ' ' || b.name), 'A') ||
        setweight(array_to_tsvector(${lexemes("vocab_docs", "item", sql`p.item_type`)}), 'A') ||
        setweight(to_tsvector('simple', p.style || ' ' || coalesce(p.boot_surface, '')), 'B') ||
        setweight(array_to_tsvector(${lexemes("category_docs", null, sql`p.category_id`)}), 'B') ||
        setweight(array_to_tsvector(${lexemes("vocab_docs", "colour", sql`p.color`)}), 'B') ||
        setweight(array_to_tsvector(${lexemes("vocab_docs", "age", sql`p.age_group`)}), 'C') ||
        setweight(${descriptionDocument()}, 'D') ||
        setweight(to_tsvector('simple', coalesce((select string_agg(s->>'value', ' ') from jsonb_array_elements(p.specifications) s), '')), 'D'),
        to_tsvector('english', p.name || ' ' || b.name) || to_tsvector('simple', p.name || ' ' || b.name)
      from products p join brands b on b.id = p.brand_id
     where true ${only}`;

  // The lexicon: every written word of the products with how many online products carry it.
  const words = sql`
    with ${vocabulary},
    product_words as (
      select p.id, w
        from products p join brands b on b.id = p.brand_id,
             unnest(tsvector_to_array(
               to_tsvector('simple', b.name || ' ' || p.name) ||
               array_to_tsvector(${lexemes("vocab_written", "item", sql`p.item_type`)} ||
                                 ${lexemes("vocab_written", "colour", sql`p.color`)} ||
                                 ${lexemes("vocab_written", "age", sql`p.age_group`)} ||
                                 ${lexemes("category_written", null, sql`p.category_id`)}))) w
       where p.online ${only})
    insert into search_words (word, products)
    select w, count(distinct id) from product_words
     where length(w) between 2 and 40 and w !~ '^[0-9]'
     group by w`;
  if (productIds?.length) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from search_entries where id in (${ids(productIds)})`);
      await tx.execute(entries);
      await tx.execute(sql`${words} on conflict (word) do nothing`);
    });
  } else {
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from search_entries`);
      await tx.execute(entries);
      await tx.execute(sql`delete from search_words`);
      await tx.execute(words);
    });
  }
}

/** Rebuilds every product's search columns, then refreshes the planner's statistics for them. */
export async function reindexSearch(db: Db) {
  await refreshSearchDocuments(db);
  await db.execute(sql`analyze search_entries`);
  await db.execute(sql`analyze search_words`);
}
