import { and, asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { dropPoints } from "./delivery.schema.ts";

type DropPointRow = typeof dropPoints.$inferSelect;

/**
 * A carrier's drop-point search. Real carriers plug in here under the name their delivery methods
 * carry in `drop_point_provider`; their answers are stored in `drop_points` so that a chosen point
 * can be checked and shown on the order later.
 */
export interface DropPointProvider {
  find(db: Db, query: { countryCode: string; postCode: string }): Promise<DropPointRow[]>;
}

const digits = (postCode: string) => Number(postCode.replace(/\D/g, "").slice(0, 5).padEnd(5, "0"));

/**
 * The shop's own demo carrier: points generated around two post codes per country. A search finds
 * the points of the demo area nearest to the post code typed, so any post code of the country finds
 * somewhere to collect.
 */
const builtIn: DropPointProvider = {
  async find(db, { countryCode, postCode }) {
    const rows = await db
      .select()
      .from(dropPoints)
      .where(and(eq(dropPoints.provider, "pitchside-points"), eq(dropPoints.countryCode, countryCode)))
      .orderBy(asc(dropPoints.id));
    if (rows.length === 0) return [];
    const wanted = digits(postCode);
    const areas = [...new Set(rows.map((row) => row.postCode))];
    const nearest = areas.reduce((best, area) =>
      Math.abs(digits(area) - wanted) < Math.abs(digits(best) - wanted) ? area : best,
    );
    return rows.filter((row) => row.postCode === nearest);
  },
};

const PROVIDERS: Record<string, DropPointProvider> = { "pitchside-points": builtIn };

export function dropPointProvider(name: string): DropPointProvider | undefined {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
}
