import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { searchQueries } from "./search.schema.ts";
import { normaliseQuery } from "./search-query.ts";

/**
 * Records one search: the normalised query, the market and how many products it found. Nothing that
 * points to a person (member, session, address, agent) is kept. Answers the search's id, which the
 * result links carry so that opening a product from them can be counted.
 */
export async function recordSearch(db: Db, search: { q: string; market: string; results: number }) {
  const query = normaliseQuery(search.q);
  if (!query) return null;
  const [row] = await db
    .insert(searchQueries)
    .values({ query, market: search.market, results: search.results })
    .returning({ id: searchQueries.id });
  return row?.id ?? null;
}

/** Notes that a product was opened from a search's results (the first opening counts). */
export async function recordSearchOpened(db: Db, searchId: number) {
  await db
    .update(searchQueries)
    .set({ openedAt: sql`now()` })
    .where(and(eq(searchQueries.id, searchId), isNull(searchQueries.openedAt)));
}

export interface SearchReportRow {
  query: string;
  searches: number;
  results: number;
  opened: number;
}

export interface SearchReport {
  days: number;
  total: number;
  top: SearchReportRow[];
  zeroResults: SearchReportRow[];
  noClicks: SearchReportRow[];
}

/** The searches of the last days: the most asked queries, those that found nothing and those never opened. */
export async function searchReport(
  db: Db,
  options: { days: number; now: Date; limit?: number },
): Promise<SearchReport> {
  const since = new Date(options.now.getTime() - options.days * 86_400_000);
  const limit = options.limit ?? 20;
  const grouped = await rows<{ query: string; searches: string; results: string; opened: string }>(
    db,
    sql`select query, count(*) as searches, round(avg(results)) as results, count(opened_at) as opened
          from search_queries where created_at >= ${since.toISOString()}
         group by query order by count(*) desc, query`,
  );
  const all = grouped.map((row) => ({
    query: row.query,
    searches: Number(row.searches),
    results: Number(row.results),
    opened: Number(row.opened),
  }));
  return {
    days: options.days,
    total: all.reduce((sum, row) => sum + row.searches, 0),
    top: all.slice(0, limit),
    zeroResults: all.filter((row) => row.results === 0).slice(0, limit),
    noClicks: all.filter((row) => row.results > 0 && row.opened === 0).slice(0, limit),
  };
}

/** The report as text for the terminal. */
export function formatSearchReport(report: SearchReport): string {
  const table = (title: string, list: SearchReportRow[]) => {
    const lines = [`${title}`];
    if (list.length === 0) lines.push("  (none)");
    const width = Math.max(5, ...list.map((row) => [...row.query].length));
    if (list.length) lines.push(`  ${"query".padEnd(width)}  searches  results  opened`);
    for (const row of list)
      lines.push(
        `  ${row.query.padEnd(width)}  ${String(row.searches).padStart(8)}  ${String(row.results).padStart(7)}  ${String(row.opened).padStart(6)}`,
      );
    return lines.join("\n");
  };
  return [
    `Searches in the last ${report.days} day(s): ${report.total}`,
    "",
    table("Top queries", report.top),
    "",
    table("Queries that found nothing (add a synonym?)", report.zeroResults),
    "",
    table("Queries whose results were never opened", report.noClicks),
    "",
  ].join("\n");
}
