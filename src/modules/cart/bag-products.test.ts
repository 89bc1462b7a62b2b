import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { roundTripCounter } from "#db/round-trips.ts";
import { MARKETS } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { addPackage, addToCart, readCart } from "./cart.service.ts";
import { formatCart } from "./cart-output.ts";
import type { CartOwner } from "./cart-owner.ts";
import { priceCart } from "./cart-pricing.ts";

type Market = (typeof MARKETS)[number];
const market = MARKETS.find((m) => m.currency === "EUR") ?? (MARKETS[0] as Market);
const otherMarket = MARKETS.find((m) => m.currency !== market.currency) as Market;

// The tests run in order on one bag and one process's kept products: each starts from what the one
// before it left kept, as a shopper's next read does.
describe("a bag read with the products the process keeps (decision 0106)", () => {
  let testDb: TestDatabase;
  let sizes: { product_id: number; id: number }[];
  let owner: CartOwner;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 120, seed: 11, dataDir: "" });
    const db = testDb.database.db;
    sizes = (
      await rows<{ product_id: number; id: number }>(
        db,
        sql`
        select s.product_id, s.id from product_sizes s join products p on p.id = s.product_id
         where p.online and not p.is_exclusive and not p.is_package and s.stock > 4
         order by s.product_id, s.id`,
      )
    ).filter((row, i, all) => all.findIndex((r) => r.product_id === row.product_id) === i);
    expect(sizes.length).toBeGreaterThan(10);
    const [user] = await rows<{ id: number }>(
      db,
      sql`insert into users (email, name) values ('kept-bag@example.com', 'Kept Bag') returning id`,
    );
    owner = { userId: user?.id ?? null, sessionId: null };
    for (const size of sizes.slice(0, 3))
      await addToCart(db, owner, { productId: size.product_id, sizeId: size.id, amount: 3 });
    // A package with a size of each of its items, as a line of its own.
    const [pkg] = await rows<{ id: number }>(
      db,
      sql`select p.id from products p where p.online and p.is_package and not p.is_exclusive
             and exists (select 1 from package_items pi where pi.package_id = p.id)
             and not exists (select 1 from package_items pi join products i on i.id = pi.product_id
                              where pi.package_id = p.id and not i.online)
           order by p.id limit 1`,
    );
    {
      if (!pkg) throw new Error("the demo shop has no package to add");
      const parts = await rows<{ product_id: number; size_id: number }>(
        db,
        sql`select distinct on (pi.product_id) pi.product_id, s.id as size_id
              from package_items pi join product_sizes s on s.product_id = pi.product_id and s.stock > 0
             where pi.package_id = ${pkg.id} order by pi.product_id, s.id`,
      );
      await addPackage(db, owner, { productId: pkg.id, amount: 1, parts });
    }
    await db.execute(
      sql`insert into favourites (user_id, product_id) values (${owner.userId}, ${sizes[1]?.product_id as number})`,
    );
  });
  afterAll(async () => testDb?.drop());

  /** The bag as the statement that reads every product with it shows it (checkout's read). */
  const readFully = async (inMarket: Market = market) =>
    formatCart(
      await priceCart(testDb.database.db, { owner }, inMarket, "de", { userId: owner.userId }),
      inMarket,
    );

  /** The bag read as the shopper's bag page reads it, and the round trips it took. */
  const readKept = async (inMarket: Market = market) => {
    const counter = roundTripCounter(testDb.database);
    const before = counter.roundTrips;
    const cart = await readCart(testDb.database.db, owner, inMarket, "de");
    return { cart, trips: counter.roundTrips - before };
  };

  it("shows what the full read shows, and reads the products once", async () => {
    const first = await readKept();
    expect(first.cart).toEqual(await readFully());
    expect(first.cart.lines).toHaveLength(4);
    // The package's line names its items and their sizes.
    const packageLine = first.cart.lines.find((line) => line.is_package);
    expect(packageLine?.sublines.length).toBeGreaterThan(0);
    expect(packageLine?.sublines.every((sub) => sub.product.includes("("))).toBe(true);
    expect(first.cart.lines.filter((line) => line.is_favorite).map((line) => line.product_id)).toEqual([
      sizes[1]?.product_id,
    ]);
    // The set-up of the market is kept per process: the first read may have read it too.
    const second = await readKept();
    expect(second.cart).toEqual(first.cart);
    expect(second.trips).toBe(1);
  });

  it("keeps each market's prices apart: the same bag in another currency shows that currency's", async () => {
    const inEuros = await readKept();
    const elsewhere = await readKept(otherMarket);
    expect(elsewhere.cart).toEqual(await readFully(otherMarket));
    expect(elsewhere.cart.currency).not.toBe(inEuros.cart.currency);
    // The other currency's products (and that market's set-up) are read once, then kept beside the
    // euro ones.
    expect((await readKept(otherMarket)).trips).toBe(1);
    const again = await readKept();
    expect(again.cart).toEqual(inEuros.cart);
    expect(again.trips).toBe(1);
  });

  it("shows a favourite added or removed at once, without reading the products again", async () => {
    const db = testDb.database.db;
    const productId = sizes[0]?.product_id as number;
    const favourites = async () =>
      (await readKept()).cart.lines.filter((line) => line.is_favorite).map((line) => line.product_id);
    await db.execute(
      sql`insert into favourites (user_id, product_id) values (${owner.userId}, ${productId})`,
    );
    const added = await readKept();
    expect(added.cart).toEqual(await readFully());
    expect(added.trips).toBe(1);
    expect((await favourites()).sort()).toEqual([productId, sizes[1]?.product_id].sort());
    await db.execute(
      sql`delete from favourites where user_id = ${owner.userId} and product_id = ${sizes[1]?.product_id as number}`,
    );
    const removed = await readKept();
    expect(removed.cart).toEqual(await readFully());
    expect(removed.trips).toBe(1);
    expect(await favourites()).toEqual([productId]);
  });

  it("shows a new price at once, reading again only then", async () => {
    const productId = sizes[0]?.product_id as number;
    const before = (await readKept()).cart.lines.find((line) => line.product_id === productId);
    await testDb.database.db.execute(
      sql`update product_prices set price = price + 500 where product_id = ${productId} and currency = 'EUR'`,
    );
    const after = await readKept();
    expect(after.cart).toEqual(await readFully());
    const line = after.cart.lines.find((l) => l.product_id === productId);
    expect(line?.unit_price).toBeCloseTo((before?.unit_price ?? 0) + 5, 2);
    expect(after.trips).toBe(2);
    expect((await readKept()).trips).toBe(1);
  });

  it("shows a sale of its own sizes at once, and keeps its products across a sale of others", async () => {
    const db = testDb.database.db;
    // A sale of a product not in the bag: the changes are read, the bag's products are not.
    const other = sizes[10] as { product_id: number; id: number };
    await db.execute(sql`update product_sizes set stock = stock - 1 where id = ${other.id}`);
    const unrelated = await readKept();
    expect(unrelated.cart).toEqual(await readFully());
    expect(unrelated.trips).toBe(2);
    expect((await readKept()).trips).toBe(1);

    // One unit left of a line of three: shown at what is left, with a warning.
    const own = sizes[2] as { product_id: number; id: number };
    await db.execute(sql`update product_sizes set stock = 1 where id = ${own.id}`);
    const after = await readKept();
    expect(after.cart).toEqual(await readFully());
    const line = after.cart.lines.find((l) => l.size_id === own.id);
    expect(line?.quantity).toBe(1);
    expect(line?.max_quantity).toBe(1);
    expect(line?.message?.text).toBe("cart.message.quantityReduced");
    expect(after.trips).toBe(3);
  });

  it("shows a product taken offline as sold out", async () => {
    const productId = sizes[0]?.product_id as number;
    await testDb.database.db.execute(sql`update products set online = false where id = ${productId}`);
    const after = await readKept();
    expect(after.cart).toEqual(await readFully());
    expect(after.cart.lines.find((l) => l.product_id === productId)?.message?.text).toBe(
      "cart.message.soldOut",
    );
    // A change of a product moves the catalogue revision: the bag's products are read again.
    expect(after.trips).toBe(2);
  });
});
