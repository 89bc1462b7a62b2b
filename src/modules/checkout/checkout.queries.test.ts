import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { roundTripCounter } from "#db/round-trips.ts";
import { addToCart, readCart } from "#modules/cart/cart.service.ts";
import { MARKETS } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { deliveryData } from "./checkout-delivery.service.ts";
import { paymentGateways } from "./checkout-payment-methods.service.ts";
import type { Shopper } from "./checkout-state.ts";

const market = MARKETS[0] as (typeof MARKETS)[number];
const READ = 3;

describe("round trips per checkout read", () => {
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
    // The shop's set-up (delivery and payment methods) is kept per process: counted with it read.
    await readCart(testDb.database.db, { userId: null, sessionId: "warm-up" }, market, "da");
  });
  afterAll(async () => testDb?.drop());

  const roundTrips = async (call: () => Promise<unknown>) => {
    const counter = roundTripCounter(testDb.database);
    const before = counter.roundTrips;
    await call();
    return counter.roundTrips - before;
  };

  it("delivery methods and payment gateways in a few round trips, whatever the bag holds", async () => {
    const db = testDb.database.db;
    const counts: Record<string, number>[] = [];
    for (const lines of [1, 12]) {
      const shopper: Shopper = {
        owner: { userId: null, sessionId: `checkout-trips-${lines}` },
        user: null,
        market,
        locale: "da",
      };
      for (const size of sizes.slice(0, lines))
        await addToCart(db, shopper.owner, { productId: size.product_id, sizeId: size.id, amount: 1 });
      counts.push({
        firstDelivery: await roundTrips(() => deliveryData(db, shopper)),
        delivery: await roundTrips(() => deliveryData(db, shopper)),
        firstGateways: await roundTrips(() => paymentGateways(db, shopper)),
        gateways: await roundTrips(() => paymentGateways(db, shopper)),
      });
    }
    const [one, twelve] = counts as [Record<string, number>, Record<string, number>];
    expect(twelve).toEqual(one);
    const tooMany = Object.entries(one).filter(([, trips]) => trips > READ);
    expect(Object.fromEntries(tooMany)).toEqual({});
  });
});
