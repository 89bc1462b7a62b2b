import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { catalogueRevision } from "./catalogue-cache.ts";
import { KeptPerProduct } from "./kept-per-product.ts";

// A stock change takes its revision as its transaction commits, a moment before the change can be
// read (migration 0032). A value read in that moment holds the stock from before the change while
// the revision already names it: it must not be kept as right once the change is found.
describe("values kept per product and catalogue revision", () => {
  let testDb: TestDatabase;
  let products: number[];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 12, seed: 4, dataDir: "" });
    products = (
      await rows<{ id: number }>(
        testDb.database.db,
        sql`select product_id as id from product_sizes group by product_id order by product_id limit 2`,
      )
    ).map((row) => Number(row.id));
  });
  afterAll(async () => testDb?.drop());

  /** The stock of a product's sizes, as a kept value. */
  const stockOf = async (ids: number[]) =>
    (
      await rows<{ product_id: number; stock: number | string }>(
        testDb.database.db,
        sql`select product_id, sum(stock) as stock from product_sizes
             where product_id = any(${`{${ids.join(",")}}`}::int[]) group by product_id`,
      )
    ).map((row) => [Number(row.product_id), Number(row.stock)] as const);

  const sizesOf = async (product: number) =>
    Number(
      (
        await rows<{ count: string }>(
          testDb.database.db,
          sql`select count(*)::text as count from product_sizes where product_id = ${product}`,
        )
      )[0]?.count,
    );

  /** A read of the products' stock that notes each call's ids in `asked`. */
  const countedReads = () => {
    const asked: number[][] = [];
    const read = async (ids: number[]) => {
      asked.push(ids);
      return stockOf(ids);
    };
    return { asked, read };
  };

  /** A revision taken from the stock sequence, as a sale's commit takes it. */
  const takeRevision = async () =>
    Number(
      (
        await rows<{ next: string }>(testDb.database.db, sql`select nextval('stock_revision')::text as next`)
      )[0]?.next,
    );

  /** A sale whose revision was taken earlier becoming readable: its stock, and its row at `revision`. */
  const saleBecomesReadable = async (product: number, revision: number, added: number) => {
    const db = testDb.database.db;
    await db.execute(sql`alter table product_sizes disable trigger product_sizes_stock_changes`);
    try {
      await db.execute(sql`update product_sizes set stock = stock + ${added} where product_id = ${product}`);
    } finally {
      await db.execute(sql`alter table product_sizes enable trigger product_sizes_stock_changes`);
    }
    await db.execute(
      sql`insert into product_stock_changes (revision, product_id) values (${revision}, ${product})`,
    );
  };

  /** A sale of another product, as every sale writes it: the stock revision moves. */
  const saleElsewhere = (other: number) =>
    testDb.database.db.execute(sql`update product_sizes set stock = stock + 1 where product_id = ${other}`);

  it("reads a value again when a change it could not see is found at its own revision or earlier", async () => {
    const db = testDb.database.db;
    const [product, other] = products as [number, number];
    const warm = new KeptPerProduct<number>(100);
    const { asked, read } = countedReads();

    // A sale elsewhere first, so that the process has followed and read the changes once.
    await saleElsewhere(other);
    await warm.get(db, "", [product, other], await catalogueRevision(db), true, read);
    await saleElsewhere(other);
    await warm.get(db, "", [product, other], await catalogueRevision(db), true, read);
    // The values this test follows are kept from here on, first read at the race's revision.
    const kept = new KeptPerProduct<number>(100);

    // The race, step by step: a sale of `product` has taken stock revision S as it commits, and a
    // read of the bag or listing reads S and the product's stock before the sale can be seen.
    const next = await takeRevision();
    const atS = await catalogueRevision(db);
    expect(atS.endsWith(`.${next}`)).toBe(true);
    const [[, before] = [0, 0]] = await stockOf([product]);
    asked.length = 0;
    const stale = await kept.get(db, "", [product], atS, true, async (ids) => {
      asked.push(ids);
      return [[product, before] as const];
    });
    expect(stale.get(product)).toBe(before);
    // …then the sale becomes visible: its stock, and its row at S.
    await saleBecomesReadable(product, next, 3);

    // Another sale moves the revision: the changes are read, the one at S is found, and the value
    // read before it could be seen is read again, though S is not after the revision it was kept at.
    await saleElsewhere(other);
    asked.length = 0;
    const later = await kept.get(db, "", [product], await catalogueRevision(db), true, read);
    expect(asked).toEqual([[product]]);
    expect(later.get(product)).toBe(before + 3 * (await sizesOf(product)));

    // Read after the change was found, the value is right from then on: kept, not read again.
    asked.length = 0;
    await saleElsewhere(other);
    const again = await kept.get(db, "", [product], await catalogueRevision(db), true, read);
    expect(asked).toEqual([]);
    expect(again.get(product)).toBe(later.get(product));
  });

  it("reads a value again when an earlier sale of its product becomes readable after a later one", async () => {
    const db = testDb.database.db;
    const [product, other] = products as [number, number];
    const kept = new KeptPerProduct<number>(100);
    const { asked, read } = countedReads();
    await saleElsewhere(other);
    await kept.get(db, "", [product], await catalogueRevision(db), true, read);

    // Two sales of the product's sizes commit together: the first takes S, the second S + 1, and the
    // second becomes readable first.
    const first = await takeRevision();
    const second = await takeRevision();
    await saleBecomesReadable(product, second, 2);
    await saleElsewhere(other);
    asked.length = 0;
    const afterSecond = await kept.get(db, "", [product], await catalogueRevision(db), true, read);
    expect(asked).toEqual([[product]]);
    const [[, withSecond] = [0, 0]] = await stockOf([product]);
    expect(afterSecond.get(product)).toBe(withSecond);

    // Then the first: its revision is before the one the product was last read after, but the
    // process had not found it, so the value is read again.
    await saleBecomesReadable(product, first, 3);
    await saleElsewhere(other);
    asked.length = 0;
    const afterFirst = await kept.get(db, "", [product], await catalogueRevision(db), true, read);
    expect(asked).toEqual([[product]]);
    expect(afterFirst.get(product)).toBe(withSecond + 3 * (await sizesOf(product)));
  });
});
