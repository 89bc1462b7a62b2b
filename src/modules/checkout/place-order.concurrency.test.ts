import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCardHash } from "#modules/cart/voucher-rules.ts";
import { giftCards } from "#modules/cart/vouchers.schema.ts";
import {
  choosePayment,
  type Guest,
  payByCard,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "#modules/checkout/checkout.test-helpers.ts";
import { requireMarket } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { placeOrder } from "./place-order.flow.ts";

/**
 * The order's transaction under load, on PostgreSQL when TEST_DATABASE_URL is set (PGlite runs the
 * same suite with one connection): stock, payment results and gift cards stay right however many
 * checkouts race.
 */
let t: TestApp;
let size: SizeRow;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 200, seed: 11, dataDir: "" });
  size = await pickSize(t, { marketplace: false });
});
afterAll(async () => t?.close());

const stockOf = async (sizeId: number) =>
  (await rowsOf<{ stock: number }>(t, sql`select stock from product_sizes where id = ${sizeId}`))[0]?.stock ??
  -1;
const ordersFor = async (sizeId: number) =>
  (
    await rowsOf<{ count: number }>(
      t,
      sql`select count(distinct order_id)::int as count from order_lines where size_id = ${sizeId}`,
    )
  )[0]?.count ?? -1;
const setStock = (sizeId: number, stock: number) =>
  t.database.db.execute(sql`update product_sizes set stock = ${stock} where id = ${sizeId}`);

/** A guest who has paid by card and only has to come back from the provider. */
async function paidGuest(target: SizeRow): Promise<{ guest: Guest; resultUrl: string }> {
  const guest = await readyGuest(t, [target]);
  await choosePayment(guest, "test-card");
  const paid = await payByCard(guest);
  if (paid.json().resultCode !== "Authorised") throw new Error(paid.body);
  return { guest, resultUrl: paid.json().action.url };
}

describe("placing orders concurrently", () => {
  it("sells the last 5 units to exactly 5 of 20 parallel checkouts and never goes below 0", async () => {
    const target = await pickSize(t, { marketplace: false, skip: [size.product_id] });
    await setStock(target.size_id, 20);
    const guests = [];
    for (let i = 0; i < 20; i++) guests.push(await paidGuest(target));
    await setStock(target.size_id, 5);
    const results = await Promise.all(guests.map(({ guest, resultUrl }) => guest.get(resultUrl)));
    const receipts = results.filter((r) => String(r.headers.location).startsWith("/checkout/receipt/"));
    expect(receipts).toHaveLength(5);
    expect(results.every((r) => r.statusCode === 303)).toBe(true);
    expect(await stockOf(target.size_id)).toBe(0);
    expect(await ordersFor(target.size_id)).toBe(5);
    // The 15 who lost have their authorisation released, not captured.
    const attempts = await rowsOf<{ status: string; count: number }>(
      t,
      sql`select status, count(*)::int as count from payment_attempts
           where reference in (select payment_reference from orders) or status = 'cancelled' group by status`,
    );
    expect(attempts.find((a) => a.status === "cancelled")?.count).toBe(15);
  });

  it("places one order however often the payment result arrives", async () => {
    const target = await pickSize(t, { marketplace: false, skip: [size.product_id], offset: 3 });
    await setStock(target.size_id, 10);
    const { guest, resultUrl } = await paidGuest(target);
    const replays = await Promise.all(Array.from({ length: 10 }, () => guest.get(resultUrl)));
    const locations = new Set(replays.map((r) => r.headers.location));
    expect(locations.size).toBe(1);
    expect([...locations][0]).toMatch(/^\/checkout\/receipt\//);
    expect(await ordersFor(target.size_id)).toBe(1);
    expect(await stockOf(target.size_id)).toBe(9);
  });

  it("rolls everything back when the order fails after the stock was taken", async () => {
    const target = await pickSize(t, { marketplace: false, skip: [size.product_id], offset: 5 });
    await setStock(target.size_id, 4);
    const guest = await readyGuest(t, [target]);
    await choosePayment(guest, "test-card");
    const [cart] = await rowsOf<{ id: number }>(
      t,
      sql`select c.id from carts c join cart_lines l on l.cart_id = c.id where l.size_id = ${target.size_id}`,
    );
    // The amount authorised no longer matches: found only after the stock is reserved.
    const failed = placeOrder(
      t.database.db,
      t.app.jobs,
      {
        owner: { userId: null, sessionId: null },
        user: null,
        market: requireMarket("dk"),
        locale: "da",
      },
      cart?.id as number,
      { gateway: "test-card", method: "Card", reference: "PS-rollback", authorisedAmount: 1 },
      { subscribeNewsletters: false, source: "", device: "" },
    );
    await expect(failed).rejects.toMatchObject({ code: "total_changed" });
    expect(await stockOf(target.size_id)).toBe(4);
    expect(await ordersFor(target.size_id)).toBe(0);
    expect((await guest.get("/cart/data/")).json().lines).toHaveLength(1);
  });

  it("never takes a gift card below 0 when two checkouts use it at once", async () => {
    const target = await pickSize(t, { marketplace: false, skip: [size.product_id], offset: 7 });
    await setStock(target.size_id, 10);
    const a = await readyGuest(t, [target]);
    const b = await readyGuest(t, [target]);
    const total = Math.round((await a.get("/cart/data/")).json().payment_total * 100);
    const code = "GIFT-RACE-0001-TEST";
    await t.database.db.insert(giftCards).values({
      codeHash: giftCardHash(code),
      last4: "TEST",
      currency: "DKK",
      initialBalance: Math.round(total * 1.5),
      balance: Math.round(total * 1.5),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    for (const guest of [a, b]) {
      expect((await guest.json("/api/giftcards/add/", { code })).statusCode).toBe(200);
      expect((await guest.get("/checkout/payment_gateways/")).json().amount_due_minor).toBe(0);
    }
    const [first, second] = await Promise.all(
      [a, b].map((guest) => guest.json("/checkout/step_review_submit/", { policy: true })),
    );
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [card] = await rowsOf<{ balance: number }>(
      t,
      sql`select balance from gift_cards where last4 = 'TEST'`,
    );
    expect(card?.balance).toBe(Math.round(total * 1.5) - total);
    expect(card?.balance).toBeGreaterThanOrEqual(0);
    expect(await ordersFor(target.size_id)).toBe(1);
  });

  it("queues exactly one confirmation with every placed order, and none for a refused one", async () => {
    const jobs = await rowsOf<{ order_id: number }>(
      t,
      sql`select (data->>'orderId')::int as order_id from pgboss.job where name = 'orders.confirmation'`,
    );
    // The demo member's delivered order comes with the seed, confirmed long ago (decision 0044).
    const orders = await rowsOf<{ id: number }>(
      t,
      sql`select id from orders where email <> 'demo@pitchside.example' order by id`,
    );
    expect(orders.length).toBeGreaterThan(5);
    expect(jobs.map((job) => job.order_id).sort((a, b) => a - b)).toEqual(orders.map((order) => order.id));
  });
});
