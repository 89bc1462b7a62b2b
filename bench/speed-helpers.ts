// Pure helpers of the `speed` scenario (bench/speed.ts, issue 19): the listing addresses that are
// never asked twice, fractions of the ceiling, percentiles, the targets and the printed table.

/** A small seeded random source (mulberry32): the same seed gives the same run of addresses. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates in place with the given random source. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** One category's real facet values, as its unfiltered listing reports them. */
export interface CategoryFacets {
  slug: string;
  /** Pages of the unfiltered listing (60 a page). */
  pages: number;
  brand: string[];
  color: string[];
  price_range: string[];
}

/**
 * Every listing address the scenario can ask for: a category with a sort, and any of one brand, one
 * colour and one price range of that category, or none. A page past the first is asked only of the
 * unfiltered listing (up to its third page), where it is known to exist; a filtered listing's page 2
 * may not exist and would be a 404. The unfiltered first page in the default order is left out: it is
 * the address read to learn the facet values, so it is cached already. Each string is the query of
 * `/api/category/get/` (slug first), all distinct.
 */
export function listingQueries(categories: CategoryFacets[], sorts: readonly string[]): string[] {
  const queries = new Set<string>();
  for (const category of categories) {
    for (const sort of sorts) {
      for (const brand of ["", ...category.brand]) {
        for (const color of ["", ...category.color]) {
          for (const price of ["", ...category.price_range]) {
            const unfiltered = !brand && !color && !price;
            const lastPage = unfiltered ? Math.min(3, Math.max(1, category.pages)) : 1;
            for (let page = 1; page <= lastPage; page++) {
              if (unfiltered && page === 1 && sort === "default") continue;
              const query = new URLSearchParams({ slug: category.slug });
              if (brand) query.set("brand", brand);
              if (color) query.set("color", color);
              if (price) query.set("price_range", price);
              if (sort !== "default") query.set("sort", sort);
              if (page > 1) query.set("page", String(page));
              queries.add(query.toString());
            }
          }
        }
      }
    }
  }
  return [...queries];
}

/**
 * The addresses in a seeded random order, handed out one by one: no address comes twice within
 * `size` calls (after that the order starts again; `wrapped` says whether it did).
 */
export function addressCycle(queries: string[], seed = 19) {
  const order = shuffle([...queries], seededRandom(seed));
  let next = 0;
  return {
    size: order.length,
    next(): string {
      const query = order[next % order.length] as string;
      next++;
      return query;
    },
    get handedOut() {
      return next;
    },
    get wrapped() {
      return next > order.length;
    },
  };
}

/** A scenario's rate as a fraction of the ceiling's, to 2 significant digits (0 for no ceiling). */
/**
 * What the browser adds to a navigation's `.data` call: only the page's own loader runs (the root's
 * shell opts out of navigations), e.g. `pageDataOnly("product/product-page")`.
 */
export function pageDataOnly(routeFile: string): string {
  return `_routes=${encodeURIComponent(`routes/${routeFile}`)}`;
}

export function fractionOf(requestsPerSecond: number, ceilingPerSecond: number): number {
  if (!(ceilingPerSecond > 0) || !(requestsPerSecond >= 0)) return 0;
  return Number((requestsPerSecond / ceilingPerSecond).toPrecision(2));
}

/**
 * The CPU time a process has used, user and system, in clock ticks, from the text of
 * `/proc/<pid>/stat` (Linux). The fields are counted after the last ")", since the command name
 * before it may hold spaces and parentheses; null for text that is not such a line.
 */
export function cpuTicksOfStat(stat: string): { user: number; system: number } | null {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state (3rd field of the line) … utime (14th) and stime (15th).
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (stat.lastIndexOf(")") === -1 || !Number.isInteger(user) || !Number.isInteger(system)) return null;
  return { user, system };
}

/** The nearest-rank percentile (0 < q ≤ 1) of latencies in ms, rounded to 0.1 ms; 0 for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return Math.round((sorted[rank - 1] as number) * 10) / 10;
}

/** The issue's target for a row: a fraction of the ceiling at least, a p95 at most. */
export interface Target {
  fraction?: number;
  p95?: number;
}

/** Whether a measured row meets its target; null where the row has no target (the ceiling). */
export function targetMet(row: { fraction: number; p95: number }, target: Target | null): boolean | null {
  if (!target) return null;
  if (target.fraction !== undefined && row.fraction < target.fraction) return false;
  if (target.p95 !== undefined && row.p95 > target.p95) return false;
  return true;
}

/** A row's target as the table shows it; a row without one is the ceiling or there to compare. */
export function describeTarget(target: Target | null, key?: string): string {
  if (!target) return key === "ceiling" ? "ceiling" : "none (to compare)";
  const parts: string[] = [];
  if (target.fraction !== undefined) parts.push(`≥ ${target.fraction}×`);
  if (target.p95 !== undefined) parts.push(`p95 ≤ ${target.p95} ms`);
  return parts.join(", ");
}

export interface SpeedRow {
  /** The row's name in the bench ("ceiling" for the ceiling). */
  key?: string;
  scenario: string;
  requestsPerSecond: number;
  fraction: number;
  p50: number;
  p95: number;
  errors: number;
  non2xx: number;
  target: Target | null;
  met: boolean | null;
  /** The ceiling measured again just after the row, and the row's fraction of it (decision 0082). */
  nearCeiling?: number;
  nearFraction?: number;
  metNear?: boolean | null;
}

const thousands = (value: number) => Math.round(value).toLocaleString("en-GB");

/** The issue's table with the measured columns, as markdown (pasted into the note and operations.md). */
export function markdownTable(rows: SpeedRow[]): string {
  const lines = [
    "| scenario | req/s | fraction of ceiling | p50 ms | p95 ms | errors / non-2xx | target | met | ceiling just after · fraction of it | met against it |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | --- |",
  ];
  const said = (met: boolean | null | undefined) =>
    met === null || met === undefined ? "—" : met ? "met" : "not met";
  for (const row of rows) {
    const ceiling = row.key === "ceiling";
    const near =
      ceiling || row.nearCeiling === undefined ? "—" : `${thousands(row.nearCeiling)} · ${row.nearFraction}×`;
    lines.push(
      `| ${row.scenario} | ${thousands(row.requestsPerSecond)} | ${ceiling ? "1×" : `${row.fraction}×`} | ${row.p50} | ${row.p95} | ${row.errors} / ${row.non2xx} | ${describeTarget(row.target, row.key)} | ${said(row.met)} | ${near} | ${said(row.metNear)} |`,
    );
  }
  return lines.join("\n");
}
