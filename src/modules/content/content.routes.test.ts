import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#db/seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { hotspotPercent } from "./content.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
    expect(guides.meta).toMatchObject({ total: 14, pages: { total: 2 } });
    expect(guides.meta.next).toMatch(/\/api\/category\/guides\/\?slug=football-boots&page=2$/);
    const second = (await get("/api/category/guides/?slug=football-boots&page=2")).json();
    expect(second.items).toHaveLength(2);
    expect(second.meta.next).toBeNull();
    const reel = (await get("/api/category/reels/?slug=football-boots")).json().items[0];
    expect(reel.products.length).toBeGreaterThan(0);
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
