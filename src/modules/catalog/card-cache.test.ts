import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { roundTripCounter } from "#db/round-trips.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { cachedCardsInOrder, productCardsInOrder } from "./catalog.service.ts";
import { catalogueRevision } from "./catalogue-cache.ts";
import { purgeStockChanges } from "./stock-changes.ts";

describe("a listing page's cards kept per revision", () => {
  let testDb: TestDatabase;
  let ids: number[];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 40, seed: 9, dataDir: "" });
    ids = (
      await rows<{ id: number }>(
        testDb.database.db,
        sql`select p.id from products p join product_prices pp on pp.product_id = p.id and pp.currency = 'DKK'
             where p.online order by p.id desc limit 6`,
      )
    ).map((row) => row.id);
  });
  afterAll(async () => testDb?.drop());

  it("reads only the cards not read lately, in the order asked, and shows a price change at once", async () => {
    const db = testDb.database.db;
    const counter = roundTripCounter(testDb.database);
    const revision = await catalogueRevision(db);
    const first = ids.slice(0, 4);
    const before = counter.roundTrips;
    const cards = await cachedCardsInOrder(db, db, "DKK", first, revision);
    expect(counter.roundTrips - before).toBe(1);
    expect(cards).toEqual(await productCardsInOrder(db, "DKK", first));

    // The same cards again, and two of them with two new ones in another order: one read, of the new.
    const again = counter.roundTrips;
    expect((await cachedCardsInOrder(db, db, "DKK", first, revision)).map((card) => card.product_id)).toEqual(
      first,
    );
    expect(counter.roundTrips).toBe(again);
    const mixed = [ids[5], ids[1], ids[4], ids[0]] as number[];
    const mixedCards = await cachedCardsInOrder(db, db, "DKK", mixed, revision);
    expect(mixedCards.map((card) => card.product_id)).toEqual(mixed);
    expect(counter.roundTrips - again).toBe(1);

    // A new price moves the revision: the card shows it.
    const changed = ids[1] as number;
    await db.execute(
      sql`update product_prices set price = 12345 where product_id = ${changed} and currency = 'DKK'`,
    );
    const moved = await catalogueRevision(db);
    expect(moved).not.toBe(revision);
    const [card] = await cachedCardsInOrder(db, db, "DKK", [changed], moved);
    expect(card?.prices.min_price).toBe(123.45);
    expect(mixedCards[1]?.prices.min_price).not.toBe(123.45);
  });

  it("after a sale reads again only the cards of the products whose stock changed", async () => {
    const db = testDb.database.db;
    const counter = roundTripCounter(testDb.database);
    const revision = await catalogueRevision(db);
    const page = ids.slice(0, 4);
    await cachedCardsInOrder(db, db, "DKK", page, revision);

    // One size of one product sells out, as a sale writes it.
    const sold = ids[2] as number;
    const [size] = await rows<{ id: number }>(
      db,
      sql`select id from product_sizes where product_id = ${sold} and stock > 0 order by sort limit 1`,
    );
    await db.execute(sql`update product_sizes set stock = 0 where id = ${size?.id}`);
    const afterSale = await catalogueRevision(db);
    expect(afterSale.split(".")[0]).toBe(revision.split(".")[0]);
    expect(afterSale).not.toBe(revision);

    // Two reads: the changes since the last stock revision, and the sold product's card alone.
    const before = counter.roundTrips;
    const cards = await cachedCardsInOrder(db, db, "DKK", page, afterSale);
    expect(counter.roundTrips - before).toBe(2);
    expect(cards).toEqual(await productCardsInOrder(db, "DKK", page));
    const soldCard = cards.find((card) => card.product_id === sold);
    expect(soldCard?.sizes.find((cardSize) => cardSize.size_id === size?.id)?.in_stock).toBe(false);

    // An update that leaves stock as it was moves nothing; the page is read from the cache again.
    await db.execute(sql`update product_sizes set stock = stock where product_id = ${sold}`);
    expect(await catalogueRevision(db)).toBe(afterSale);
    const again = counter.roundTrips;
    await cachedCardsInOrder(db, db, "DKK", page, afterSale);
    expect(counter.roundTrips).toBe(again);
  });

  it("moves the stock revision when the sale's transaction commits, not while it goes on", async () => {
    const db = testDb.database.db;
    const product = ids[3] as number;
    const stockRevision = async (via: typeof db) =>
      Number((await rows<{ n: string }>(via, sql`select last_value::text as n from stock_revision`))[0]?.n);
    const before = await stockRevision(db);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update product_sizes set stock = stock + 1 where id = (select min(id) from product_sizes where product_id = ${product})`,
      );
      // Still the revision a listing may read now: the change cannot be seen before the commit.
      expect(await stockRevision(tx as unknown as typeof db)).toBe(before);
    });
    expect(await stockRevision(db)).toBeGreaterThan(before);
    const [change] = await rows<{ revision: string }>(
      db,
      sql`select revision::text from product_stock_changes where product_id = ${product} order by revision desc limit 1`,
    );
    expect(Number(change?.revision)).toBe(await stockRevision(db));
  });

  it("inside a listing's transaction reads the cards a sale may concern through it, without waiting", async () => {
    const db = testDb.database.db;
    const page = ids.slice(0, 4);
    await cachedCardsInOrder(db, db, "DKK", page, await catalogueRevision(db));
    const sold = ids[0] as number;
    await db.execute(
      sql`update product_sizes set stock = stock + 2 where id = (select min(id) from product_sizes where product_id = ${sold})`,
    );
    const afterSale = await catalogueRevision(db);
    // PGlite has one connection: a read of the changes outside the transaction would wait for it.
    const cards = await db.transaction(async (tx) =>
      cachedCardsInOrder(db, tx as unknown as typeof db, "DKK", page, afterSale),
    );
    expect(cards).toEqual(await productCardsInOrder(db, "DKK", page));
  });

  it("keeps a change's row ten minutes: the scheduled purge removes older ones only", async () => {
    const db = testDb.database.db;
    const [latest] = await rows<{ n: number }>(db, sql`select count(*)::int as n from product_stock_changes`);
    expect(latest?.n).toBeGreaterThan(0);
    expect(await purgeStockChanges(db, new Date(Date.now() + 9 * 60_000))).toBe(0);
    expect(await purgeStockChanges(db, new Date(Date.now() + 11 * 60_000))).toBe(latest?.n);
  });
});
