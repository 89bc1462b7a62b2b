// The facet index (decision 0047) against the SQL listing it replaces: over many random filter, sort
// and page combinations on the seeded demo catalogue, both give the same counts, totals, filters and
// page of products — before and after the catalogue changes.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { PRODUCT_SORTS } from "#modules/catalog/catalog.contract.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { facetIndex, PRICE_EDGES } from "./facet-index.ts";
import { type ListingQuery, listingQuery, OTHERS_VALUES } from "./listing.contract.ts";
import { computeListing, type ListingEngine, type ListingScope, runListing } from "./listing.service.ts";
import { refreshSearchDocuments } from "./search-documents.ts";

/** A small seeded generator, so a failing combination can be run again. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], chance: number): T[] =>
    next() < chance ? items.filter(() => next() < 2 / Math.max(2, items.length)).slice(0, 3) : [];
  return { next, pick, some };
}

describe("the facet index lists what the SQL listing lists", () => {
  let testDb: TestDatabase;
  let vocabulary: {
    categories: { slug: string; ids: number[] }[];
    brands: string[];
    colors: string[];
    surfaces: string[];
    ages: string[];
    currencies: string[];
  };

  const values = async (query: ReturnType<typeof sql>) =>
    (await rows<{ v: string }>(testDb.database.db, query)).map((row) => row.v);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 400, seed: 7, dataDir: "" });
    const db = testDb.database.db;
    const categoryRows = await rows<{ id: number; slug: string; parent_id: number | null }>(
      db,
      sql`select id, slug, parent_id from categories`,
    );
    const below = (id: number): number[] => [
      id,
      ...categoryRows.filter((c) => c.parent_id === id).flatMap((child) => below(child.id)),
    ];
    vocabulary = {
      categories: categoryRows.map((c) => ({ slug: c.slug, ids: below(c.id).slice(0, 40) })),
      brands: [...(await values(sql`select slug as v from brands`)), "no-such-brand"],
      colors: [...(await values(sql`select distinct color as v from products`)), "ultraviolet"],
      surfaces: await values(
        sql`select distinct boot_surface as v from products where boot_surface is not null`,
      ),
      ages: await values(sql`select distinct age_group as v from products`),
      currencies: await values(sql`select distinct currency as v from product_prices order by 1`),
    };
  }, 120_000);
  afterAll(async () => {
    await testDb?.drop();
  });

  function randomCase(random: ReturnType<typeof generator>): { scope: ListingScope; query: ListingQuery } {
    const currency = random.pick(vocabulary.currencies);
    const edges = PRICE_EDGES[currency] ?? [];
    const ranges = [
      `0-${edges[0]}`,
      ...edges.slice(1).map((edge, i) => `${edges[i]}-${edge}`),
      `${edges.at(-1)}+`,
      `${Math.floor(random.next() * (edges.at(-1) ?? 100))}-${Math.floor(random.next() * 2 * (edges.at(-1) ?? 100))}`,
      `${Math.floor(random.next() * (edges.at(-1) ?? 100))}+`,
    ];
    const where = random.next();
    const scope: ListingScope =
      where < 0.7
        ? {
            currency,
            locale: random.pick(["en", "da", "de"]),
            categoryIds: random.pick(vocabulary.categories).ids,
          }
        : {
            currency,
            locale: "en",
            q: random.pick(["*", "", "gloves", "boots", "black shirt", "adidas", "kids"]),
          };
    const raw = {
      sort: random.pick(PRODUCT_SORTS),
      page: random.next() < 0.8 ? undefined : String(1 + Math.floor(random.next() * 3)),
      brand: random.some(vocabulary.brands, 0.5).join("|"),
      color: random.some(vocabulary.colors, 0.4).join("|"),
      boot_surface: random.some(vocabulary.surfaces, 0.3).join("|"),
      age: random.some(vocabulary.ages, 0.3).join("|"),
      price_range: random.some(ranges, 0.4).join("|"),
      others: random.some([...OTHERS_VALUES, "unknown-flag"], 0.4).join("|"),
    };
    return { scope, query: listingQuery.parse(raw) };
  }

  /** The listing by one engine, or the refusal it gives (a page past the end is a 404 for both). */
  const listing = (engine: ListingEngine, scope: ListingScope, query: ListingQuery) =>
    computeListing(testDb.database.db, scope, query, { engine }).then(
      (result) => ({
        ...result,
        products: result.products.map((card) => card.product_id),
      }),
      (error: { statusCode?: number; code?: string }) => ({ refused: error.statusCode, code: error.code }),
    );

  async function compareRandomCases(seed: number, cases: number) {
    const random = generator(seed);
    let nonEmpty = 0;
    for (let i = 0; i < cases; i++) {
      const { scope, query } = randomCase(random);
      const expected = await listing("sql", scope, query);
      const actual = await listing("index", scope, query);
      expect(actual, JSON.stringify({ seed, i, scope, query })).toEqual(expected);
      if ("total" in expected && expected.total > 0) nonEmpty++;
    }
    // The combinations must not all be empty listings, or they would prove little.
    expect(nonEmpty).toBeGreaterThan(cases / 3);
  }

  it("answers a search with words as the first listing, before any index is built", async () => {
    // The index is built outside the search's transaction (on PGlite's one connection a build inside
    // it would wait for the transaction forever).
    const found = await runListing(
      testDb.database.db,
      { currency: "SEK", locale: "sv", q: "boots" },
      listingQuery.parse({}),
    );
    expect(found.total).toBeGreaterThan(0);
    expect(found.products.length).toBeGreaterThan(0);
  });

  it("gives the same counts, totals and pages for random filter combinations", async () => {
    await compareRandomCases(19, 250);
  }, 300_000);

  it("follows the catalogue after prices, stock, online flags and products change", async () => {
    const db = testDb.database.db;
    const before = await facetIndex(db, "EUR");
    // A price cut that puts products on sale and moves them between price buckets, products taken
    // offline, stock sold out, and a new product copied from an existing one.
    await db.execute(
      sql`update product_prices set price = price / 3 where currency = 'EUR' and product_id % 7 = 0`,
    );
    await db.execute(sql`update products set online = false where id % 11 = 0`);
    await db.execute(sql`update product_sizes set stock = 0 where product_id % 5 = 0`);
    const [model] = await db
      .select()
      .from(products)
      .where(and(eq(products.online, true), eq(products.itemType, "football_boots")))
      .orderBy(asc(products.id))
      .limit(1);
    if (!model) throw new Error("the demo catalogue has no football boots");
    const { id: modelId, createdAt: _created, ...fields } = model;
    const [copy] = await db
      .insert(products)
      .values({
        ...fields,
        name: "Facet index test boot",
        style: `${fields.style}-copy`,
        slug: `${fields.slug}-copy`,
        relativeUrl: `${fields.relativeUrl}-copy`,
        popularity: 1_000_000,
        onlineAt: new Date(),
      })
      .returning({ id: products.id });
    await db.execute(
      sql`insert into product_prices (product_id, currency, price, rrp)
          select ${copy?.id}, currency, price, rrp from product_prices where product_id = ${modelId}`,
    );
    // The search's own copies follow, as the shop's catalogue changes refresh them.
    await refreshSearchDocuments(db);
    const after = await facetIndex(db, "EUR");
    expect(after.revision).not.toBe(before.revision);
    await compareRandomCases(20, 120);
  }, 300_000);

  it("serves the cached listing from the index and sees a price change at once", async () => {
    const db = testDb.database.db;
    const scope: ListingScope = { currency: "EUR", locale: "en" };
    const query = listingQuery.parse({ sort: "price-asc" });
    const first = await runListing(db, scope, query);
    const cheapest = first.products[0];
    expect(cheapest).toBeDefined();
    // The dearest product becomes the cheapest: the next listing (same address) shows it first.
    const [dearest] = await rows<{ product_id: number }>(
      db,
      sql`select pp.product_id from product_prices pp join products p on p.id = pp.product_id
           where pp.currency = 'EUR' and p.online order by pp.price desc, pp.product_id limit 1`,
    );
    await db.execute(
      sql`update product_prices set price = 1 where currency = 'EUR' and product_id = ${dearest?.product_id}`,
    );
    const second = await runListing(db, scope, query);
    expect(second.products[0]?.product_id).toBe(dearest?.product_id);
    expect(second.products[0]?.product_id).not.toBe(cheapest?.product_id);
  });

  it("keeps its index through a sale, while the cached listing shows the size sold out at once", async () => {
    const db = testDb.database.db;
    const scope: ListingScope = { currency: "EUR", locale: "en" };
    const query = listingQuery.parse({ sort: "price-asc" });
    const before = await facetIndex(db, "EUR");
    const listed = await runListing(db, scope, query);
    const card = listed.products.find((product) => product.sizes?.some((size) => size.in_stock));
    const size = card?.sizes?.find((s) => s.in_stock);
    expect(size).toBeDefined();
    // A sale: only stock moves, as the checkout's step writes it.
    await db.execute(sql`update product_sizes set stock = 0 where id = ${size?.size_id}`);
    expect(await facetIndex(db, "EUR")).toBe(before);
    const after = await runListing(db, scope, query);
    const same = after.products.find((product) => product.product_id === card?.product_id);
    expect(same?.sizes?.find((s) => s.size_id === size?.size_id)?.in_stock).toBe(false);
    // A size renamed is a catalogue change: the index is built again.
    await db.execute(sql`update product_sizes set name = name where id = ${size?.size_id}`);
    expect(await facetIndex(db, "EUR")).not.toBe(before);
  });
});
