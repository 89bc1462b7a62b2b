import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundTripCounter } from "#db/round-trips.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";

describe("queries per listing request", () => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  // Every statement sent counts, a named (prepared) one and a transaction's begin and commit included.
  let counter: { roundTrips: number };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 300, seed: 4, dataDir: "" });
    counter = roundTripCounter(testDb.database);
    app = await buildApp(
      loadConfig({ NODE_ENV: "test" }),
      { ...testDb.database, close: async () => {} },
      {
        pages: { mode: "none" },
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  const queriesFor = async (url: string) => {
    const before = counter.roundTrips;
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    return { queries: counter.roundTrips - before, products: response.json().products.length as number };
  };

  it("does not grow with the number of products on the page", async () => {
    // The facet index is read once per catalogue revision and currency (two queries, whatever the
    // catalogue's size); the listings below are counted after it.
    const warmUp = await queriesFor("/api/category/get/?slug=football-boots&sort=name-abc&color=white");
    const few = await queriesFor("/api/category/get/?slug=shin-guards&color=black");
    const many = await queriesFor("/api/category/get/?slug=football-boots");
    expect(many.products).toBeGreaterThan(few.products * 5);
    // The sponsored block (first page, no filter) adds a revision read, its lookup and one page of cards.
    expect(many.queries).toBeLessThanOrEqual(few.queries + 3);
    const search = await queriesFor("/api/search/?q=*");
    const narrow = await queriesFor("/api/search/?q=gloves&color=red");
    // A search with words adds one read of the lexicon and synonyms, and a transaction (begin, the
    // setting that keeps the planner on the indexes, the read of its matches' ids in relevance order,
    // commit); the facet index counts and pages within them.
    expect(narrow.queries).toBe(search.queries + 5);
    // Revision reads (the response and the listing are cached separately) and the page of cards: the
    // facet index gives the counts and the page's ids without a query; a category adds a revision read
    // and the category tree.
    expect(search.queries).toBe(3);
    expect(few.queries).toBe(5);
    expect(warmUp.queries).toBe(few.queries + 2);
  });

  it("answers a repeated listing from the cache until the catalogue changes", async () => {
    const url = "/api/category/get/?slug=football-boots&color=black&sort=price-asc";
    const first = await app.inject({ method: "GET", url });
    let before = counter.roundTrips;
    const again = await app.inject({ method: "GET", url });
    expect(again.json()).toEqual(first.json());
    // Only the revision is read, plus the sponsored lookup that is not part of the listing.
    const cachedQueries = counter.roundTrips - before;
    expect(cachedQueries).toBeLessThan(4);

    const cheapest = first.json().products[0];
    await testDb.database.db.execute(
      sql`update product_prices set price = price + 100 where product_id = ${cheapest.product_id}`,
    );
    before = counter.roundTrips;
    const afterChange = await app.inject({ method: "GET", url });
    expect(counter.roundTrips - before).toBeGreaterThan(cachedQueries);
    const changed = afterChange
      .json()
      .products.find((p: { product_id: number }) => p.product_id === cheapest.product_id);
    expect(changed).toBeDefined();
    expect(changed.prices.min_price).not.toBe(cheapest.prices.min_price);
  });
});
