import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { PRODUCT_SORTS } from "#modules/catalog/catalog.contract.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, pageContext, type TestApp } from "#server/testing.ts";
import { loadCategoryPage } from "./listing.server.ts";

// The category page's loader for every category of the demo shop, as a shopper in two markets finds
// them: a loader that throws is a 500 for the shopper.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 120, seed: 5, dataDir: "" });
});
afterAll(async () => t?.close());

describe("the category page's data", () => {
  it("loads for every category of the demo shop, in every sort, in two markets", async () => {
    const categories = await rows<{ slug: string }>(
      t.database.db,
      sql`select slug from categories order by id`,
    );
    expect(categories.length).toBeGreaterThan(10);
    const failed: string[] = [];
    let shown = 0;
    for (const market of ["dk", "de"])
      for (const { slug } of categories)
        for (const sort of PRODUCT_SORTS) {
          const url = new URL(`http://localhost:3000/${slug}/${sort === "default" ? "" : `?sort=${sort}`}`);
          const shop = pageContext(t, { market, publicUrl: "http://localhost:3000" });
          await loadCategoryPage(shop, slug, url).then(
            () => shown++,
            (error: Error) => failed.push(`${market} ${slug} ${sort}: ${error.message}`),
          );
        }
    expect(failed).toEqual([]);
    expect(shown).toBe(2 * categories.length * PRODUCT_SORTS.length);
  });
});
