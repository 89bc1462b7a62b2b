import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, pageContext, type TestApp } from "#server/testing.ts";
import { loadProductPage } from "./product.server.ts";

// The product page's loader for each kind of product the demo shop sells: the page must load for
// every one of them (a loader that throws is a 500 for the shopper).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 120, seed: 5, dataDir: "" });
});
afterAll(async () => t?.close());

const danish = () => pageContext(t, { market: "dk", publicUrl: "http://localhost:3000" });

async function slugOf(condition: ReturnType<typeof sql>): Promise<string> {
  const [found] = await rows<{ slug: string }>(
    t.database.db,
    sql`select slug from products p where p.online and ${condition} order by p.id limit 1`,
  );
  if (!found) throw new Error("the demo shop has no such product");
  return found.slug;
}

describe("the product page's data", () => {
  it("loads a gift card's page without reviews: a gift card is not reviewed", async () => {
    const page = await loadProductPage(danish(), await slugOf(sql`p.is_giftcard`));
    expect(page.product.name).toMatch(/gift card/i);
    expect(page.reviews).toBeNull();
    expect(page.reviewState).toBeNull();
    expect(page.jsonLd).not.toHaveProperty("aggregateRating");
    expect(page.jsonLd).toMatchObject({ "@type": "Product", offers: { priceCurrency: "DKK" } });
  });

  it("loads a boot's page with its first page of reviews and what the visitor may do", async () => {
    const page = await loadProductPage(danish(), await slugOf(sql`not p.is_giftcard and not p.is_package`));
    expect(page.reviews?.sort).toBe("newest");
    expect(page.reviews?.meta.page).toBe(1);
    expect(page.reviewState).toBe("log_in");
  });

  it("gives every request the same product object while its detail is kept, and a new one after a price change", async () => {
    const slug = await slugOf(sql`not p.is_giftcard and not p.is_package`);
    const first = await loadProductPage(danish(), slug);
    const again = await loadProductPage(danish(), slug);
    // Made once: its JSON for the page's data is made once too (keptJsonText).
    expect(again.product).toBe(first.product);

    await t.database.db.execute(
      sql`update product_prices set price = price + 100 where currency = 'DKK'
            and product_id = (select id from products where slug = ${slug})`,
    );
    const changed = await loadProductPage(danish(), slug);
    expect(changed.product).not.toBe(first.product);
    // Prices are kept in øre and shown in kroner.
    expect(changed.product.prices.min_price).toBe(first.product.prices.min_price + 1);
  });

  it("loads a package's page", async () => {
    const page = await loadProductPage(danish(), await slugOf(sql`p.is_package`));
    expect(page.product.id).toBeGreaterThan(0);
    expect(page.reviews).not.toBeNull();
  });

  it("loads for every product the demo shop has online, in every kind it sells", async () => {
    const products = await rows<{ slug: string; item_type: string }>(
      t.database.db,
      sql`select slug, item_type from products where online order by id`,
    );
    const failed: string[] = [];
    for (const { slug, item_type } of products)
      await loadProductPage(danish(), slug).catch((error: Error) =>
        failed.push(`${item_type} ${slug}: ${error.message}`),
      );
    expect(failed).toEqual([]);
    // The kinds are all there: boots, shirts, gloves, balls, packages, gift cards…
    expect(new Set(products.map((product) => product.item_type)).size).toBeGreaterThanOrEqual(8);
  });
});
