// `pitchside synonyms …` and `pitchside search-report`: the operator's search vocabulary and what
// shoppers searched. The database is opened by pitchside.ts.
import { parseArgs } from "node:util";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { formatSearchReport, searchReport } from "#modules/search/search-analytics.service.ts";
import { SEARCH_LANGUAGES } from "#modules/search/search-vocabulary.ts";
import { synonymInput, synonymKey, synonymLanguage } from "#modules/search/synonyms.contract.ts";
import { listSynonyms, removeSynonym, saveSynonym } from "#modules/search/synonyms.service.ts";
import type { CommandIo } from "./tastemakers.ts";

export const SEARCH_USAGE = `       pitchside synonyms list [language]
       pitchside synonyms add <language> <term> <synonym> [<synonym> …]
       pitchside synonyms remove <language> <term>
       pitchside search-report [--days N]`;

export const SEARCH_HELP = `synonyms manages the search synonyms per language (${SEARCH_LANGUAGES.join(", ")}): a search for
the term also finds its synonyms; add replaces a term's synonyms. search-report prints the top
queries, the queries that found nothing and those whose results were never opened (default 30 days).`;

/** Runs `synonyms <sub-command> …`; answers the exit code. */
export async function synonymsCommand(db: Db, args: string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = args;
  try {
    if (sub === "list" && rest.length <= 1) {
      const language = rest[0] === undefined ? undefined : synonymLanguage.safeParse(rest[0]);
      if (language && !language.success) {
        io.err(`Unknown language "${rest[0]}"; one of ${SEARCH_LANGUAGES.join(", ")}.`);
        return 2;
      }
      const { synonyms } = await listSynonyms(db, language?.data);
      for (const row of synonyms) io.out(`${row.language}\t${row.term}\t${row.synonyms.join(", ")}\n`);
      if (synonyms.length === 0) io.out("No synonyms.\n");
      return 0;
    }
    if (sub === "add" && rest.length >= 3) {
      const [language, term, ...synonyms] = rest;
      const input = synonymInput.safeParse({ language, term, synonyms });
      if (!input.success) {
        io.err(`Not added: ${input.error.issues.map((issue) => issue.path.join(".")).join(", ")} not valid.`);
        return 2;
      }
      const saved = await saveSynonym(db, input.data);
      io.out(`${saved.language}: "${saved.term}" also finds ${saved.synonyms.join(", ")}.\n`);
      return 0;
    }
    if (sub === "remove" && rest.length === 2) {
      const key = synonymKey.safeParse({ language: rest[0], term: rest[1] });
      if (!key.success) {
        io.err("remove needs a language and a term.");
        return 2;
      }
      await removeSynonym(db, key.data);
      io.out(`${key.data.language}: "${key.data.term}" removed.\n`);
      return 0;
    }
  } catch (error) {
    if (error instanceof HttpError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  io.err("synonyms needs list, add or remove.");
  return 2;
}

/** Runs `search-report [--days N]`; answers the exit code. */
export async function searchReportCommand(db: Db, args: string[], io: CommandIo): Promise<number> {
  let days = "30";
  try {
    ({
      values: { days = "30" },
    } = parseArgs({ args, options: { days: { type: "string" } }, strict: true }));
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  if (!/^\d{1,4}$/.test(days) || Number(days) < 1) {
    io.err(`--days must be a whole number from 1 to 9999, not "${days}".`);
    return 2;
  }
  io.out(formatSearchReport(await searchReport(db, { days: Number(days), now: io.now() })));
  return 0;
}
