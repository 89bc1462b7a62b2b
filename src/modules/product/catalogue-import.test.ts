import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { readShopifyCsv } from "#modules/catalog/shopify-csv.ts";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import { refreshSearchDocuments } from "#modules/search/search-documents.ts";
import { seedDemoShop } from "#seed/seed.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { createTestApp, pageContext, type TestApp } from "#server/testing.ts";
import { loadCategoryPage } from "#web/routes/listing/listing.server.ts";
import { loadProductPage } from "#web/routes/product/product.server.ts";
import { progressLine, runImportCommand, runPicturesCommand } from "../../cli/import-command.ts";
import { importCatalogue } from "./catalogue-import.flow.ts";

const fixture = path.resolve(import.meta.dirname, "../../../tests/fixtures/shopify-products.csv");
const broken = fs.readFileSync(fixture, "utf8");

// The pictures, never from the internet: the gloves' first beside the import file, their second and
// the shoe's from a picture host on this machine — which answers the shoe's with a web page.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC",
  "base64",
);
const jpeg = fs.readFileSync(path.resolve(import.meta.dirname, "../../../public/media/reels/reel-1.jpg"));
const sha = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");
const importDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-import-"));
fs.mkdirSync(path.join(importDir, "pictures"));
fs.writeFileSync(path.join(importDir, "pictures", "gpk-1.png"), png);
const pictureHost = http.createServer((request, response) => {
  if (request.url === "/gpk-2.jpg") response.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
  else response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>Our shop</p>");
});
let host = "";
// The operator's fix: the ball gets a price (and the pictures point where this test keeps them).
const fixedFile = () =>
  broken
    .replace("not-a-price", "199.00")
    .replace("https://cdn.example.com/gpk-1.jpg", "pictures/gpk-1.png")
    .replace("https://cdn.example.com/gpk-2.jpg", `${host}/gpk-2.jpg`)
    .replace("https://cdn.example.com/tis.jpg", `${host}/tempo-indoor-shoe`);
let fixed = "";

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => pictureHost.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(pictureHost.address() as AddressInfo).port}`;
  fixed = fixedFile();
  t = await createTestApp({ publicUrl: "https://shop.example" });
  await seedDemoShop(t.database, { products: 24, seed: 3, dataDir: "" });
});
afterAll(async () => {
  await t?.close();
  pictureHost.close();
  fs.rmSync(importDir, { recursive: true, force: true });
});

const deps = () => ({
  mail: mailOutbox(t.app.jobs),
  publicUrlFor: t.app.publicAddresses.forMarket,
  jobs: t.app.jobs,
});
const importCsv = (csv: string, options: { dryRun?: boolean } = {}) =>
  importCatalogue(t.database.db, deps(), readShopifyCsv(csv, "DKK"), {
    ...options,
    pictureBase: importDir,
    afterBatch: (ids) => refreshSearchDocuments(t.database.db, ids),
  });

/** What the storefront's pages are given when served on the shop's address in Denmark. */
function danishPage(): ShopRequestContext {
  return pageContext(t, { market: "dk", publicUrl: "https://shop.example" });
}
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
    expect(report).toMatchObject({ errors: [], products: 3, created: 3, updated: 0, picturesQueued: 3 });
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
      images: [`file://${importDir}/pictures/gpk-1.png`, `${host}/gpk-2.jpg`],
      brand: "Safehands",
    });

    const listing = await t.app.inject({ url: "/api/category/get/?slug=goalkeeper-gloves", headers: danish });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain("Grip Pro Keeper Gloves");
    const search = await t.app.inject({ url: "/api/search/?q=tempo", headers: danish });
    expect(search.body).toContain("Tempo Indoor Shoe");
  });

  it("copies the pictures into the shop's own storage and shows them from the shop's origin; a web page is refused and reported", async () => {
    // Until the job queue has copied them, the shop's own drawing stands in.
    const before = await loadProductPage(danishPage(), "grip-pro-keeper-gloves");
    expect(before.product.images[0]?.src).toMatch(/^\/media\/products\/\d+\/0\.svg$/);

    await t.app.jobs.drain();
    const stored = [`/media/pictures/${sha(png)}.png`, `/media/pictures/${sha(jpeg)}.jpg`];
    // The product page: the imported pictures with their alt texts, on the shop's own origin.
    const page = await loadProductPage(danishPage(), "grip-pro-keeper-gloves");
    expect(page.product.images).toEqual([
      { src: stored[0], alt: "Grip Pro front" },
      { src: stored[1], alt: "Grip Pro palm" },
    ]);
    expect(page.jsonLd.image).toEqual(stored.map((src) => `https://shop.example${src}`));
    // The card in the category listing and in search.
    const listing = await loadCategoryPage(
      danishPage(),
      "goalkeeper-gloves",
      new URL("https://shop.example/goalkeeper-gloves/"),
    );
    // The page's data carries the cards as JSON text (decision 0070).
    const cards = JSON.parse(listing.listing.products) as {
      product_id: number;
      name: string;
      image: string;
    }[];
    const card = cards.find((result) => result.name === "Grip Pro Keeper Gloves");
    expect(card?.image).toBe(stored[0]);
    const named = (answer: { json(): { products: { name: string; image: string }[] } }) =>
      answer.json().products.find((product) => product.name === "Grip Pro Keeper Gloves")?.image;
    expect(named(await t.app.inject({ url: "/api/search/?q=grip%20pro", headers: danish }))).toBe(stored[0]);
    expect(named(await t.app.inject({ url: "/api/search/suggest/?q=grip", headers: danish }))).toBe(
      stored[0],
    );

    // The files are served by the shop itself, as what they are.
    for (const [src, type, bytes] of [
      [stored[0], "image/png", png],
      [stored[1], "image/jpeg", jpeg],
    ] as const) {
      const file = await t.app.inject({ url: src });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe(type);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
    expect((await t.app.inject({ url: `/media/pictures/${sha(png)}.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/media/pictures/..%2F..%2Fsession-secret" })).statusCode).toBe(404);
    // Where a page knows only the product (the bag, orders), its picture address leads to the copy.
    const id = card?.product_id as number;
    const second = await t.app.inject({ url: `/media/products/${id}/1.svg` });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe(stored[1]);

    // The shoe's "picture" was a web page: refused, never stored, and the shoe keeps its drawing.
    const shoe = await loadProductPage(danishPage(), "tempo-indoor-shoe");
    expect(shoe.product.images).toEqual([
      { src: expect.stringMatching(/^\/media\/products\/\d+\/0\.svg$/), alt: expect.any(String) },
    ]);
    const out: string[] = [];
    const code = await runPicturesCommand(t.database.db, t.app.jobs, [], {
      out: (text) => out.push(text),
      err: (text) => out.push(text),
    });
    expect(code).toBe(1);
    expect(out).toEqual([
      "Pictures: 2 stored, 0 waiting to be copied, 1 refused, 0 failed.\n",
      `tempo-indoor-shoe #1 (refused): ${host}/tempo-indoor-shoe: Not a picture: the host sent text/html.\n`,
    ]);
  });

  it("runs again without changing anything, and mails the sizes that came back", async () => {
    const again = await importCsv(fixed);
    // Pictures copied (or refused) from the same source are not fetched again.
    expect(again).toMatchObject({ errors: [], created: 0, updated: 3, notified: 0, picturesQueued: 0 });
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

  it("keeps an offline product's page, sold out with its reviews, and mails those waiting once it is online again", async () => {
    // The feed leaves the gloves out of the shop (unpublished): their page stays, sold out.
    const restocked = fixed.replace("GPK-09,200,shopify,0,", "GPK-09,200,shopify,6,");
    const offline = restocked.replace("Goalkeeper gloves,keeper,true,", "Goalkeeper gloves,keeper,false,");
    expect(offline).not.toBe(restocked);
    expect(await importCsv(offline)).toMatchObject({ errors: [], notified: 0 });
    const page = await loadProductPage(danishPage(), "grip-pro-keeper-gloves");
    expect(page.product).toMatchObject({ online: false, sold_out: true });
    expect(page.reviews?.meta.page).toBe(1);
    expect(page.jsonLd).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } });

    // Shoppers wait for sizes 8 and 10, in stock but not for sale while the gloves are offline.
    const waiting = await rows<{ id: number; product_id: number; sku: string }>(
      t.database.db,
      sql`select id, product_id, sku from product_sizes where sku in ('GPK-08', 'GPK-10') order by sku`,
    );
    expect(waiting).toHaveLength(2);
    for (const size of waiting)
      await rows(
        t.database.db,
        sql`insert into stock_alerts (product_id, size_id, email, locale, market, confirmed_at)
            values (${size.product_id}, ${size.id}, ${`${size.sku.toLowerCase()}@example.com`}, 'da', 'dk', now())`,
      );
    expect((await importCsv(offline)).notified).toBe(0);
    // Online again, in a file that leaves size 10 out (kept as it was, in stock): both sizes can be
    // bought, and each subscriber hears it once.
    const withoutTen = restocked
      .split("\n")
      .filter((line) => !line.includes(",GPK-10,"))
      .join("\n");
    expect(withoutTen).not.toBe(restocked);
    expect((await importCsv(withoutTen)).notified).toBe(2);
    const alerts = await rows<{ email: string; notified: boolean }>(
      t.database.db,
      sql`select email, notified_at is not null as notified from stock_alerts
           where email in ('gpk-08@example.com', 'gpk-10@example.com') order by email`,
    );
    expect(alerts).toEqual([
      { email: "gpk-08@example.com", notified: true },
      { email: "gpk-10@example.com", notified: true },
    ]);
    expect((await importCsv(restocked)).notified).toBe(0);
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
