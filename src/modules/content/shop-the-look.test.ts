import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "#modules/catalog/catalog.schema.ts";
import { catalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { contentItems } from "./content.schema.ts";
import { shopTheLookFor } from "./content.service.ts";

/**
 * The look a product page shows is chosen from the looks read once per catalogue revision: the look
 * that features the product first, else the newest of its category or of the category above it.
 */
describe("a product page's shop-the-look", () => {
  let testDb: TestDatabase;
  const looksOf = async (product: { id: number; categoryId: number }) =>
    shopTheLookFor(testDb.database.db, product, "EUR", "en", await catalogueRevision(testDb.database.db));
  let boot: { id: number; categoryId: number };
  let other: { id: number; categoryId: number };
  let parentId: number;
  let lookCategoryId: number;

  const addLook = async (
    slug: string,
    values: { categoryId: number | null; productIds: number[]; daysAgo: number },
  ) =>
    testDb.database.db.insert(contentItems).values({
      kind: "shop_the_look",
      slug,
      categoryId: values.categoryId,
      title: { en: `Look ${slug}` },
      productIds: values.productIds,
      data: { image: { src: `/media/${slug}.svg`, width: 900, height: 1200 }, hotspots: [{ x: 10, y: 20 }] },
      publishedAt: new Date(Date.now() - values.daysAgo * 86_400_000),
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 60, seed: 9, dataDir: "" });
    const { db } = testDb.database;
    await db.delete(contentItems).where(eq(contentItems.kind, "shop_the_look"));
    // A child category with two products, and a product of another family.
    const [child] = await db
      .select({ id: categories.id, parent: categories.parentId })
      .from(categories)
      .where(
        sql`${categories.parentId} is not null and exists (select 1 from products p where p.category_id = ${categories.id} and p.online)`,
      )
      .limit(1);
    if (!child?.parent) throw new Error("the demo shop has no sub-category with products");
    parentId = child.parent;
    lookCategoryId = child.id;
    const inChild = await db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.categoryId, child.id))
      .limit(2);
    const [outside] = await db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(
        sql`${products.categoryId} not in (select id from categories where id = ${parentId} or parent_id = ${parentId})`,
      )
      .limit(1);
    boot = inChild[0] as typeof boot;
    other = outside as typeof other;
    expect(inChild).toHaveLength(2);
    expect(outside).toBeTruthy();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it("is none when no look fits the product", async () => {
    expect(await looksOf(boot)).toBeNull();
  });

  it("is the newest look of the product's category, or of the category above, else the look that features it", async () => {
    await addLook("parent-old", { categoryId: parentId, productIds: [], daysAgo: 9 });
    expect((await looksOf(boot))?.title).toBe("Look parent-old");
    await addLook("child-new", { categoryId: lookCategoryId, productIds: [], daysAgo: 1 });
    expect((await looksOf(boot))?.title).toBe("Look child-new");
    // A look elsewhere that features the product wins over the category's, however old.
    await addLook("featured", { categoryId: null, productIds: [other.id, boot.id], daysAgo: 30 });
    const featured = await looksOf(boot);
    expect(featured?.title).toBe("Look featured");
    expect(featured?.hotspots.map((spot) => spot.product.map((card) => card.product_id))).toEqual([
      [other.id],
    ]);
    // The product of another family sees the look that features it, and no category look.
    expect((await looksOf(other))?.title).toBe("Look featured");
  });

  it("follows a price change of a product in the look", async () => {
    const before = await looksOf(boot);
    const card = before?.hotspots[0]?.product[0];
    expect(card).toBeTruthy();
    await testDb.database.db.execute(
      sql`update product_prices set price = price + 1 where product_id = ${other.id} and currency = 'EUR'`,
    );
    const after = await looksOf(boot);
    expect(after?.hotspots[0]?.product[0]?.prices.min_price).toBeCloseTo(
      (card?.prices.min_price ?? 0) + 0.01,
      5,
    );
  });
});
