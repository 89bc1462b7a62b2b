import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { readShopifyCsv } from "#modules/catalog/shopify-csv.ts";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import { refreshSearchDocuments } from "#modules/search/search-documents.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { progressLine, runImportCommand } from "../../cli/import-command.ts";
import { importCatalogue } from "./catalogue-import.flow.ts";

const fixture = path.resolve(import.meta.dirname, "../../../tests/fixtures/shopify-products.csv");
const broken = fs.readFileSync(fixture, "utf8");
// The operator's fix: the ball gets a price.
const fixed = broken.replace("not-a-price", "199.00");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "https://shop.example" });
  await seedDemoShop(t.database, { products: 24, seed: 3, dataDir: "" });
});
afterAll(async () => t?.close());

const deps = () => ({ mail: mailOutbox(t.app.jobs), publicUrlFor: t.app.publicAddresses.forMarket });
const importCsv = (csv: string, options: { dryRun?: boolean } = {}) =>
  importCatalogue(t.database.db, deps(), readShopifyCsv(csv, "DKK"), {
    ...options,
    afterBatch: (ids) => refreshSearchDocuments(t.database.db, ids),
  });
const imported = () =>
  rows<{ slug: string; sizes: number }>(
    t.database.db,
    sql`select p.slug, count(s.id)::int as sizes from products p left join product_sizes s on s.product_id = p.id
         where p.slug in ('grip-pro-keeper-gloves', 'tempo-indoor-shoe', 'derby-match-ball') group by p.slug order by p.slug`,
  );
const danish = { cookie: "market=dk" };

describe("importing a Shopify product export", () => {
  it("reports the broken row by its line and writes nothing", async () => {
    const report = await importCsv(broken);
    expect(report.errors).toEqual([
      expect.objectContaining({ row: 7, handle: "derby-match-ball", field: "prices.0.price" }),
    ]);
    expect(await imported()).toEqual([]);
  });

  it("checks without writing on a dry run", async () => {
    const report = await importCsv(fixed, { dryRun: true });
    expect(report).toMatchObject({ errors: [], products: 3, created: 0, dryRun: true });
    expect(await imported()).toEqual([]);
  });

  it("imports the fixed file: products, sizes, prices per currency and pictures, shown in the shop", async () => {
    const report = await importCsv(fixed);
    expect(report).toMatchObject({ errors: [], products: 3, created: 3, updated: 0 });
    expect(await imported()).toEqual([
      { slug: "derby-match-ball", sizes: 1 },
      { slug: "grip-pro-keeper-gloves", sizes: 3 },
      { slug: "tempo-indoor-shoe", sizes: 2 },
    ]);
    const [gloves] = await rows<{
      dkk: number;
      dkk_rrp: number;
      eur: number;
      images: string[];
      brand: string;
    }>(
      t.database.db,
      sql`select (select price from product_prices where product_id = p.id and currency = 'DKK') as dkk,
                 (select rrp from product_prices where product_id = p.id and currency = 'DKK') as dkk_rrp,
                 (select price from product_prices where product_id = p.id and currency = 'EUR') as eur,
                 array(select url from product_images where product_id = p.id order by position) as images,
                 b.name as brand
            from products p join brands b on b.id = p.brand_id where p.slug = 'grip-pro-keeper-gloves'`,
    );
    expect(gloves).toEqual({
      dkk: 44_900,
      dkk_rrp: 59_900,
      eur: 5_995,
      images: ["https://cdn.example.com/gpk-1.jpg", "https://cdn.example.com/gpk-2.jpg"],
      brand: "Safehands",
    });

    const listing = await t.app.inject({ url: "/api/category/get/?slug=goalkeeper-gloves", headers: danish });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain("Grip Pro Keeper Gloves");
    const search = await t.app.inject({ url: "/api/search/?q=tempo", headers: danish });
    expect(search.body).toContain("Tempo Indoor Shoe");
  });

  it("runs again without changing anything, and mails the sizes that came back", async () => {
    const again = await importCsv(fixed);
    expect(again).toMatchObject({ errors: [], created: 0, updated: 3, notified: 0 });
    expect(await imported()).toHaveLength(3);

    // A shopper waits for size 9 (sold out); the next feed has it in stock.
    const [size] = await rows<{ id: number; product_id: number }>(
      t.database.db,
      sql`select id, product_id from product_sizes where sku = 'GPK-09'`,
    );
    await rows(
      t.database.db,
      sql`insert into stock_alerts (product_id, size_id, email, locale, market, confirmed_at)
          values (${size?.product_id}, ${size?.id}, 'keeper@example.com', 'da', 'dk', now())`,
    );
    const restocked = fixed.replace("GPK-09,200,shopify,0,", "GPK-09,200,shopify,6,");
    const report = await importCsv(restocked);
    expect(report.notified).toBe(1);
    const [stock] = await rows<{ stock: number }>(
      t.database.db,
      sql`select stock from product_sizes where sku = 'GPK-09'`,
    );
    expect(stock?.stock).toBe(6);
  });

  it("refuses a SKU that belongs to another product and a category the shop does not have", async () => {
    const stolen = fixed.replace("TIS-43", "GPK-08").replace(",Balls,", ",Curling stones,");
    const report = await importCsv(stolen);
    expect(report.errors.map((e) => [e.row, e.field])).toEqual([
      [6, "sku"],
      [7, "category"],
    ]);
  });

  it("says which columns are missing in a file that is not a Shopify export", () => {
    expect(readShopifyCsv("name,price\nBall,10\n", "DKK").errors[0]).toMatchObject({
      row: 1,
      field: "Handle",
    });
  });
});

describe("pitchside import", () => {
  it("prints every problem with its row and exits 1; a plain progress line per tenth when not a terminal", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: (s: string) => out.push(s),
      err: (s: string) => err.push(s),
      isTty: false,
      now: () => Date.now(),
    };
    const brokenFile = path.join(t.config.dataDir, "broken.csv");
    fs.mkdirSync(t.config.dataDir, { recursive: true });
    fs.writeFileSync(brokenFile, broken);
    expect(await runImportCommand(t.database.db, deps(), [brokenFile, "--currency", "DKK"], io)).toBe(1);
    expect(err.join("\n")).toContain("row 7 (derby-match-ball): prices.0.price:");
    expect(err.at(-1)).toBe("1 problem(s) found; nothing was written.");
    expect(await runImportCommand(t.database.db, deps(), ["--dry-run"], io)).toBe(2);

    const feed = path.join(t.config.dataDir, "feed.json");
    fs.writeFileSync(
      feed,
      JSON.stringify({
        products: [
          {
            handle: "feed-shin-guard",
            title: "Feed Shin Guard",
            brand: "Nordvik",
            category: "shin-guards",
            sizes: [{ sku: "FSG-M", name: "M", stock: 7 }],
            prices: [{ currency: "DKK", price: 149 }],
          },
        ],
      }),
    );
    expect(await runImportCommand(t.database.db, deps(), [feed], io)).toBe(0);
    expect(out.join("")).toContain("1/1 products");
    expect(out.at(-1)).toMatch(/^1 product\(s\) imported in [\d.]+ s: 1 new, 0 updated/);
  });

  it("shows rate and time left", () => {
    expect(progressLine(1250, 50000, 2500)).toBe(
      "[#.......................] 1,250/50,000 products · 500/s · about 1 min 38 s left",
    );
  });
});
