import { describe, expect, it } from "vitest";
import {
  addressCycle,
  type CategoryFacets,
  cpuTicksOfStat,
  fractionOf,
  listingQueries,
  markdownTable,
  percentile,
  targetMet,
} from "./speed-helpers.ts";

const boots: CategoryFacets = {
  slug: "firm-ground",
  pages: 40,
  brand: ["nike", "adidas", "puma"],
  color: ["black", "white"],
  price_range: ["0-499", "500-999", "1000+"],
};
const gloves: CategoryFacets = {
  slug: "goalkeeper-gloves",
  pages: 1,
  brand: ["reusch"],
  color: ["green"],
  price_range: ["0-499"],
};
const SORTS = ["default", "price-asc", "price-desc"] as const;

describe("listing addresses for the speed bench", () => {
  it("hands out no address twice within as many requests as there are addresses", () => {
    const queries = listingQueries([boots, gloves], SORTS);
    const cycle = addressCycle(queries);
    const seen = new Set<string>();
    for (let i = 0; i < cycle.size; i++) seen.add(cycle.next());
    expect(seen.size).toBe(cycle.size);
    expect(cycle.wrapped).toBe(false);
    cycle.next();
    expect(cycle.wrapped).toBe(true);
  });

  it("combines only the category's own facet values, one of each at most, with the sorts", () => {
    const queries = listingQueries([gloves], SORTS).map((q) => new URLSearchParams(q));
    for (const query of queries) {
      expect(query.get("slug")).toBe("goalkeeper-gloves");
      expect([null, "reusch"]).toContain(query.get("brand"));
      expect([null, "green"]).toContain(query.get("color"));
      expect([null, "0-499"]).toContain(query.get("price_range"));
      expect([null, "price-asc", "price-desc"]).toContain(query.get("sort"));
    }
    // 3 sorts × 2 × 2 × 2 filter choices, less the unfiltered first page in the default order.
    expect(queries).toHaveLength(3 * 2 * 2 * 2 - 1);
  });

  it("asks a later page only of an unfiltered listing that has it, and never its cached first page", () => {
    const queries = listingQueries([boots, gloves], SORTS).map((q) => new URLSearchParams(q));
    const paged = queries.filter((q) => q.has("page"));
    expect(paged.length).toBeGreaterThan(0);
    for (const query of paged) {
      expect(query.get("slug")).toBe("firm-ground");
      expect(["2", "3"]).toContain(query.get("page"));
      expect(query.has("brand") || query.has("color") || query.has("price_range")).toBe(false);
    }
    expect(queries.map(String)).not.toContain("slug=firm-ground");
    expect(queries.map(String)).not.toContain("slug=goalkeeper-gloves");
  });

  it("gives the same order for the same seed, so two runs ask the same addresses", () => {
    const queries = listingQueries([boots], SORTS);
    const first = addressCycle(queries, 7);
    const second = addressCycle(queries, 7);
    const other = addressCycle(queries, 8);
    const take = (cycle: ReturnType<typeof addressCycle>) => Array.from({ length: 20 }, () => cycle.next());
    const firstRun = take(first);
    expect(take(second)).toEqual(firstRun);
    expect(take(other)).not.toEqual(firstRun);
  });
});

describe("fractions of the ceiling and targets", () => {
  it("reports a rate as a fraction of the ceiling to two significant digits", () => {
    expect(fractionOf(48, 48_000)).toBe(0.001);
    expect(fractionOf(57.6, 48_000)).toBe(0.0012);
    expect(fractionOf(44_000, 48_000)).toBe(0.92);
    expect(fractionOf(48_000, 48_000)).toBe(1);
  });

  it("gives 0 when there is no ceiling to compare with", () => {
    expect(fractionOf(100, 0)).toBe(0);
    expect(fractionOf(100, Number.NaN)).toBe(0);
  });

  it("meets a target only when both the fraction and the p95 are within it", () => {
    const target = { fraction: 0.02, p95: 50 };
    expect(targetMet({ fraction: 0.02, p95: 50 }, target)).toBe(true);
    expect(targetMet({ fraction: 0.019, p95: 10 }, target)).toBe(false);
    expect(targetMet({ fraction: 0.5, p95: 51 }, target)).toBe(false);
    expect(targetMet({ fraction: 1, p95: 1 }, null)).toBeNull();
  });

  it("takes the nearest-rank percentile of the latencies", () => {
    const latencies = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(latencies, 0.95)).toBe(95);
    expect(percentile(latencies, 0.5)).toBe(50);
    expect(percentile([], 0.95)).toBe(0);
  });

  it("prints each row with its fraction, p95 and whether its target is met", () => {
    const table = markdownTable([
      {
        key: "ceiling",
        scenario: "ceiling",
        requestsPerSecond: 48_000,
        fraction: 1,
        p50: 0.5,
        p95: 1,
        errors: 0,
        non2xx: 0,
        target: null,
        met: null,
        metNear: null,
      },
      {
        scenario: "listing",
        requestsPerSecond: 1234,
        fraction: 0.026,
        p50: 20,
        p95: 60,
        errors: 0,
        non2xx: 0,
        target: { fraction: 0.02, p95: 50 },
        met: false,
        nearCeiling: 41_000,
        nearFraction: 0.03,
        metNear: false,
      },
      {
        scenario: "product page",
        requestsPerSecond: 300,
        fraction: 0.0063,
        p50: 30,
        p95: 45,
        errors: 0,
        non2xx: 0,
        target: { fraction: 0.006 },
        met: true,
        nearCeiling: 60_000,
        nearFraction: 0.005,
        metNear: false,
      },
      {
        key: "productPagePerCore",
        scenario: "pages, a process per core",
        requestsPerSecond: 600,
        fraction: 0.012,
        p50: 25,
        p95: 40,
        errors: 0,
        non2xx: 0,
        target: null,
        met: null,
        nearCeiling: 40_000,
        nearFraction: 0.015,
        metNear: null,
      },
    ]).split("\n");
    expect(table[2]).toBe("| ceiling | 48,000 | 1× | 0.5 | 1 | 0 / 0 | ceiling | — | — | — |");
    // The row against the first ceiling, then against the ceiling measured just after it: a p95 over
    // its bound is not met either way.
    expect(table[3]).toBe(
      "| listing | 1,234 | 0.026× | 20 | 60 | 0 / 0 | ≥ 0.02×, p95 ≤ 50 ms | not met | 41,000 · 0.03× | not met |",
    );
    // Each way is printed as measured: met against the first ceiling, not against the nearer one.
    expect(table[4]).toBe(
      "| product page | 300 | 0.0063× | 30 | 45 | 0 / 0 | ≥ 0.006× | met | 60,000 · 0.005× | not met |",
    );
    // A row there to compare has its fractions, and no target to meet.
    expect(table[5]).toBe(
      "| pages, a process per core | 600 | 0.012× | 25 | 40 | 0 / 0 | none (to compare) | — | 40,000 · 0.015× | — |",
    );
  });
});

describe("a server's CPU time from /proc/<pid>/stat", () => {
  it("reads user and system ticks after the command name, whatever the name holds", () => {
    const line =
      "4242 (node (bench) x) S 1 4242 1 0 -1 4194304 9431 0 0 0 1234 567 0 0 20 0 11 0 3351 1193467904 27845";
    expect(cpuTicksOfStat(line)).toEqual({ user: 1234, system: 567 });
  });

  it("is null for text that is not a stat line", () => {
    expect(cpuTicksOfStat("")).toBeNull();
    expect(cpuTicksOfStat("4242 (node) S 1")).toBeNull();
  });
});
