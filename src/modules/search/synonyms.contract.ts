import { z } from "zod";
import { SEARCH_LANGUAGES } from "./search-vocabulary.ts";

const word = z
  .string({ error: "search.error.word" })
  .trim()
  .toLowerCase()
  .min(1, "search.error.word")
  .max(60, "search.error.word")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, "search.error.word");

export const synonymLanguage = z.enum(SEARCH_LANGUAGES, { error: "search.error.language" });

export const synonymListQuery = z.object({ language: synonymLanguage.optional() });

export const synonymInput = z.object({
  language: synonymLanguage,
  term: word,
  synonyms: z
    .array(word, { error: "search.error.synonyms" })
    .min(1, "search.error.synonyms")
    .max(10, "search.error.synonyms"),
});
export type SynonymInput = z.infer<typeof synonymInput>;

export const synonymKey = z.object({ language: synonymLanguage, term: word });

export const synonymSchema = z.object({
  language: z.string(),
  term: z.string(),
  synonyms: z.array(z.string()),
});
export const synonymListOutput = z.object({ synonyms: z.array(synonymSchema) });
export const synonymOutput = synonymSchema;
export const synonymRemovedOutput = z.object({ removed: z.literal(true) });
