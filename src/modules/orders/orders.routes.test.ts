import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { dropPoints } from "#modules/delivery/delivery.schema.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { orders } from "./orders.schema.ts";
import { getOrder, listOrders } from "./orders.service.ts";
import { draftLine, draftOrder, draftShipment } from "./orders.test-helpers.ts";

/**
 * The order calls answer through their response contracts: what a member receives must be what the
 * service builds, so the contract drops and renames nothing on the way out. (Keys may come in another
 * order: a stored drop-point address comes out of jsonb in the engine's key order, and the contract
 * writes it in its own.)
 */
let t: TestApp;
let member: ReturnType<typeof testVisitor>;
let userId: number;
let placedId: number;

beforeAll(async () => {
  t = await createTestApp();
  member = testVisitor(t);
  const signup = await member.json("/api/auth/signup/", {
    email: "contracts@example.com",
    password: "Correct-Horse-42",
    name: "Contracts",
  });
  if (signup.statusCode !== 201) throw new Error(signup.body);
  const login = await member.json("/api/auth/login/", {
    email: "contracts@example.com",
    password: "Correct-Horse-42",
  });
  if (login.statusCode !== 200) throw new Error(login.body);
  const { db } = t.database;
  const [user] = await rows<{ id: number }>(
    db,
    sql`select id from users where email = 'contracts@example.com'`,
  );
  userId = (user as { id: number }).id;
  const [point] = await db
    .insert(dropPoints)
    .values({
      externalId: "dk-contract-1",
      provider: "gls",
      countryCode: "DK",
      postCode: "2100",
      name: "Kiosk Øst",
      street: "Østerbrogade 1",
      zipcode: "2100",
      city: "København Ø",
      latitude: 55.7,
      longitude: 12.57,
      hours: [],
    })
    .returning({ id: dropPoints.id });
  const placed = await db.transaction((tx) =>
    insertOrderAndShipments(
      tx,
      draftOrder(
        {
          userId,
          coupons: [{ code: "KICKOFF", amount: 1_000 }],
          giftCards: [{ id: 3, last4: "4821", amount: 2_500 }],
        },
        [
          draftShipment({
            dropPointId: point?.id ?? null,
            lines: [
              draftLine({
                sublines: [
                  { product: "Name: JENSEN", product_id: null, image_url: null, total: 10_000 },
                  { product: "Socks (M)", product_id: 9, image_url: "/media/products/9/0.webp", total: 0 },
                ],
              }),
            ],
          }),
          draftShipment({
            supplierId: 7,
            supplierName: "Stadium Sports",
            lines: [draftLine({ sizeName: null })],
          }),
        ],
      ),
    ),
  );
  placedId = placed.id;
  const completed = await db.transaction((tx) => insertOrderAndShipments(tx, draftOrder({ userId })));
  await db.update(orders).set({ status: "completed" }).where(eq(orders.id, completed.id));
});
afterAll(async () => t?.close());

const asSent = (value: unknown) => JSON.parse(JSON.stringify(value));

describe("the order calls' response contracts", () => {
  it("send the member's orders exactly as the service shapes them", async () => {
    const response = await member.get("/v1.1/orders/");
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toStrictEqual(asSent(await listOrders(t.database.db, userId)));
    expect(list.active_orders).toHaveLength(1);
    expect(list.completed_orders).toHaveLength(1);
    const [own, marketplace] = list.active_orders[0].suppliers;
    expect(own.returns_url).toBe(`/account/orders/returns/new/?id=ST${placedId}`);
    expect(own.pickup_address).toMatchObject({ name: "Kiosk Øst", zip: "2100" });
    expect(own.items[0].sublines).toHaveLength(2);
    expect(marketplace).not.toHaveProperty("returns_url");
    expect(list.active_orders[0].delivery_method.is_pickup).toBe(true);
  });

  it("send one order exactly as the service shapes it", async () => {
    const response = await member.get(`/v1.1/orders/ST${placedId}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual(asSent(await getOrder(t.database.db, userId, `ST${placedId}`)));
    expect(response.json().coupons).toEqual([{ code: "KICKOFF", amount: 10 }]);
    expect(response.json().giftcards).toEqual([{ code: "…4821", amount: 25 }]);
  });
});

describe("whose orders the order calls answer", () => {
  it("answers another member's order as not found, and a guest with 401", async () => {
    const other = testVisitor(t);
    await other.json("/api/auth/signup/", {
      email: "contracts-other@example.com",
      password: "Correct-Horse-42",
      name: "Other",
    });
    const login = await other.json("/api/auth/login/", {
      email: "contracts-other@example.com",
      password: "Correct-Horse-42",
    });
    expect(login.statusCode).toBe(200);
    const foreign = await other.get(`/v1.1/orders/ST${placedId}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: "invalid_id", message: "orders.error.notFound" });
    expect((await other.get("/v1.1/orders/")).json()).toEqual({ active_orders: [], completed_orders: [] });
    const guest = testVisitor(t);
    for (const url of ["/v1.1/orders/", `/v1.1/orders/ST${placedId}/`]) {
      const response = await guest.get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe("login_required");
    }
  });

  it.each([
    ["an unknown number", "ST999999999"],
    ["a number beyond any id", "ST99999999999"],
    ["no prefix letters but words", "order-1"],
    ["digits of another script", "ST%D9%A1"],
    ["zero", "ST0"],
  ])("answers %s as not found", async (_case, number) => {
    const response = await member.get(`/v1.1/orders/${number}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("invalid_id");
  });
});
