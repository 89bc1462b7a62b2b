import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { countingQueries, createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { addToCart, readCart } from "./cart.service.ts";

describe("queries per bag read", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 200, seed: 6, dataDir: "" });
  });
  afterAll(async () => testDb?.drop());

  it("does not grow with the number of lines", async () => {
    const db = testDb.database.db;
    const sizes = (
      (await db.execute(sql`
        select s.product_id, s.id from product_sizes s join products p on p.id = s.product_id
         where p.online and not p.is_exclusive and not p.is_package and s.stock > 2
         order by s.product_id, s.id`)) as unknown as { rows: { product_id: number; id: number }[] }
    ).rows.filter((row, i, all) => all.findIndex((r) => r.product_id === row.product_id) === i);
    const market = MARKETS[0] as (typeof MARKETS)[number];
    const small = { userId: null, sessionId: "queries-small" };
    const large = { userId: null, sessionId: "queries-large" };
    await addToCart(db, small, {
      productId: sizes[0]?.product_id as number,
      sizeId: sizes[0]?.id as number,
      amount: 1,
    });
    for (const size of sizes.slice(0, 12))
      await addToCart(db, large, { productId: size.product_id, sizeId: size.id, amount: 1 });

    const { proxy, counter } = countingQueries(db);
    // The shop's set-up (delivery and payment methods) is kept per process: count with it read.
    await readCart(proxy, small, market, "da");
    counter.queries = 0;
    await readCart(proxy, small, market, "da");
    const forOne = counter.queries;
    counter.queries = 0;
    const cart = await readCart(proxy, large, market, "da");
    expect(cart.lines).toHaveLength(12);
    expect(counter.queries).toBe(forOne);
  });
});
