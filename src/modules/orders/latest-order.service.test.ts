import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#modules/accounts/accounts.schema.ts";
import { countingQueries, createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { latestOrder } from "./latest-order.service.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { orders } from "./orders.schema.ts";
import { draftLine, draftOrder, draftShipment } from "./orders.test-helpers.ts";

let testDb: TestDatabase;
let member: number;
let other: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const made = await testDb.database.db
    .insert(users)
    .values([{ email: "latest@example.com" }, { email: "other@example.com" }])
    .returning({ id: users.id });
  [member, other] = made.map((row) => row.id) as [number, number];
});
afterAll(async () => testDb?.drop());

async function place(
  userId: number,
  createdAt: string,
  overrides: Parameters<typeof draftOrder>[0] = {},
  lines = [draftLine()],
) {
  const { db } = testDb.database;
  const placed = await db.transaction((tx) =>
    insertOrderAndShipments(tx, draftOrder({ userId, ...overrides }, [draftShipment({ lines })])),
  );
  await db
    .update(orders)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(orders.id, placed.id));
  return placed.id;
}

describe("the member's latest order", () => {
  it("is none for a member without orders", async () => {
    expect(await latestOrder(testDb.database.db, member)).toBeNull();
  });

  it("is the newest of the member's orders, with its number, date, total, status, units and up to 3 pictures", async () => {
    const { db } = testDb.database;
    await place(member, "2026-03-01T10:00:00Z");
    const newest = await place(member, "2026-05-02T21:30:00Z", { total: 123_450, currency: "EUR" }, [
      draftLine({ imageUrl: "/media/products/1/0.svg", quantity: 2 }),
      draftLine({ productId: 2, imageUrl: "/media/products/2/0.svg" }),
      draftLine({ productId: 3, imageUrl: "/media/products/3/0.svg" }),
      draftLine({ productId: 4, imageUrl: "/media/products/4/0.svg", quantity: 3 }),
    ]);
    // Another member's newer order is not this member's.
    await place(other, "2026-06-01T10:00:00Z");
    await db.update(orders).set({ status: "shipped" }).where(eq(orders.id, newest));

    expect(await latestOrder(db, member)).toEqual({
      order_number: `ST${newest}`,
      order_date: Date.parse("2026-05-02T21:30:00Z") / 1000,
      currency: "EUR",
      total_order_amount: 1234.5,
      status: "shipped",
      item_count: 7,
      images: ["/media/products/1/0.svg", "/media/products/2/0.svg", "/media/products/3/0.svg"],
    });
  });

  it("reads a fixed number of queries however many orders and lines there are", async () => {
    const { proxy, counter } = countingQueries(testDb.database.db);
    await latestOrder(proxy, member);
    const withOrders = counter.queries;
    counter.queries = 0;
    await latestOrder(proxy, 2_147_483_647);
    expect(withOrders).toBe(3);
    expect(counter.queries).toBe(1);
  });
});
