import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "#modules/catalog/catalog.schema.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { contentItems } from "./content.schema.ts";
import { hotspotPercent } from "./content.service.ts";

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy that is trusted, with a host of its own for Germany.
  t = await createTestApp(
    { publicUrl: "https://shop.example", hostMarkets: { "pitchside.de": "de" } },
    { TRUST_PROXY: "true" },
  );
  await seedDemoShop(t.database, { products: 120, seed: 5, dataDir: "" });
});
afterAll(async () => t?.close());
const get = (url: string) => t.app.inject({ method: "GET", url });

describe("category content lists", () => {
  it("lists guides, reels and stories with slug, title and image", async () => {
    for (const [path, expected] of [
      ["/api/category/guides/", 12],
      ["/api/category/reels/", 4],
      ["/api/category/stories/", 2],
    ] as const) {
      const body = (await get(`${path}?slug=football-boots`)).json();
      expect(body.items, path).toHaveLength(expected);
      expect(body.items[0]).toMatchObject({
        slug: expect.any(String),
        title: expect.any(String),
        image: { src: expect.stringMatching(/^\/media\//) },
      });
      expect(body.meta.next === null).toBe(path !== "/api/category/guides/");
    }
    const guides = (await get("/api/category/guides/?slug=football-boots")).json();
    // A guide card carries what its card and slide-out page show: lead, header image, tags, date, body.
    const guide = guides.items[0];
    expect(guide.lead).not.toBe("");
    expect(guide.header_image?.url).toBe(guide.image.src);
    expect(guide.content_tags.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(guide.first_published_at))).toBe(false);
    expect(guide.body).toMatch(/<p>/);
    expect(guide.body).not.toMatch(/<script/i);
    expect(guide.reading_minutes).toBeGreaterThanOrEqual(1);
    expect(guides.meta).toMatchObject({ total: 14, pages: { total: 2 } });
    expect(guides.meta.next).toMatch(/\/api\/category\/guides\/\?slug=football-boots&page=2$/);
    const second = (await get("/api/category/guides/?slug=football-boots&page=2")).json();
    expect(second.items).toHaveLength(2);
    expect(second.meta.next).toBeNull();
    const reel = (await get("/api/category/reels/?slug=football-boots")).json().items[0];
    expect(reel.products.length).toBeGreaterThan(0);
  });

  it("links the next page on the shop's configured address, never on Host or X-Forwarded-Host", async () => {
    for (const [headers, address] of [
      [{ host: "attacker.example" }, "https://shop.example"],
      [{ host: "shop.example", "x-forwarded-host": "attacker.example" }, "https://shop.example"],
      [{ host: "pitchside.de", "x-forwarded-host": "attacker.example" }, "https://pitchside.de"],
      [{ host: "localhost", cookie: "market=de" }, "https://pitchside.de"],
    ] as const) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/category/guides/?slug=football-boots",
        headers,
      });
      expect(response.json().meta.next, JSON.stringify(headers)).toBe(
        `${address}/api/category/guides/?slug=football-boots&page=2`,
      );
    }
  });

  it("gives placed items their index_placement and shop-the-looks their hotspots with products", async () => {
    const links = (await get("/api/content/category/link-cards/?fields=*&slug=football-boots")).json();
    expect(links.items[0].index_placement).toBeGreaterThan(0);
    const looks = (await get("/api/content/category/shop-the-looks/?fields=*&slug=football-boots")).json();
    const spots = looks.items[0].content.hotspots;
    expect(spots.length).toBeGreaterThan(0);
    for (const spot of spots) {
      expect(spot.coordinates.x).toBeGreaterThanOrEqual(0);
      expect(spot.coordinates.x).toBeLessThanOrEqual(100);
      expect(spot.product[0].product_id).toEqual(expect.any(Number));
    }
    expect(
      (await get("/api/content/category/video-cards/?slug=football-boots")).json().items[0],
    ).toMatchObject({ subtitle: expect.any(String) });
    expect((await get("/api/content/category/images/?slug=football-boots")).statusCode).toBe(200);
  });

  it("answers 404 for pages outside the list and unknown categories, 400 without a slug", async () => {
    for (const page of ["0", "3", "abc", "-1"]) {
      expect((await get(`/api/category/guides/?slug=football-boots&page=${page}`)).statusCode, page).toBe(
        404,
      );
    }
    expect((await get("/api/category/reels/?slug=no-such-category")).statusCode).toBe(404);
    expect((await get("/api/category/stories/")).statusCode).toBe(400);
    expect((await get("/api/category/guides/?slug=firm-ground")).json().items).toEqual([]);
  });
});

describe("hotspot coordinates", () => {
  it("reads fractions as percentages, clamps to 0–100 and skips what is not a number", () => {
    expect(hotspotPercent(0.25)).toBe(25);
    expect(hotspotPercent(1)).toBe(100);
    expect(hotspotPercent(46)).toBe(46);
    expect(hotspotPercent(150)).toBe(100);
    expect(hotspotPercent(-3)).toBe(0);
    expect(hotspotPercent("60")).toBe(60);
    expect(hotspotPercent("left")).toBeNull();
    expect(hotspotPercent(undefined)).toBeNull();
  });
});

describe("items as an editor stored them", () => {
  it("answers a list whose item has an odd picture size or a link that is not text, dropping what is odd", async () => {
    const [category] = await t.database.db.select({ id: categories.id }).from(categories).limit(1);
    await t.database.db.insert(contentItems).values([
      {
        kind: "image_item",
        slug: "odd-picture",
        categoryId: category!.id,
        title: { en: "Odd picture" },
        indexPlacement: 1,
        data: { image: { src: "/media/content/odd.svg", width: "800", alt: 5 }, url: 42 },
        publishedAt: new Date("2026-01-01"),
      },
      {
        kind: "reel",
        slug: "odd-reel",
        categoryId: category!.id,
        title: { en: "Odd reel" },
        data: { image: { nosrc: true }, button_url: { href: "/x/" } },
        publishedAt: new Date("2026-01-01"),
      },
    ]);
    const slug = (
      await t.database.db
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, category!.id))
    )[0]!.slug;
    const images = await get(`/api/content/category/images/?slug=${slug}`);
    expect(images.statusCode).toBe(200);
    const odd = images.json().items.find((item: { slug: string }) => item.slug === "odd-picture");
    expect(odd).toMatchObject({ url: null, image: { src: "/media/content/odd.svg" } });
    expect(odd.image).not.toHaveProperty("width");
    expect(odd.image).not.toHaveProperty("alt");
    const reels = await get(`/api/category/reels/?slug=${slug}`);
    expect(reels.statusCode).toBe(200);
    const reel = reels.json().items.find((item: { slug: string }) => item.slug === "odd-reel");
    expect(reel).toMatchObject({ image: { src: "" }, button_url: null });
  });
});
