import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { roundTripCounter } from "#db/round-trips.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { cachedCardsInOrder, productCardsInOrder } from "./catalog.service.ts";
import { catalogueRevision } from "./catalogue-cache.ts";

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
});
