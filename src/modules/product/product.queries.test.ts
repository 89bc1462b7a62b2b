import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { roundTripCounter } from "#db/round-trips.ts";
import { catalogueRevision, reuseRevisionReads } from "#modules/catalog/catalogue-cache.ts";
import { shopTheLookFor } from "#modules/content/content.service.ts";
import { flagshipStore } from "#modules/content/stores.service.ts";
import { listReviews, productPageReviews } from "#modules/reviews/reviews.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { getAvailability, loadProductDetail } from "./product.service.ts";

/**
 * The product page's data for a product no one asked for since the last catalogue change (every
 * product of a large catalogue, most of the time): the product in one statement whatever it holds,
 * its reviews in one when it has any (none when it has none: decision 0099), and what many products
 * share (selling points, size guides, the flagship store, which products have reviews) from the
 * per-revision cache.
 */
describe("round trips per product page", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 200, seed: 11, dataDir: "" });
  });
  afterAll(async () => testDb?.drop());

  it("are a few, the same for a product with many sizes, colours and messages as for a bare one, and one fewer without reviews", async () => {
    const { db } = testDb.database;
    // Two products of one category (so the same shop-the-look applies): the richest and the barest.
    const ranked = await rows<{ id: number; slug: string; category_id: number; weight: number }>(
      db,
      sql`select p.id, p.slug, p.category_id,
                 (select count(*) from product_sizes s where s.product_id = p.id)
                 + (select count(*) from products v where v.model = p.model and v.id <> p.id)
                 + (select count(*) from product_reviews r where r.product_id = p.id)::int as weight
            from products p
           where p.online and not p.is_package and not p.is_giftcard
             and p.category_id = (select category_id from products where online and not is_package
                                   group by category_id order by count(*) desc limit 1)
           order by weight desc, p.id`,
    );
    const rich = ranked[0] as (typeof ranked)[number];
    const bare = ranked.at(-1) as (typeof ranked)[number];
    // A message on the rich one, so that its statement has something to gather there too.
    await db.execute(
      sql`insert into product_messages (product_id, text) values (${rich.id}, ${JSON.stringify({ en: "Ships in a gift box" })}::jsonb)`,
    );
    expect(Number(rich.weight)).toBeGreaterThan(Number(bare.weight));
    // A review on the rich one (the demo's are on a few boots), none on the bare one.
    await db.execute(
      sql`insert into product_reviews (product_id, author_name, locale, rating, body, verified)
          values (${rich.id}, 'Mette J.', 'da', 5, 'Holds on wet grass.', true)`,
    );
    await db.execute(sql`delete from product_reviews where product_id = ${bare.id}`);

    // What products share is read once per revision: counted with it read.
    const warm = ranked[1] as (typeof ranked)[number];
    await loadProductDetail(db, warm.slug, "DKK", "da");
    await flagshipStore(db, "da-DK");
    await productPageReviews(db, warm.id, await catalogueRevision(db));
    // The looks (and each look's cards) too: a look is shared by the products of its category.
    for (const product of [rich, bare])
      await shopTheLookFor(
        db,
        { id: product.id, categoryId: product.category_id },
        "DKK",
        "da",
        await catalogueRevision(db),
      );

    const counter = roundTripCounter(testDb.database);
    const tripsFor = async (product: { id: number; slug: string }) => {
      const before = counter.roundTrips;
      // As the page's loader asks: the product and the store together, then the reviews kept at the
      // revision read for them.
      const [detail, , revision] = await Promise.all([
        loadProductDetail(db, product.slug, "DKK", "da"),
        flagshipStore(db, "da-DK"),
        catalogueRevision(db),
      ]);
      const reviews = await productPageReviews(db, detail.id, revision);
      return { trips: counter.roundTrips - before, detail, reviews };
    };
    const forRich = await tripsFor(rich);
    const forBare = await tripsFor(bare);
    expect(forRich.detail.messages.map((message) => message.text)).toContain("Ships in a gift box");
    expect(forRich.detail.stock.length).toBeGreaterThan(0);
    expect(forRich.reviews.items.map((item) => item.text)).toContain("Holds on wet grass.");
    // Known without its statement, and the same as its statement answers.
    expect(forBare.reviews).toEqual(await listReviews(db, bare.id));
    expect(forBare.reviews).toMatchObject({ items: [], summary: { count: 0, average: null } });
    // The revision (read once), the product, the reviews; the bare one's reviews are known unread.
    expect(forRich.trips).toBeLessThanOrEqual(3);
    expect(forBare.trips).toBe(forRich.trips - 1);
  });
});

/**
 * The product page's stock call (`/api/availability/:id/`, asked when the shopper reaches for the bag
 * button): answered from the stock read with the product while a read of the revision may still
 * answer (production's reuse time), and read again once the stock has moved.
 */
describe("the stock call after the product page", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 40, seed: 12, dataDir: "" });
  });
  afterAll(async () => testDb?.drop());

  const sellable = async () => {
    const [product] = await rows<{ id: number; slug: string; size_id: number; stock: number }>(
      testDb.database.db,
      sql`select p.id, p.slug, s.id as size_id, s.stock from products p join product_sizes s on s.product_id = p.id
           where p.online and not p.is_package and not p.is_giftcard and s.stock > 3
           order by p.id, s.sort limit 1`,
    );
    return product as { id: number; slug: string; size_id: number; stock: number };
  };

  it("reads nothing while the revision read with the product may answer, and sees a stock change once it has moved", async () => {
    const { db } = testDb.database;
    const counter = roundTripCounter(testDb.database);
    const product = await sellable();
    reuseRevisionReads(db, 60_000);
    try {
      await loadProductDetail(db, product.slug, "DKK", "da");
      const before = counter.roundTrips;
      const stock = await getAvailability(db, product.id, "DKK");
      expect(counter.roundTrips - before).toBe(0);
      expect(stock.find((size) => size.size_id === product.size_id)?.stock_info).toBe(product.stock);

      // A sale moves the stock revision; the next read of it (here at once) lets the call see it.
      await db.execute(sql`update product_sizes set stock = stock - 3 where id = ${product.size_id}`);
      reuseRevisionReads(db, 0);
      await catalogueRevision(db);
      reuseRevisionReads(db, 60_000);
      const after = await getAvailability(db, product.id, "DKK");
      expect(after.find((size) => size.size_id === product.size_id)?.stock_info).toBe(product.stock - 3);
    } finally {
      reuseRevisionReads(db, 0);
    }
  });

  it("reads the stock itself, in one statement, when no read of the revision may answer", async () => {
    const { db } = testDb.database;
    const counter = roundTripCounter(testDb.database);
    const product = await sellable();
    await loadProductDetail(db, product.slug, "DKK", "da");
    await db.execute(sql`update product_sizes set stock = stock + 2 where id = ${product.size_id}`);
    const before = counter.roundTrips;
    const stock = await getAvailability(db, product.id, "DKK");
    expect(counter.roundTrips - before).toBe(1);
    expect(stock.find((size) => size.size_id === product.size_id)?.stock_info).toBe(product.stock + 2);
  });

  it("answers 404 for a product that is not there, and keeps no answer for it", async () => {
    const { db } = testDb.database;
    const counter = roundTripCounter(testDb.database);
    reuseRevisionReads(db, 60_000);
    try {
      await catalogueRevision(db);
      await expect(getAvailability(db, 2_147_483_647, "DKK")).rejects.toMatchObject({ statusCode: 404 });
      // Asked again, the product is looked for again: the refusal was not kept.
      const before = counter.roundTrips;
      await expect(getAvailability(db, 2_147_483_647, "DKK")).rejects.toMatchObject({ statusCode: 404 });
      expect(counter.roundTrips - before).toBe(1);
    } finally {
      reuseRevisionReads(db, 0);
    }
  });
});
