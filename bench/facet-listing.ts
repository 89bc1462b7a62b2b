// Old (one SQL query over the whole category) against new (the facet index, decision 0047) listing
// time for random filter, sort and page combinations, uncached, one at a time:
// `DATABASE_URL=postgres://… node --expose-gc bench/facet-listing.ts [combinations]`.
// Prints the index's build time and memory per currency, then per engine the mean, median and p95.
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "#db/client.ts";
import { PRODUCT_SORTS } from "#modules/catalog/catalog.contract.ts";
import { facetIndex, PRICE_EDGES } from "#modules/search/facet-index.ts";
import { listingQuery, OTHERS_VALUES } from "#modules/search/listing.contract.ts";
import { computeListing, type ListingEngine, type ListingScope } from "#modules/search/listing.service.ts";

const combinations = Number(process.argv[2] ?? 200);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "/tmp" });
const db = database.db;
const gc = (globalThis as { gc?: () => void }).gc;

let state = 47;
const next = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const some = <T>(items: readonly T[], chance: number): T[] =>
  next() < chance ? items.filter(() => next() < 2 / Math.max(2, items.length)).slice(0, 3) : [];
const values = async (query: ReturnType<typeof sql>) =>
  (await rows<{ v: string }>(db, query)).map((row) => row.v);

const categoryRows = await rows<{ id: number; slug: string; parent_id: number | null }>(
  db,
  sql`select id, slug, parent_id from categories`,
);
const below = (id: number): number[] => [
  id,
  ...categoryRows.filter((c) => c.parent_id === id).flatMap((child) => below(child.id)),
];
const categories = categoryRows.map((c) => ({ slug: c.slug, ids: below(c.id) }));
const brands = await values(sql`select slug as v from brands`);
const colors = await values(sql`select distinct color as v from products`);
const surfaces = await values(
  sql`select distinct boot_surface as v from products where boot_surface is not null`,
);
const ages = await values(sql`select distinct age_group as v from products`);
const [{ n: productCount } = { n: 0 }] = await rows<{ n: number }>(
  db,
  sql`select count(*)::int as n from products`,
);

// Build time and memory of one currency's index.
for (const currency of ["EUR", "DKK"]) {
  gc?.();
  const heapBefore = process.memoryUsage();
  const cpuBefore = process.cpuUsage();
  const index = await facetIndex(db, currency);
  const cpu = process.cpuUsage(cpuBefore);
  gc?.();
  const heapAfter = process.memoryUsage();
  let bitmapBytes = 0;
  let bitmaps = 0;
  const count = (bitmap: { getSerializationSizeInBytes(format: "croaring"): number }) => {
    bitmapBytes += bitmap.getSerializationSizeInBytes("croaring");
    bitmaps++;
  };
  for (const facet of Object.values(index.values)) for (const bitmap of facet.values()) count(bitmap);
  for (const bitmap of Object.values(index.flags)) count(bitmap);
  for (const category of index.categories.values()) count(category.members);
  count(index.countable);
  const arrays = index.ids.byteLength + index.prices.byteLength + PRODUCT_SORTS.length * 2 * 4 * index.size;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `${currency} index: ${index.size} products, ${bitmaps} bitmaps, built in ${index.buildMs.toFixed(0)} ms (database read ${index.readMs.toFixed(0)} ms; ` +
      `this process's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms); ` +
      `bitmaps ${mb(bitmapBytes)}, typed arrays ${mb(arrays)}, JS heap +${mb(heapAfter.heapUsed - heapBefore.heapUsed)}, ` +
      `array buffers +${mb(heapAfter.arrayBuffers - heapBefore.arrayBuffers)}, rss +${mb(heapAfter.rss - heapBefore.rss)}`,
  );
}

function randomCase(): { scope: ListingScope; query: ReturnType<typeof listingQuery.parse> } {
  const currency = pick(["EUR", "DKK"]);
  const edges = PRICE_EDGES[currency] ?? [];
  const ranges = [
    `0-${edges[0]}`,
    ...edges.slice(1).map((edge, i) => `${edges[i]}-${edge}`),
    `${edges.at(-1)}+`,
  ];
  const category = pick(categories.filter((c) => c.ids.length > 0));
  return {
    scope: { currency, locale: "en", categoryIds: category.ids },
    query: listingQuery.parse({
      sort: pick(PRODUCT_SORTS),
      page: next() < 0.7 ? undefined : "2",
      brand: some(brands, 0.5).join("|"),
      color: some(colors, 0.4).join("|"),
      boot_surface: some(surfaces, 0.3).join("|"),
      age: some(ages, 0.3).join("|"),
      price_range: some(ranges, 0.4).join("|"),
      others: some(OTHERS_VALUES, 0.3).join("|"),
    }),
  };
}

const cases = Array.from({ length: combinations }, randomCase);
const timings: Record<ListingEngine, number[]> = { sql: [], index: [] };
const cpuTotal: Record<ListingEngine, number> = { sql: 0, index: 0 };
for (const { scope, query } of cases)
  for (const engine of ["sql", "index"] as const) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await computeListing(db, scope, query, { engine }).catch(() => null);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTotal[engine] += (cpu.user + cpu.system) / 1000;
    timings[engine].push(performance.now() - started);
  }
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = list.reduce((a, b) => a + b, 0) / list.length;
  return `mean ${mean.toFixed(1)} ms, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
};
console.log(`${productCount} products, ${combinations} random category listings, uncached, one at a time:`);
for (const engine of ["sql", "index"] as const)
  console.log(
    `  ${engine.padEnd(5)} ${summary(timings[engine])}; this process's CPU ${(cpuTotal[engine] / combinations).toFixed(1)} ms a listing (facet counts, page ids and the page's cards)`,
  );

// The index's own share: the counts and the page's ids, without the cards query.
const { listFromIndex } = await import("#modules/search/facet-index.ts");
const index = { EUR: await facetIndex(db, "EUR"), DKK: await facetIndex(db, "DKK") };
const own: number[] = [];
for (const { scope, query } of cases) {
  const started = performance.now();
  listFromIndex(
    index[scope.currency as "EUR" | "DKK"],
    { locale: "en", categoryIds: scope.categoryIds },
    query,
    0,
  );
  own.push(performance.now() - started);
}
console.log(`  index counts and page ids alone: ${summary(own)}`);
const { loadavg } = await import("node:os");
console.log(
  `load average while measuring: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
await database.close();
