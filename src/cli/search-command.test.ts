import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSearch, recordSearchOpened, searchReport } from "#modules/search/search-analytics.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { searchReportCommand, synonymsCommand } from "./search-command.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalogueApiToken: "feed-secret" });
  await seedDemoShop(t.database, { products: 300, seed: 5, dataDir: "" });
});
afterAll(async () => t?.close());

const get = (url: string, market = "dk") =>
  t.app.inject({ method: "GET", url, headers: { cookie: `market=${market}` } });
const catalogue = (method: "GET" | "PUT" | "DELETE", url: string, payload?: unknown, token = "feed-secret") =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

function cli(run: typeof synonymsCommand, args: string[]) {
  let out = "";
  let err = "";
  return run(t.database.db, args, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    now: () => new Date(),
  }).then((code) => ({ code, out, err }));
}

describe("GET /api/search/suggest/", () => {
  it("offers the gloves category, and glove products priced in the market's currency, for 'hand'", async () => {
    const response = await get("/api/search/suggest/?q=hand");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.categories[0]).toEqual({
      slug: "goalkeeper-gloves",
      title: "Målmandshandsker",
      url: "/goalkeeper-gloves/",
    });
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    for (const product of body.products) {
      expect(product.currency).toBe("DKK");
      expect(product.image).toMatch(/^\//);
      expect(product.price).toBeGreaterThan(0);
    }
  });

  it("offers brands by the start of their name", async () => {
    const body = (await get("/api/search/suggest/?q=strik")).json();
    expect(body.brands.map((b: { slug: string }) => b.slug)).toContain("strikon");
  });

  it("answers 400 with the field for a missing, empty or over-long query, and treats SQL as text", async () => {
    for (const url of [
      "/api/search/suggest/",
      "/api/search/suggest/?q=",
      "/api/search/suggest/?q=%20%20",
      `/api/search/suggest/?q=${"a".repeat(101)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json())).toContain("q");
    }
    expect(
      (await get(`/api/search/suggest/?q=${encodeURIComponent("'; drop table brands; --")}`)).statusCode,
    ).toBe(200);
    expect((await get("/api/search/suggest/?q=%25_%25x")).statusCode).toBe(200);
  });
});

describe("search synonyms", () => {
  it("refuses the catalogue API without the token and checks the fields", async () => {
    expect((await catalogue("GET", "/api/catalogue/synonyms/", undefined, "wrong")).statusCode).toBe(401);
    const bad = await catalogue("PUT", "/api/catalogue/synonyms/", {
      language: "xx",
      term: "",
      synonyms: [],
    });
    expect(bad.statusCode).toBe(400);
    for (const field of ["language", "term", "synonyms"]) expect(JSON.stringify(bad.json())).toContain(field);
    expect(
      (await catalogue("DELETE", "/api/catalogue/synonyms/?language=da&term=nothing-here")).statusCode,
    ).toBe(404);
  });

  it("lists the seeded synonyms, and a synonym added through the API finds its products at once", async () => {
    const seeded = (await catalogue("GET", "/api/catalogue/synonyms/?language=da")).json();
    expect(seeded.synonyms.map((s: { term: string }) => s.term)).toContain("keeper");
    expect((await get("/api/search/?q=xylofant")).json().meta.total).toBe(0);
    const saved = await catalogue("PUT", "/api/catalogue/synonyms/", {
      language: "da",
      term: "Xylofant",
      synonyms: ["handsker"],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: "da", term: "xylofant", synonyms: ["handsker"] });
    const found = (await get("/api/search/?q=xylofant")).json();
    expect(found.meta.total).toBeGreaterThan(0);
    expect(found.products[0].attributes.item_type).toBe("goalkeeper_gloves");
    // Only in Danish.
    expect((await get("/api/search/?q=xylofant", "de")).json().meta.total).toBe(0);
    expect((await catalogue("DELETE", "/api/catalogue/synonyms/?language=da&term=xylofant")).statusCode).toBe(
      200,
    );
    expect((await get("/api/search/?q=xylofant")).json().meta.total).toBe(0);
  });

  it("is managed with pitchside synonyms list|add|remove", async () => {
    expect(await cli(synonymsCommand, ["add", "sv", "lirare", "fotbollsskor"])).toMatchObject({ code: 0 });
    expect((await cli(synonymsCommand, ["list", "sv"])).out).toContain("sv\tlirare\tfotbollsskor");
    expect((await get("/api/search/?q=lirare", "se")).json().products[0].attributes.item_type).toBe(
      "football_boots",
    );
    expect(await cli(synonymsCommand, ["remove", "sv", "lirare"])).toMatchObject({ code: 0 });
    expect((await cli(synonymsCommand, ["remove", "sv", "lirare"])).code).toBe(1);
    expect((await cli(synonymsCommand, ["add", "xx", "a", "b"])).code).toBe(2);
    expect((await cli(synonymsCommand, ["list", "klingon"])).code).toBe(2);
    expect((await cli(synonymsCommand, [])).code).toBe(2);
  });
});

describe("search analytics", () => {
  it("reports the top queries, those that found nothing and those never opened, without personal data", async () => {
    const now = new Date();
    const first = await recordSearch(t.database.db, { q: "  Handsker ", market: "dk", results: 20 });
    await recordSearch(t.database.db, { q: "handsker", market: "dk", results: 20 });
    await recordSearch(t.database.db, { q: "bold", market: "dk", results: 12 });
    await recordSearch(t.database.db, { q: "zzqx", market: "de", results: 0 });
    await recordSearchOpened(t.database.db, first as number);
    const report = await searchReport(t.database.db, { days: 7, now });
    expect(report.top[0]).toEqual({ query: "handsker", searches: 2, results: 20, opened: 1 });
    expect(report.zeroResults.map((row) => row.query)).toEqual(["zzqx"]);
    expect(report.noClicks.map((row) => row.query)).toEqual(["bold"]);
    const printed = await cli(searchReportCommand, ["--days", "7"]);
    expect(printed.code).toBe(0);
    expect(printed.out).toContain("Queries that found nothing");
    expect(printed.out).toMatch(/handsker\s+2\s+20\s+1/);
    expect((await cli(searchReportCommand, ["--days", "many"])).code).toBe(2);
  });
});
