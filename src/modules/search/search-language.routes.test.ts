import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { emptySearchHelp } from "./empty-search.service.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 400, seed: 11, dataDir: "" });
});
afterAll(async () => t?.close());

/** The item types of the first results of a search in a market. */
async function search(market: string, q: string) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/search/?q=${encodeURIComponent(q)}`,
    headers: { cookie: `market=${market}` },
  });
  expect(response.statusCode, q).toBe(200);
  const body = response.json() as {
    products: { attributes: { item_type: string } }[];
    meta: { total: number };
  };
  return { total: body.meta.total, types: body.products.map((p) => p.attributes.item_type) };
}

describe("search in the shopper's language", () => {
  it.each([
    ["dk", "handsker", "goalkeeper_gloves"],
    ["dk", "handske", "goalkeeper_gloves"],
    ["dk", "støvler", "football_boots"],
    ["dk", "trøjer", "football_shirts"],
    ["dk", "glovs", "goalkeeper_gloves"],
    ["dk", "bold", "balls"],
    ["de", "handschuhe", "goalkeeper_gloves"],
    ["de", "Torwarthandschuhe", "goalkeeper_gloves"],
    ["se", "fotbollsskor", "football_boots"],
    ["fi", "hanskat", "goalkeeper_gloves"],
    ["nl", "ballen", "balls"],
    ["fr", "gants", "goalkeeper_gloves"],
    ["pl", "rękawice", "goalkeeper_gloves"],
    ["no", "keeperhansker", "goalkeeper_gloves"],
    ["it", "guanti", "goalkeeper_gloves"],
    ["it", "guanti da portiere", "goalkeeper_gloves"],
    ["it", "scarpe da calcio", "football_boots"],
    ["it", "pallone", "balls"],
    ["it", "maglia", "football_shirts"],
    ["es", "guantes", "goalkeeper_gloves"],
    ["es", "botas de fútbol", "football_boots"],
    ["es", "botas de futbol", "football_boots"],
    ["es", "camiseta", "football_shirts"],
    ["es", "balón", "balls"],
  ])("in market %s, %s lists %s first", async (market, q, itemType) => {
    const { total, types } = await search(market, q);
    expect(total).toBeGreaterThan(0);
    expect(types.slice(0, 5)).toEqual(Array(Math.min(5, types.length)).fill(itemType));
  });

  it("finds colours in the shop's language and combines them with the item type", async () => {
    const { total, types } = await search("dk", "sorte handsker");
    expect(total).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(["goalkeeper_gloves"]));
    const colours = (await t.database.db.execute(
      sql`select distinct color from products where item_type = 'goalkeeper_gloves'`,
    )) as unknown as { rows: { color: string }[] };
    expect(colours.rows.length).toBeGreaterThan(0);
  });

  it("finds colours in Italian and Spanish and combines them with the item type", async () => {
    const italian = await search("it", "guanti neri");
    expect(italian.total).toBeGreaterThan(0);
    expect(new Set(italian.types)).toEqual(new Set(["goalkeeper_gloves"]));
    const spanish = await search("es", "guantes negros");
    expect(spanish.total).toBe(italian.total);
    expect(new Set(spanish.types)).toEqual(new Set(["goalkeeper_gloves"]));
  });

  it("tolerates two typos in a longer word and none in a short one", async () => {
    expect((await search("de", "torwarthandschue")).types[0]).toBe("goalkeeper_gloves");
    expect((await search("dk", "qqqq")).total).toBe(0);
  });

  it("uses the operator's synonyms of the shop's language", async () => {
    expect((await search("dk", "keeperhandsker")).types[0]).toBe("goalkeeper_gloves");
    expect((await search("pl", "korki")).types[0]).toBe("football_boots");
  });
});

describe("the empty result", () => {
  it("offers the closest indexed word, the categories and popular products", async () => {
    expect((await search("dk", "målmandshandskerrrr")).total).toBe(0);
    const help = await emptySearchHelp(t.database.db, "Målmandshandskerrrr", {
      currency: "DKK",
      locale: "da",
    });
    expect(help.didYouMean).toBe("målmandshandsker");
    expect(help.categories.map((c) => c.title)).toContain("Målmandshandsker");
    expect(help.popular.length).toBeGreaterThan(0);
    expect(help.popular[0]?.prices.currency).toBe("DKK");
    const nothing = await emptySearchHelp(t.database.db, "qqqqxxxx", { currency: "DKK", locale: "da" });
    expect(nothing.didYouMean).toBeNull();
  });
});
