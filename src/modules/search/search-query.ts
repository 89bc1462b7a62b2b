import { type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import {
  itemTypesNamedBy,
  type SearchLanguage,
  searchLanguage,
  TEXT_SEARCH_CONFIG,
  wordsOf,
} from "./search-vocabulary.ts";

/** The query as it is searched, counted in analytics and cached: lower case, single spaces. */
export function normaliseQuery(q: string): string {
  return wordsOf(q).join(" ");
}

/** Edit distance (insert, delete, replace, swap of neighbours), stopping early above max. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const x = [...a];
  const y = [...b];
  let previous2: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[y.length] ?? max + 1;
}

/** How many typos a word of this length may carry: none below 4 letters, one up to 7, then two. */
export function typosAllowed(word: string): number {
  const length = [...word].length;
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

interface LexiconHit {
  query_word: string;
  word: string;
  products: number;
}

/** How a lexicon word relates to a query word, or null when it does not stand for it. */
function relation(queryWord: string, word: string): "exact" | "part" | "typo" | null {
  if (word === queryWord) return "exact";
  const length = [...queryWord].length;
  // Word starts while typing ("hand" → handsker) and compound heads ("handsker" → målmandshandsker).
  if (length >= 3 && word.startsWith(queryWord)) return "part";
  if (length >= 4 && word.endsWith(queryWord)) return "part";
  const allowed = typosAllowed(queryWord);
  if (allowed > 0 && editDistance(queryWord, word, allowed) <= allowed) return "typo";
  return null;
}

export interface WordGroup {
  /** The shopper's word. */
  word: string;
  /** Written words of the lexicon it stands for: compound parts, completions, corrected typos, synonyms. */
  alternatives: string[];
  /** The word as a text-search query stemmed in the shop's language and in English ("" for a stop word). */
  stems: string[];
}

export interface SearchPlan {
  language: SearchLanguage;
  config: string;
  /** The normalised query. */
  text: string;
  groups: WordGroup[];
  /** Item types the words name, with a weight (2: named by the word itself, 1: by a widened word). */
  itemTypes: Map<string, number>;
}

const MAX_WORDS = 8;
const MAX_ALTERNATIVES = 24;

/**
 * Reads the query: its words, each widened through the operator's synonyms and the lexicon, and the
 * item types the words name. Two small reads: synonyms and lexicon candidates.
 */
export async function planSearch(db: Db, q: string, locale: string): Promise<SearchPlan> {
  const language = searchLanguage(locale);
  const words = [...new Set(wordsOf(q))].slice(0, MAX_WORDS);
  const plan: SearchPlan = {
    language,
    config: TEXT_SEARCH_CONFIG[language],
    text: words.join(" "),
    groups: [],
    itemTypes: new Map(),
  };
  if (words.length === 0) return plan;
  const values = sql.join(
    words.map((w) => sql`(${w})`),
    sql`, `,
  );
  const wordList = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  // One read: the words the shop's language drops (stop words such as "og", "und" need not match),
  // the operator's synonyms, and the lexicon's candidates for every word.
  const found = await rows<
    { kind: "stem" | "stem_en" | "synonym" | "lexicon" } & LexiconHit & { synonyms: string[] | null }
  >(
    db,
    sql`select 'stem' as kind, q.w as query_word, plainto_tsquery(${plan.config}::regconfig, q.w)::text as word,
               0 as products, null::text[] as synonyms
          from (values ${values}) q(w)
        union all
        select 'stem_en', q.w, plainto_tsquery('english', q.w)::text, 0, null from (values ${values}) q(w)
        union all
        select 'synonym', term, '', 0, synonyms from search_synonyms
         where language in (${language}, 'en') and term in (${wordList})
        union all
        (select 'lexicon', q.w, s.word, s.products, null
           from (values ${values}) q(w)
           join search_words s on s.word = q.w
             or (length(q.w) >= 3 and s.word like q.w || '%')
             or (length(q.w) >= 4 and s.word like '%' || q.w)
             or (length(q.w) >= 4 and s.word % q.w)
          order by s.products desc
          limit 400)`,
  );
  const stems = (word: string) =>
    found
      .filter((row) => (row.kind === "stem" || row.kind === "stem_en") && row.query_word === word)
      .map((row) => row.word);
  const isStopWord = (word: string) =>
    found.some((row) => row.kind === "stem" && row.query_word === word && row.word === "");
  const synonymRows = found
    .filter((row) => row.kind === "synonym")
    .map((row) => ({ term: row.query_word, synonyms: row.synonyms ?? [] }));
  const hits = found.filter((row) => row.kind === "lexicon");
  for (const word of words) {
    const named = (w: string, weight: number) => {
      for (const itemType of itemTypesNamedBy(w, language))
        plan.itemTypes.set(itemType, Math.max(plan.itemTypes.get(itemType) ?? 0, weight));
    };
    const synonyms = synonymRows
      .filter((row) => row.term === word)
      .flatMap((row) => row.synonyms.flatMap(wordsOf));
    const alternatives = new Set<string>(synonyms);
    named(word, 2);
    for (const synonym of synonyms) named(synonym, 2);
    for (const hit of hits) {
      if (hit.query_word !== word || alternatives.size >= MAX_ALTERNATIVES) continue;
      const kind = relation(word, hit.word);
      if (!kind) continue;
      alternatives.add(hit.word);
      if (kind !== "exact") named(hit.word, 1);
    }
    alternatives.delete(word);
    const exact = hits.some((hit) => hit.query_word === word && hit.word === word);
    if (!exact && alternatives.size === 0 && isStopWord(word)) continue;
    plan.groups.push({ word, alternatives: [...alternatives], stems: stems(word).filter(Boolean) });
  }
  return plan;
}

/** A written word as a text-search lexeme (words are letters and digits; quotes are doubled anyway). */
const lexeme = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** Matches a word group: the word stemmed in the shop's language and in English, or any alternative as written. */
function groupQuery(group: WordGroup): string {
  const parts = [
    ...group.stems.map((stem) => `(${stem})`),
    lexeme(group.word),
    ...group.alternatives.map(lexeme),
  ];
  return `(${[...new Set(parts)].join(" | ")})`;
}

/**
 * The text-search query of a plan as one constant: every word group must match (a stop word alone
 * matches anything). Built once here, not by functions the database would call again for every row
 * it ranks.
 */
export function planTsquery(plan: SearchPlan): SQL | null {
  if (plan.groups.length === 0) return null;
  return sql`${plan.groups.map(groupQuery).join(" & ")}::tsquery`;
}

/** Ranks the products of the item types the words name first (the word's own type before a widened word's). */
export function itemTypeRank(plan: SearchPlan): SQL | null {
  if (plan.itemTypes.size === 0) return null;
  const whens = [...plan.itemTypes].map(([itemType, weight]) => sql`when ${itemType} then ${weight}`);
  return sql`(case p.item_type ${sql.join(whens, sql` `)} else 0 end) desc`;
}

/**
 * The lexicon's closest word to a query word that found nothing: the most similar written word,
 * the one on more products first among equals. Null when nothing is close.
 */
export async function closestWord(db: Db, word: string): Promise<string | null> {
  if ([...word].length < 3) return null;
  const found = await rows<{ word: string }>(
    db,
    sql`select word from search_words
         where word % ${word} and word <> ${word}
         order by similarity(word, ${word}) desc, products desc, word
         limit 1`,
  );
  return found[0]?.word ?? null;
}
