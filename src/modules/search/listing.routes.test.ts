import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";

let t: TestApp;
interface Row {
  id: number;
  name: string;
  brand: string;
  color: string;
  boot_surface: string | null;
  age_group: string;
  price: number;
  rrp: number;
  is_exclusive: boolean;
  category: string;
  parent: string | null;
  online_at: string;
}
let rows: Row[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 400, seed: 11, dataDir: "" });
  const result = await t.database.db.execute(sql`
    select p.id, p.name, b.slug as brand, p.color, p.boot_surface, p.age_group, pp.price, pp.rrp, p.is_exclusive,
           c.slug as category, parent.slug as parent, p.online_at
      from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
      left join categories parent on parent.id = c.parent_id
      join product_prices pp on pp.product_id = p.id and pp.currency = 'DKK'
     where p.online`);
  rows = (result as unknown as { rows: Row[] }).rows;
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const inBoots = () => rows.filter((r) => r.category === "football-boots" || r.parent === "football-boots");
const countBy = (list: Row[], key: (r: Row) => string | null) => {
  const counts: Record<string, number> = {};
  for (const row of list) {
    const value = key(row);
    if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
};
const facet = (
  body: { meta: { filters: { key: string; values: { name: string; count: number }[] }[] } },
  key: string,
) =>
  Object.fromEntries(
    body.meta.filters.find((f) => f.key === key)?.values.map((v) => [v.name, v.count]) ?? [],
  );

describe("GET /api/category/get/", () => {
  it("lists the category and its subcategories with meta and facet counts that match the rows", async () => {
    const response = await get("/api/category/get/?slug=football-boots");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const boots = inBoots();
    expect(body.meta.total).toBe(boots.length);
    expect(body.meta.pages.total).toBe(Math.max(1, Math.ceil(boots.length / 60)));
    expect(body.products).toHaveLength(Math.min(60, boots.length));
    expect(body.meta.has_sub_categories).toBe(true);
    expect(body.meta.sub_categories.map((c: { slug: string }) => c.slug)).toContain("firm-ground");
    expect(body.meta.breadcrumb.at(-1).url).toBe("/football-boots/");
    expect(facet(body, "brand")).toEqual(countBy(boots, (r) => r.brand));
    expect(facet(body, "color")).toEqual(countBy(boots, (r) => r.color));
    expect(facet(body, "boot_surface")).toEqual(countBy(boots, (r) => r.boot_surface));
    expect(facet(body, "age")).toEqual(countBy(boots, (r) => r.age_group));
    const brands = body.meta.filters.find((f: { key: string }) => f.key === "brand").values;
    expect(brands.find((b: { name: string }) => b.name === "strikon")?.has_logo).toBe(true);
    const pampa = brands.find((b: { name: string }) => b.name === "pampa");
    if (pampa) expect(pampa.has_logo).toBe(false);
  });

  it("counts each facet with the other filters applied but not its own", async () => {
    const boots = inBoots();
    const brand = Object.entries(countBy(boots, (r) => r.brand)).sort(
      (a, b) => b[1] - a[1],
    )[0]?.[0] as string;
    const colours = Object.keys(
      countBy(
        boots.filter((r) => r.brand === brand),
        (r) => r.color,
      ),
    ).slice(0, 2);
    const response = await get(
      `/api/category/get/?slug=football-boots&brand=${brand}&color=${colours.join("|")}`,
    );
    const body = response.json();
    const expected = boots.filter((r) => r.brand === brand && colours.includes(r.color));
    expect(body.meta.total).toBe(expected.length);
    expect(body.products.every((p: { attributes: { brand: string } }) => p.attributes.brand)).toBe(true);
    // The brand facet ignores the brand filter; the colour facet ignores the colour filter.
    expect(facet(body, "brand")).toEqual(
      countBy(
        boots.filter((r) => colours.includes(r.color)),
        (r) => r.brand,
      ),
    );
    expect(facet(body, "color")).toEqual(
      countBy(
        boots.filter((r) => r.brand === brand),
        (r) => r.color,
      ),
    );
    expect(facet(body, "age")).toEqual(countBy(expected, (r) => r.age_group));
  });

  it("filters by price range in the market's currency and by the others flags", async () => {
    const boots = inBoots();
    const body = (await get("/api/category/get/?slug=football-boots&price_range=0-750|1500%2B")).json();
    const expected = boots.filter((r) => r.price < 75000 || r.price >= 150000);
    expect(body.meta.total).toBe(expected.length);
    const sale = (await get("/api/category/get/?slug=football-boots&others=on-sale")).json();
    expect(sale.meta.total).toBe(boots.filter((r) => r.price < r.rrp).length);
  });

  for (const [sort, check] of [
    ["price-asc", (a: number[]) => a.every((v, i) => i === 0 || (a[i - 1] as number) <= v)],
    ["price-desc", (a: number[]) => a.every((v, i) => i === 0 || (a[i - 1] as number) >= v)],
  ] as const) {
    it(`sorts by ${sort}`, async () => {
      const body = (await get(`/api/category/get/?slug=football-boots&sort=${sort}`)).json();
      expect(check(body.products.map((p: { prices: { min_price: number } }) => p.prices.min_price))).toBe(
        true,
      );
    });
  }

  it("sorts by name, by newest and by discount", async () => {
    const names = (await get("/api/category/get/?slug=football-boots&sort=name-abc"))
      .json()
      .products.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const discounts = (await get("/api/category/get/?slug=football-boots&sort=discount-desc"))
      .json()
      .products.map((p: { prices: { discount_percentage: number } }) => p.prices.discount_percentage);
    expect(discounts[0]).toBeGreaterThanOrEqual(discounts.at(-1));
    expect((await get("/api/category/get/?slug=football-boots&sort=latest-online")).statusCode).toBe(200);
  });

  it("answers 404 for pages outside 1..total and for unknown categories", async () => {
    for (const page of ["0", "abc", "99999", "1.5", "-1"]) {
      expect((await get(`/api/category/get/?slug=football-boots&page=${page}`)).statusCode, page).toBe(404);
    }
    expect((await get("/api/category/get/?slug=football-boots&page=1")).statusCode).toBe(200);
    expect((await get("/api/category/get/?slug=no-such-category")).statusCode).toBe(404);
  });

  it("answers 400 for a bad price range, an unknown sort or a missing slug, and ignores unknown keys", async () => {
    expect((await get("/api/category/get/?slug=football-boots&price_range=cheap")).statusCode).toBe(400);
    expect((await get("/api/category/get/?slug=football-boots&sort=random")).statusCode).toBe(400);
    expect((await get("/api/category/get/")).statusCode).toBe(400);
    expect((await get("/api/category/get/?slug=football-boots&colour=red&utm_source=x")).statusCode).toBe(
      200,
    );
  });

  it("treats quotes, % and SQL in filter values as plain text", async () => {
    const response = await get(
      `/api/category/get/?slug=football-boots&brand=${encodeURIComponent("x' or 1=1 --|%|_")}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.total).toBe(0);
  });

  it("keeps a chosen value that no product matches any more, counted 0, so it can be taken off", async () => {
    const boots = inBoots();
    const brandsOf = (colour: string) => new Set(boots.filter((r) => r.color === colour).map((r) => r.brand));
    const colour = boots.map((r) => r.color).find((c) => brandsOf(c).size > 0) as string;
    const brand = boots.map((r) => r.brand).find((b) => !brandsOf(colour).has(b));
    expect(brand).toBeDefined();
    const body = (await get(`/api/category/get/?slug=football-boots&brand=${brand}&color=${colour}`)).json();
    expect(body.meta.total).toBe(0);
    const chosen = body.meta.filters
      .find((f: { key: string }) => f.key === "brand")
      .values.find((v: { name: string }) => v.name === brand);
    const result = await t.database.db.execute(sql`select name from brands where slug = ${brand}`);
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name;
    expect(chosen).toMatchObject({ count: 0, selected: true, label: name });
    // The colour, counted under the brand filter, is kept too.
    expect(facet(body, "color")[colour]).toBe(0);
  });

  it("shows the sponsored block on the first page without filters only", async () => {
    const plain = (await get("/api/category/get/?slug=football-boots")).json();
    expect(plain.meta.content.sponsored?.products.length).toBeGreaterThan(0);
    const filtered = (await get("/api/category/get/?slug=football-boots&color=red")).json();
    expect(filtered.meta.content.sponsored).toBeNull();
    const onSale = (await get("/api/category/get/?slug=football-boots&others=on-sale")).json();
    expect(onSale.meta.content.sponsored).toBeNull();
    // An "others" value that filters nothing (an object's own property names included) is no filter.
    for (const others of ["constructor", "toString", "__proto__", "no-such-flag"]) {
      const unfiltered = (await get(`/api/category/get/?slug=football-boots&others=${others}`)).json();
      expect(unfiltered.meta.content.sponsored?.products.length, others).toBeGreaterThan(0);
      expect(unfiltered.meta.total, others).toBe(plain.meta.total);
    }
  });
});

describe("GET /api/search/", () => {
  it("finds a product line by name, and still with a one-letter typo", async () => {
    const target = rows.find((r) => r.name.includes("Vortex")) ?? (rows[0] as Row);
    const word = target.name.split(" ")[1] as string;
    const exact = (await get(`/api/search/?q=${encodeURIComponent(word)}`)).json();
    expect(exact.meta.total).toBeGreaterThan(0);
    expect(exact.products.map((p: { name: string }) => p.name).some((n: string) => n.includes(word))).toBe(
      true,
    );
    const typo = `${word.slice(0, 2)}${word.slice(3)}`;
    const fuzzy = (await get(`/api/search/?q=${encodeURIComponent(typo)}`)).json();
    expect(fuzzy.products.map((p: { name: string }) => p.name).some((n: string) => n.includes(word))).toBe(
      true,
    );
  });

  it("lists everything for q=*, with category navigation and pages of 60", async () => {
    const body = (await get("/api/search/?q=*&sort=default")).json();
    expect(body.meta.total).toBe(rows.length);
    expect(body.products).toHaveLength(60);
    expect(body.meta.pages.total).toBe(Math.ceil(rows.length / 60));
    expect(body.navigation_items.length).toBeGreaterThan(0);
    const last = (await get(`/api/search/?q=*&page=${body.meta.pages.total}`)).json();
    expect(last.products.length).toBe(rows.length - 60 * (body.meta.pages.total - 1));
  });

  it("finds nothing for nonsense, refuses over-long queries and treats SQL as text", async () => {
    const none = (await get("/api/search/?q=qqqqxxxxzzzz")).json();
    expect(none.meta.total).toBe(0);
    expect(none.products).toEqual([]);
    expect((await get(`/api/search/?q=${"a".repeat(201)}`)).statusCode).toBe(400);
    expect((await get(`/api/search/?q=${encodeURIComponent("'; drop table products; --")}`)).statusCode).toBe(
      200,
    );
    expect((await get("/api/search/?q=%25_%25")).statusCode).toBe(200);
    expect((await get("/api/search/?q=boots&page=0")).statusCode).toBe(404);
  });
});

describe("GET /api/recommendations/popular-products/", () => {
  it("lists the most popular products of a type and refuses other types", async () => {
    const body = (await get("/api/recommendations/popular-products/?item_type=goalkeeper_gloves")).json();
    expect(body.data.results.length).toBeGreaterThan(0);
    expect(
      body.data.results.every(
        (p: { attributes: { item_type: string } }) => p.attributes.item_type === "goalkeeper_gloves",
      ),
    ).toBe(true);
    expect((await get("/api/recommendations/popular-products/?item_type=socks")).statusCode).toBe(400);
    expect((await get("/api/recommendations/popular-products/")).statusCode).toBe(400);
  });
});

describe("compressed answers", () => {
  it("sends the cached body whole when the client accepts gzip", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/category/get/?slug=football-boots",
        headers: { "accept-encoding": "gzip" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("gzip");
      const body = JSON.parse(zlib.gunzipSync(response.rawPayload).toString("utf8"));
      expect(body.products.length).toBeGreaterThan(0);
    }
  });
});
