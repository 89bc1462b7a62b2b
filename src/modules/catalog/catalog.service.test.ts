import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { cachedCategoryTree, getProductCards, listBrands, listCategoryTree } from "./catalog.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 120, seed: 3, dataDir: "" });
});
afterAll(async () => t?.close());

describe("catalogue reads", () => {
  it("lists the category tree with boots by surface, translated", async () => {
    const tree = await listCategoryTree(t.database.db, "de");
    const boots = tree.find((c) => c.slug === "football-boots");
    expect(boots?.title).toBe("Fußballschuhe");
    expect(boots?.children.map((c) => c.slug)).toEqual([
      "firm-ground",
      "artificial-grass",
      "soft-ground",
      "multi-ground",
      "indoor-court",
      "turf",
    ]);
  });

  it("shares the header's category tree between pages until the catalogue changes", async () => {
    const { db } = t.database;
    const first = await cachedCategoryTree(db, "de");
    expect(await cachedCategoryTree(db, "de")).toBe(first);
    await db.execute(
      sql`update categories set name = name || '{"de":"Stollenschuhe"}'::jsonb where slug = 'football-boots'`,
    );
    const renamed = await cachedCategoryTree(db, "de");
    expect(renamed.find((c) => c.slug === "football-boots")?.title).toBe("Stollenschuhe");
    expect((await cachedCategoryTree(db, "da")).find((c) => c.slug === "football-boots")?.title).not.toBe(
      "Stollenschuhe",
    );
  });

  it("lists at least ten brands, with logos", async () => {
    const brands = await listBrands(t.database.db);
    expect(brands.length).toBeGreaterThanOrEqual(10);
    expect(brands.filter((b) => b.logo).length).toBeGreaterThanOrEqual(10);
  });

  it("returns cards in the market's currency, sorted, with the 30-day lowest price on discounted ones", async () => {
    const cards = await getProductCards(t.database.db, { currency: "DKK", sort: "price-asc", limit: 40 });
    expect(cards).toHaveLength(40);
    const prices = cards.map((c) => c.prices.min_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(cards.every((c) => c.prices.currency === "DKK")).toBe(true);
    const discounted = await getProductCards(t.database.db, {
      currency: "EUR",
      discountedOnly: true,
      limit: 20,
    });
    expect(discounted.length).toBeGreaterThan(0);
    for (const card of discounted) {
      expect(card.prices.discount_percentage).toBeGreaterThan(0);
      expect(card.prices.lowest_price_30_days).not.toBeNull();
    }
  });

  it("filters by category (with its subcategories) and by item type", async () => {
    const boots = await getProductCards(t.database.db, {
      currency: "EUR",
      categorySlug: "football-boots",
      limit: 100,
    });
    expect(boots.length).toBeGreaterThan(0);
    expect(boots.every((c) => c.attributes.item_type === "football_boots")).toBe(true);
    const gloves = await getProductCards(t.database.db, {
      currency: "EUR",
      itemType: "goalkeeper_gloves",
      limit: 5,
    });
    expect(gloves.every((c) => c.attributes.item_type === "goalkeeper_gloves")).toBe(true);
  });

  it("needs one query for a page of cards, however many there are", async () => {
    let queries = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== "execute") return value;
        return (...args: unknown[]) => {
          queries++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    await getProductCards(counting, { currency: "EUR", limit: 5 });
    const few = queries;
    queries = 0;
    await getProductCards(counting, { currency: "EUR", limit: 60 });
    expect(queries).toBe(few);
    expect(queries).toBe(1);
  });
});

describe("media", () => {
  it("draws product pictures as SVG and answers 404 for unknown products or views", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/media/products/1/0.svg" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toContain("image/svg+xml");
    expect(ok.body).toMatch(/^<svg /);
    expect((await t.app.inject({ method: "GET", url: "/media/products/999999/0.svg" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/media/products/1/7.svg" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/media/products/abc/0.svg" })).statusCode).toBe(404);
  });

  it("draws brand logos and escapes text", async () => {
    const logo = await t.app.inject({ method: "GET", url: "/media/brands/strikon.svg" });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain("STRIKON");
    expect((await t.app.inject({ method: "GET", url: "/media/brands/no-such-brand.svg" })).statusCode).toBe(
      404,
    );
  });

  it("sends pictures as SVG that runs nothing, editorial art for any slug, and a JSON 404 for bad paths", async () => {
    const art = await t.app.inject({ method: "GET", url: "/media/content/summer-guide.svg" });
    expect(art.statusCode).toBe(200);
    expect(art.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(art.headers["cache-control"]).toBe("public, max-age=604800");
    expect(art.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(art.body).toMatch(/^<svg /);
    for (const url of [
      "/media/content/Not_A_Slug.svg",
      "/media/brands/%3Cscript%3E.svg",
      "/media/products/1/8.svg",
      "/media/products/0/0.svg",
    ]) {
      const missing = await t.app.inject({ method: "GET", url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ error: "not_found", message: "No such picture." });
    }
  });
});
