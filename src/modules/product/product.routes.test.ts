import fs from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows as readRows } from "#db/client.ts";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { decodeQuotedPrintable, lastMailTo } from "../../../tests/support/mail-files.ts";
import { COMPLEMENTS, COMPLETE_THE_LOOK, loadProductDetail } from "./product.service.ts";
import { setSizeStock } from "./stock-alerts.service.ts";

let t: TestApp;
const rows = <T>(query: SQL) => readRows<T>(t.database.db, query);
let product: { id: number; slug: string };
let soldOut: { product_id: number; size_id: number; sku: string };
let inStock: { product_id: number; size_id: number };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 200, seed: 8, dataDir: "" });
  [product] = (await rows<{ id: number; slug: string }>(
    sql`select id, slug from products where online and not is_package order by id limit 1`,
  )) as [{ id: number; slug: string }];
  const sizes = await rows<{ product_id: number; size_id: number; sku: string }>(sql`
    select s.product_id, s.id as size_id, s.sku from product_sizes s join products p on p.id = s.product_id
     where p.online and s.stock > 0 order by s.id limit 2`);
  soldOut = sizes[0] as typeof soldOut;
  inStock = sizes[1] as typeof inStock;
  await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${soldOut.size_id}`);
});
afterAll(async () => t?.close());

const get = (url: string, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: Object.keys(cookies).length
      ? {
          cookie: Object.entries(cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join("; "),
        }
      : {},
  });
const post = (url: string, body: unknown, cookies: Record<string, string> = {}, ip = "10.1.0.1") =>
  t.app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: csrfHeaders(t.config, cookies),
    remoteAddress: ip,
  });

describe("GET /api/availability/{id}/", () => {
  it("lists the sizes with stock, supplier and delivery", async () => {
    const response = await get(`/api/availability/${soldOut.product_id}/`);
    expect(response.statusCode).toBe(200);
    const sizes = response.json();
    const size = sizes.find((s: { size_id: number }) => s.size_id === soldOut.size_id);
    expect(size).toMatchObject({ stock_info: 0, availability: "out_of_stock", sku_id: soldOut.sku });
    expect(size.delivery.max_days).toBeGreaterThanOrEqual(size.delivery.min_days);
  });

  it("answers 404 for an unknown product and 400 for a malformed id", async () => {
    expect((await get("/api/availability/99999999/")).statusCode).toBe(404);
    expect((await get("/api/availability/abc/")).statusCode).toBe(400);
  });
});

describe("GET /api/productmessage/{id}/ and cards by id", () => {
  it("lists a product's messages", async () => {
    const response = await get(`/api/productmessage/${product.id}/`);
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    expect((await get("/api/productmessage/99999999/")).statusCode).toBe(404);
  });

  it("answers cards in the order asked and refuses anything but ids", async () => {
    const ids = await rows<{ id: number }>(
      sql`select id from products where online order by id desc limit 3`,
    );
    const asked = ids.map((row) => row.id).reverse();
    const response = await get(`/api/products/cards/?ids=${asked.join(",")}`);
    expect(response.json().results.map((card: { product_id: number }) => card.product_id)).toEqual(asked);
    expect((await get("/api/products/cards/?ids=1;drop table products")).statusCode).toBe(400);
    expect((await get("/api/products/cards/")).statusCode).toBe(400);
  });
});

describe("GET /api/products/complete_the_look/{id}/", () => {
  it("suggests up to three products of the types that go with boots, in stock, one type each first", async () => {
    const [boot] = await rows<{ id: number }>(
      sql`select id from products where item_type = 'football_boots' and online order by id limit 1`,
    );
    const response = await get(`/api/products/complete_the_look/${boot?.id}/`);
    expect(response.statusCode).toBe(200);
    const cards = response.json().results as {
      product_id: number;
      is_exclusive: boolean;
      attributes: { item_type: string };
      sizes: { in_stock: boolean }[];
    }[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(COMPLETE_THE_LOOK);
    const wanted = COMPLEMENTS.football_boots ?? [];
    for (const card of cards) {
      expect(wanted).toContain(card.attributes.item_type);
      expect(card.is_exclusive).toBe(false);
      expect(card.sizes.some((size) => size.in_stock)).toBe(true);
    }
    // One of each type before a second of any.
    const types = cards.map((card) => card.attributes.item_type);
    expect(new Set(types).size).toBe(Math.min(types.length, wanted.length));
  });

  it("answers 404 for an unknown product, 400 for a malformed id, nothing for a gift card", async () => {
    expect((await get("/api/products/complete_the_look/99999999/")).statusCode).toBe(404);
    expect((await get("/api/products/complete_the_look/abc/")).statusCode).toBe(400);
    const [gift] = await rows<{ id: number }>(sql`select id from products where is_giftcard limit 1`);
    const response = await get(`/api/products/complete_the_look/${gift?.id}/`);
    expect(response.json().results).toEqual([]);
  });
});

describe("the product page's size guide", () => {
  const detailOf = async (where: SQL, locale: "da" | "de" | "en" = "da") => {
    const [found] = await rows<{ slug: string }>(
      sql`select slug from products where online and ${where} order by id limit 1`,
    );
    return loadProductDetail(t.database.db, found?.slug ?? "", "DKK", locale);
  };

  it("gives adult boots the EU/UK/US/cm table with headings in the shopper's language", async () => {
    const boot = await detailOf(sql`item_type = 'football_boots' and age_group = 'adult'`);
    expect(boot.size_guide?.columns).toEqual(["EU", "UK", "US", "Fodlængde (cm)"]);
    expect(boot.size_guide?.rows).toContainEqual(["42.5", "8", "9", "27"]);
    expect(boot.size_guide?.title).toMatch(/Størrelsesguide/);
    // Every size the boot comes in is a row of its guide.
    const firsts = boot.size_guide?.rows.map((row) => row[0]);
    for (const size of boot.stock) expect(firsts).toContain(size.name);
  });

  it("measures shirts and gloves in centimetres, kids by their own table, and has none for a ball", async () => {
    const shirt = await detailOf(sql`item_type = 'football_shirts' and age_group = 'adult'`, "de");
    expect(shirt.size_guide?.columns).toEqual([
      "Größe",
      "Brustumfang (cm)",
      "Taillenumfang (cm)",
      "Körpergröße (cm)",
    ]);
    const gloves = await detailOf(sql`item_type = 'goalkeeper_gloves'`, "en");
    expect(gloves.size_guide?.columns[1]).toBe("Hand circumference (cm)");
    const kidsShirt = await detailOf(sql`item_type = 'football_shirts' and age_group <> 'adult'`, "en");
    expect(kidsShirt.size_guide?.rows[0]?.[0]).toBe("116 cm");
    const ball = await detailOf(sql`item_type = 'balls'`);
    expect(ball.size_guide).toBeNull();
    const kit = await detailOf(sql`is_package`);
    expect(kit.size_guide).toBeNull();
  });
});

describe("back-in-stock alerts", () => {
  const alert = (body: Record<string, unknown>, ip = "10.2.0.1") =>
    post(
      "/api/products/notify_sold_out/",
      { product_id: soldOut.product_id, size_id: soldOut.size_id, ...body },
      {},
      ip,
    );
  const mailsTo = (email: string) => {
    const dir = path.join(t.config.dataDir, "mail");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
      .filter((text) => text.includes(`To: ${email}`));
  };

  it("refuses a missing, malformed or over-long e-mail, a missing size and a size in stock", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "" }, "email", "notify.error.emailRequired"],
      [{ email: "not-an-address" }, "email", "notify.error.email"],
      [{ email: `${"a".repeat(244)}@example.com` }, "email", "notify.error.emailLength"],
      [{ email: "ok@example.com", size_id: "" }, "size_id", "notify.error.size"],
      [
        { email: "ok@example.com", size_id: inStock.size_id, product_id: inStock.product_id },
        "size_id",
        "notify.error.inStock",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await alert(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields[field]).toContain(message);
    }
    expect(`${"a".repeat(244)}@example.com`).toHaveLength(256);
  });

  it("mails each confirmed subscriber exactly once when the size comes back", async () => {
    expect((await alert({ email: "Keeper@Example.com", newsletter: true })).statusCode).toBe(200);
    // Asking twice keeps one alert.
    expect((await alert({ email: "keeper@example.com" })).statusCode).toBe(200);
    expect((await alert({ email: "striker@example.com" })).statusCode).toBe(200);
    await t.app.jobs.drain();
    for (const email of ["keeper@example.com", "striker@example.com"]) {
      const token = new URL(lastMailTo(path.join(t.config.dataDir, "mail"), email).link).searchParams.get(
        "token",
      );
      expect((await post("/api/products/notify_sold_out/confirm/", { token })).statusCode).toBe(200);
    }
    const mail = mailOutbox(t.app.jobs);
    const first = await setSizeStock(t.database.db, mail, () => "https://shop.example", {
      sizeId: soldOut.size_id,
      stock: 5,
    });
    expect(first.notified).toBe(2);
    // More stock arriving later mails nobody again.
    await setSizeStock(t.database.db, mail, () => "https://shop.example", {
      sizeId: soldOut.size_id,
      stock: 0,
    });
    const again = await setSizeStock(t.database.db, mail, () => "https://shop.example", {
      sizeId: soldOut.size_id,
      stock: 3,
    });
    expect(again.notified).toBe(0);
    await t.app.jobs.drain();
    // One confirmation mail (the second sign-up came too soon for another), then one back-in-stock mail.
    const mails = mailsTo("keeper@example.com");
    expect(mails).toHaveLength(2);
    expect(mails.filter((mail) => mail.includes("https://shop.example/p/"))).toHaveLength(1);
    expect(mailsTo("striker@example.com")).toHaveLength(2);
  });

  it("limits sign-ups from one address", async () => {
    await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${soldOut.size_id}`);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await alert({ email: `fan${i}@example.com` }, "10.9.9.9")).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("PUT /api/catalogue/stock/{sku}/ (stock feed)", () => {
  it("is off without a configured token", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/catalogue/stock/${soldOut.sku}/`,
      payload: { stock: 4 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("GET /api/promotions/get/{sku}/ and combine offers in the bag", () => {
  it("lists the offer's benefit items at the offer price, and the bag charges it", async () => {
    const [offer] = await rows<{
      product_id: number;
      benefit: number;
      sku: string;
      size_id: number;
      discount_percentage: number;
    }>(sql`
      select pr.product_id, (pr.benefit_product_ids->>0)::int as benefit, s.sku, s.id as size_id, pr.discount_percentage
        from promotions pr join product_sizes s on s.product_id = pr.product_id and s.stock > 0
        join products p on p.id = pr.product_id and p.online and not p.is_exclusive
       where exists (select 1 from product_sizes bs join products bp on bp.id = bs.product_id
                      where bs.product_id = (pr.benefit_product_ids->>0)::int and bs.stock > 0 and bp.online and not bp.is_exclusive)
       order by pr.id limit 1`);
    if (!offer) throw new Error("the demo shop has no usable offer");
    const response = await get(`/api/promotions/get/${offer.sku}/`);
    expect(response.statusCode).toBe(200);
    const promotion = response.json().promotions[0];
    const item = promotion.benefit_items.find((i: { product_id: number }) => i.product_id === offer.benefit);
    expect(item.price).toBeLessThan(item.regular_price);
    expect(item.sizes.length).toBeGreaterThan(0);
    expect((await get("/api/promotions/get/NO-SUCH-SKU/")).statusCode).toBe(404);

    // In the bag: the benefit item costs the offer price once the trigger product is there.
    const jar: Record<string, string> = {};
    const form = async (url: string, body: Record<string, string | number>) => {
      const r = await t.app.inject({
        method: "POST",
        url,
        payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
        headers: { ...csrfHeaders(t.config, jar), "content-type": "application/x-www-form-urlencoded" },
      });
      Object.assign(jar, cookiesFrom(r));
      return r;
    };
    await form("/cart/items/add_to_cart/", { product: offer.benefit, size: item.sizes[0].size_id });
    const alone = (await get("/cart/data/", jar)).json();
    expect(alone.lines[0].line_total).toBe(item.regular_price);
    await form("/cart/items/add_to_cart/", { product: offer.product_id, size: offer.size_id });
    const both = (await get("/cart/data/", jar)).json();
    const benefitLine = both.lines.find((l: { product_id: number }) => l.product_id === offer.benefit);
    expect(benefitLine.line_total).toBe(item.price);
  });
});
