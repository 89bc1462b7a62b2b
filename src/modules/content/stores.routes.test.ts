import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { mapsUrl, openingWeek, weekdayName } from "./stores.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 30, seed: 4, dataDir: "" });
});
afterAll(async () => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("the store locator's call", () => {
  it("lists the stores flagship first, with group, pictures, address, map place and a week of hours", async () => {
    const answer = await get("/api/stores/", "language=de");
    expect(answer.statusCode).toBe(200);
    const { stores } = answer.json();
    expect(stores.map((s: { slug: string }) => s.slug)).toEqual(["copenhagen-flagship", "aarhus", "malmo"]);
    const [flagship, , malmo] = stores;
    expect(flagship).toMatchObject({
      group_key: "denmark",
      title: "Pitchside Copenhagen",
      store: "Pitchside Copenhagen",
      is_flagship: true,
      address: {
        street: "Østerbrogade 50",
        city: "København Ø",
        zip: "2100",
        maps_location: { place_id: "pitchside-copenhagen", lat: 55.6995, lng: 12.5787 },
      },
    });
    expect(flagship.description).toMatch(/^Unser Flagship-Store/);
    expect(flagship.images).toHaveLength(3);
    expect(flagship.images[0]).toEqual({
      src: "/media/content/store-copenhagen-1.svg",
      width: 1200,
      height: 800,
      alt: "Die Schuhwand",
    });
    expect(flagship.maps_url).toBe(
      "https://www.google.com/maps/search/?api=1&query=55.6995%2C12.5787&query_place_id=pitchside-copenhagen",
    );
    expect(flagship.opening_hours).toHaveLength(7);
    expect(flagship.opening_hours[0]).toEqual({
      weekday: 1,
      day: "monday",
      display_name: "Montag",
      display: "10:00–19:00",
      open: "10:00",
      close: "19:00",
    });
    expect(malmo.group_key).toBe("sweden");
    expect(stores[1].opening_hours[6]).toMatchObject({ day: "sunday", display: null, open: null });
  });

  it("gives each store's body as CMS blocks in the shopper's language, its HTML sanitised on the way out", async () => {
    const german = (await get("/api/stores/", "language=de")).json().stores[0];
    expect(german.body).toEqual([
      { type: "paragraph", value: expect.stringMatching(/^<p>Kommen Sie zur Schuhanprobe/) },
      {
        type: "image",
        value: {
          src: "/media/content/store-copenhagen-inside.svg",
          alt: "Im Laden",
          width: 1200,
          height: 800,
        },
      },
    ]);
    const polish = (await get("/api/stores/", "language=pl")).json().stores[2];
    expect(polish.body[0].value).toMatch(/^<p>Przynieś koszulkę klubową/);

    // An editor's HTML stored without the seed's sanitiser, and blocks the renderer does not know.
    await t.database.db.execute(sql`
      update stores set body = ${JSON.stringify({
        en: [
          {
            type: "paragraph",
            value:
              '<p onclick="x()">Open late <script>alert(1)</script><a href="javascript:x()">here</a></p>',
          },
          { type: "marquee", value: "?" },
          { type: "image", value: { src: "javascript:alert(1)", alt: "x" } },
        ],
      })}::jsonb where slug = 'aarhus'`);
    const aarhus = (await get("/api/stores/", "language=en")).json().stores[1];
    expect(aarhus.slug).toBe("aarhus");
    expect(aarhus.body).toEqual([{ type: "paragraph", value: "<p>Open late <a>here</a></p>" }]);
    // Danish falls back to English where the store has no Danish body.
    expect((await get("/api/stores/", "language=da")).json().stores[1].body).toEqual(aarhus.body);
  });

  it("names the days in the shopper's language", () => {
    expect(weekdayName(1, "da-DK")).toBe("mandag");
    expect(weekdayName(7, "fi-FI")).toBe("sunnuntai");
    expect(openingWeek([], "en-GB").every((day) => day.display === null)).toBe(true);
    expect(mapsUrl("a&b", 1, 2)).toContain("query_place_id=a%26b");
  });
});

describe("the flagship store's stock of a product", () => {
  it("answers each size with the pieces on the store's shelf, never cached", async () => {
    const [size] = await rows<{ product_id: number }>(
      t.database.db,
      sql`select product_id from product_sizes where store_stock > 0 order by id limit 1`,
    );
    const answer = await get(`/api/products/${size?.product_id}/store-stock/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const body = answer.json();
    expect(body.store).toMatchObject({ slug: "copenhagen-flagship", title: "Pitchside Copenhagen" });
    expect(body.sizes.some((s: { quantity: number }) => s.quantity > 0)).toBe(true);
    const stored = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from product_sizes where product_id = ${size?.product_id}`,
    );
    expect(body.sizes).toHaveLength(stored[0]?.n as number);
  });

  it("refuses unknown, huge and malformed ids", async () => {
    expect((await get("/api/products/2147483647/store-stock/")).statusCode).toBe(404);
    for (const bad of ["0", "-3", "x", "2147483648", "99999999999999999999", "%E2%9A%BD"])
      expect((await get(`/api/products/${bad}/store-stock/`)).statusCode, bad).toBe(400);
  });
});
