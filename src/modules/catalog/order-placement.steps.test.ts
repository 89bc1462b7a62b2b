import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { productSizes } from "./catalog.schema.ts";
import { takeStock } from "./order-placement.steps.ts";

let testDb: TestDatabase;
let a: number;
let b: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemoShop(testDb.database, { products: 20, seed: 2, dataDir: "" });
  const sizes = await rows<{ id: number }>(
    testDb.database.db,
    sql`select id from product_sizes order by id limit 2`,
  );
  [a, b] = sizes.map((size) => size.id) as [number, number];
});
afterAll(async () => testDb?.drop());

const setStock = (sizeId: number, stock: number) =>
  testDb.database.db.update(productSizes).set({ stock }).where(eq(productSizes.id, sizeId));
const stocks = async () =>
  Object.fromEntries(
    (
      await testDb.database.db
        .select({ id: productSizes.id, stock: productSizes.stock })
        .from(productSizes)
        .where(inArray(productSizes.id, [a, b]))
    ).map((row) => [row.id, row.stock]),
  );

describe("taking stock for an order", () => {
  it("takes each size's quantity, adding up lines of the same size", async () => {
    await setStock(a, 5);
    await setStock(b, 3);
    await testDb.database.db.transaction((tx) =>
      takeStock(tx, [
        { sizeId: b, quantity: 2 },
        { sizeId: a, quantity: 2 },
        { sizeId: b, quantity: 1 },
      ]),
    );
    expect(await stocks()).toEqual({ [a]: 3, [b]: 0 });
  });

  it("refuses the order when a size has too little stock, and takes none of it", async () => {
    await setStock(a, 5);
    await setStock(b, 1);
    const taking = testDb.database.db.transaction((tx) =>
      takeStock(tx, [
        { sizeId: a, quantity: 1 },
        { sizeId: b, quantity: 2 },
      ]),
    );
    await expect(taking).rejects.toMatchObject({
      statusCode: 409,
      code: "out_of_stock",
      message: "checkout.error.outOfStock",
    });
    expect(await stocks()).toEqual({ [a]: 5, [b]: 1 });
  });

  it("refuses a size that no longer exists", async () => {
    await setStock(a, 5);
    const taking = testDb.database.db.transaction((tx) =>
      takeStock(tx, [
        { sizeId: a, quantity: 1 },
        { sizeId: 2_000_000_000, quantity: 1 },
      ]),
    );
    await expect(taking).rejects.toMatchObject({ code: "out_of_stock" });
    expect((await stocks())[a]).toBe(5);
  });

  it("takes nothing for an order without sized lines", async () => {
    await testDb.database.db.transaction((tx) => takeStock(tx, []));
    expect((await stocks())[a]).toBe(5);
  });
});
