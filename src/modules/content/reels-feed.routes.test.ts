import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { REELS_PAGE_SIZE } from "./reels-feed.contract.ts";
import { reelFeedPage } from "./reels-feed.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example" });
  await seedDemoShop(t.database, { products: 40, seed: 4, dataDir: "" });
});
afterAll(async () => t?.close());
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("the reels feed", () => {
  it("pages every reel, newest first, with slug, video, brand, player and products", async () => {
    const first = await get("/api/content/reels/");
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.items).toHaveLength(REELS_PAGE_SIZE);
    expect(body.meta.total).toBeGreaterThan(REELS_PAGE_SIZE);
    expect(body.meta.next).toBe("https://shop.example/api/content/reels/?page=2");
    const reel = body.items[0];
    expect(reel).toMatchObject({
      meta: { slug: expect.stringMatching(/-reel-\d+$/) },
      title: expect.any(String),
      image: { full_url: expect.stringMatching(/^\/media\//), width: 360, height: 640 },
      video: expect.stringMatching(/^\/media\/reels\//),
      brand: { brand: expect.any(String), image: expect.stringMatching(/^\/media\/brands\/[a-z-]+\.svg$/) },
      player: { name: expect.any(String), image: expect.stringMatching(/^\/media\/content\//) },
    });
    expect(reel.products.length).toBeGreaterThan(0);
    expect(reel.brand.brand).toBe(reel.products[0].brand);

    const second = (await get("/api/content/reels/?page=2")).json();
    expect(second.meta.page).toBe(2);
    const seen = new Set(body.items.map((r: { id: number }) => r.id));
    expect(second.items.some((r: { id: number }) => seen.has(r.id))).toBe(false);
    const last = (await get(`/api/content/reels/?page=${body.meta.pages.total}`)).json();
    expect(last.meta.next).toBeNull();
  });

  it("speaks the shopper's language and links the next page on the configured host, never Host", async () => {
    const response = await get("/api/content/reels/", {
      host: "attacker.example",
      "x-forwarded-host": "evil",
    });
    expect(response.json().meta.next).toBe("https://shop.example/api/content/reels/?page=2");
    const german = (await get("/api/content/reels/", { cookie: "market=de" })).json();
    expect(german.items[0].button_label).toBe("Zum Video einkaufen");
    expect(german.items[0].products[0].prices.currency).toBe("EUR");
  });

  it("knows the page each reel is on", async () => {
    const pages = (await get("/api/content/reels/")).json().meta.pages.total as number;
    for (let page = 1; page <= pages; page++) {
      const items = (await get(`/api/content/reels/?page=${page}`)).json().items as {
        meta: { slug: string };
      }[];
      for (const item of items) expect(await reelFeedPage(t.database.db, item.meta.slug)).toBe(page);
    }
    expect(await reelFeedPage(t.database.db, "no-such-reel")).toBeNull();
  });

  it("refuses a page that is not a whole number in range, never with a 5xx", async () => {
    for (const page of [
      "0",
      "-1",
      "1.5",
      "abc",
      "99999999999999999999",
      "100001",
      encodeURIComponent("２"),
      "%00",
    ]) {
      const response = await get(`/api/content/reels/?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), page).toContain("page");
    }
    expect((await get("/api/content/reels/?page=99999")).statusCode).toBe(404);
  });
});
