import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { searchSynonyms } from "./search.schema.ts";
import type { SearchLanguage } from "./search-vocabulary.ts";
import type { SynonymInput } from "./synonyms.contract.ts";

/** The synonyms of one search language, or of all, by language and term. */
export async function listSynonyms(db: Db, language?: SearchLanguage) {
  const found = await db
    .select({
      language: searchSynonyms.language,
      term: searchSynonyms.term,
      synonyms: searchSynonyms.synonyms,
    })
    .from(searchSynonyms)
    .where(language ? eq(searchSynonyms.language, language) : undefined)
    .orderBy(asc(searchSynonyms.language), asc(searchSynonyms.term));
  return { synonyms: found };
}

/** Adds a term's synonyms, or replaces them when the term has some already. Searches see it at once. */
export async function saveSynonym(db: Db, input: SynonymInput) {
  const synonyms = [...new Set(input.synonyms)].filter((word) => word !== input.term);
  if (synonyms.length === 0)
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", {
      synonyms: ["search.error.synonyms"],
    });
  await db
    .insert(searchSynonyms)
    .values({ language: input.language, term: input.term, synonyms })
    .onConflictDoUpdate({ target: [searchSynonyms.language, searchSynonyms.term], set: { synonyms } });
  return { language: input.language, term: input.term, synonyms };
}

/** Removes a term's synonyms; 404 when the language has no such term. */
export async function removeSynonym(db: Db, key: { language: SearchLanguage; term: string }) {
  const removed = await db
    .delete(searchSynonyms)
    .where(and(eq(searchSynonyms.language, key.language), eq(searchSynonyms.term, key.term)))
    .returning({ id: searchSynonyms.id });
  if (removed.length === 0) throw new HttpError(404, "synonym_not_found", "There is no such synonym.");
  return { removed: true as const };
}
