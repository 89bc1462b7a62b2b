import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { roundTripCounter } from "#db/round-trips.ts";
import { MARKETS } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { countingQueries, createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { addToCart, deleteLine, readCart, updateLineQuantity } from "./cart.service.ts";
import type { CartOwner } from "./cart-owner.ts";
import { addVoucher, removeVoucher } from "./vouchers.service.ts";

const market = MARKETS[0] as (typeof MARKETS)[number];

describe("queries per bag read", () => {
  let testDb: TestDatabase;
  let sizes: { product_id: number; id: number }[];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDemoShop(testDb.database, { products: 200, seed: 6, dataDir: "" });
    sizes = (
      await rows<{ product_id: number; id: number }>(
        testDb.database.db,
        sql`
        select s.product_id, s.id from product_sizes s join products p on p.id = s.product_id
         where p.online and not p.is_exclusive and not p.is_package and s.stock > 4
         order by s.product_id, s.id`,
      )
    ).filter((row, i, all) => all.findIndex((r) => r.product_id === row.product_id) === i);
  });
  afterAll(async () => testDb?.drop());

  it("does not grow with the number of lines", async () => {
    const db = testDb.database.db;
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

  describe("round trips per bag call", () => {
    const READ = 3;
    const WRITE = 4;
    const VOUCHER = "ROUNDTRIP10";

    /** The round trips `call` sends to the database. */
    const roundTrips = async (call: () => Promise<unknown>) => {
      const counter = roundTripCounter(testDb.database);
      const before = counter.roundTrips;
      await call();
      return counter.roundTrips - before;
    };

    /** A bag of `lines` products, one unit each, and the id of its first line. */
    async function bagOf(name: string, lines: number): Promise<{ owner: CartOwner; lineIds: number[] }> {
      const owner = { userId: null, sessionId: `round-trips-${name}` };
      const lineIds: number[] = [];
      for (const size of sizes.slice(0, lines))
        lineIds.push(
          (
            await addToCart(testDb.database.db, owner, {
              productId: size.product_id,
              sizeId: size.id,
              amount: 1,
            })
          ).lineId,
        );
      return { owner, lineIds };
    }

    beforeAll(async () => {
      await testDb.database.db.execute(sql`
        insert into vouchers (code, kind, value, currency, minimum_order, valid_from, valid_to)
        values (${VOUCHER}, 'percentage', 10, null, 0, now() - interval '1 day', now() + interval '30 days')`);
      // The shop's set-up is kept per process: counted with it read once.
      await readCart(testDb.database.db, { userId: null, sessionId: "warm-up" }, market, "da");
    });

    it("reads, adds, changes and removes in a few round trips, whatever the bag holds", async () => {
      const db = testDb.database.db;
      const counts: Record<string, number>[] = [];
      for (const [name, lines] of [
        ["one", 1],
        ["twelve", 12],
      ] as const) {
        const { owner, lineIds } = await bagOf(name, lines);
        const [first, second] = lineIds;
        const extra = sizes[13] as { product_id: number; id: number };
        counts.push({
          read: await roundTrips(() => readCart(db, owner, market, "da")),
          addNew: await roundTrips(() =>
            addToCart(db, owner, { productId: extra.product_id, sizeId: extra.id, amount: 1 }),
          ),
          addMore: await roundTrips(() =>
            addToCart(db, owner, { productId: extra.product_id, sizeId: extra.id, amount: 1 }),
          ),
          quantity: await roundTrips(() => updateLineQuantity(db, owner, first as number, 2)),
          remove: await roundTrips(() => deleteLine(db, owner, (second ?? first) as number)),
          voucherAdd: await roundTrips(() =>
            addVoucher(db, owner, { code: VOUCHER, market, locale: "da", ip: "127.0.0.1" }),
          ),
          voucherRemove: await roundTrips(() => removeVoucher(db, owner, VOUCHER)),
        });
      }
      const [one, twelve] = counts as [Record<string, number>, Record<string, number>];
      expect(twelve).toEqual(one);
      expect(one.read).toBeLessThanOrEqual(READ);
      // An add is one statement, whether its line is new or grows (decision 0060).
      expect([one.addNew, one.addMore]).toEqual([1, 1]);
      const tooMany = Object.entries(one).filter(([call, trips]) => call !== "read" && trips > WRITE);
      expect(Object.fromEntries(tooMany)).toEqual({});
    });

    it("a new visitor's first add makes the bag in the same few round trips", async () => {
      const size = sizes[0] as { product_id: number; id: number };
      const trips = await roundTrips(() =>
        addToCart(
          testDb.database.db,
          { userId: null, sessionId: "round-trips-first" },
          { productId: size.product_id, sizeId: size.id, amount: 1 },
        ),
      );
      expect(trips).toBe(1);
    });

    it("adds of one size at once to a bag not made yet make one bag with one line of them all", async () => {
      const db = testDb.database.db;
      const owner = { userId: null, sessionId: "round-trips-at-once" };
      const size = sizes[2] as { product_id: number; id: number };
      await Promise.all(
        Array.from({ length: 4 }, () =>
          addToCart(db, owner, { productId: size.product_id, sizeId: size.id, amount: 1 }),
        ),
      );
      const cart = await readCart(db, owner, market, "da");
      expect(cart.lines.map((line) => [line.size_id, line.quantity])).toEqual([[size.id, 4]]);
    });

    it("a quantity that does not change writes nothing", async () => {
      const { owner, lineIds } = await bagOf("unchanged", 1);
      const db = testDb.database.db;
      await updateLineQuantity(db, owner, lineIds[0] as number, 2);
      const [before] = await rows<{ xmin: string }>(
        db,
        sql`select xmin::text from cart_lines where id = ${lineIds[0] as number}`,
      );
      const answer = await updateLineQuantity(db, owner, lineIds[0] as number, 2);
      const [after] = await rows<{ xmin: string }>(
        db,
        sql`select xmin::text from cart_lines where id = ${lineIds[0] as number}`,
      );
      expect(answer.quantity).toBe(2);
      expect(after?.xmin).toBe(before?.xmin);
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("named statements on PostgreSQL", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    // One connection, so the statements the bag prepared are the ones this test sees.
    testDb = await createTestDatabase({ poolSize: 1 });
  });
  afterAll(async () => testDb?.drop());

  it("the bag read and the line removal are prepared once per connection and then run by name", async () => {
    const db = testDb.database.db;
    const owner = { userId: null, sessionId: "prepared" };
    await readCart(db, owner, market, "da");
    await readCart(db, owner, market, "da");
    await deleteLine(db, owner, 1).catch(() => {});
    const names = (
      await rows<{ name: string }>(db, sql`select name from pg_prepared_statements order by name`)
    ).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["bag_session_kept", "line_delete_session"]));
  });
});
