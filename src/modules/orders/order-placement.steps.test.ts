import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPoints } from "#modules/delivery/delivery.schema.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { orderLines, orderShipments, orders } from "./orders.schema.ts";
import { draftLine, draftOrder, draftShipment } from "./orders.test-helpers.ts";

let testDb: TestDatabase;
let pointId: number;
beforeAll(async () => {
  testDb = await createTestDatabase();
  const [point] = await testDb.database.db
    .insert(dropPoints)
    .values({
      externalId: "dk-gls-1",
      provider: "gls",
      countryCode: "DK",
      postCode: "2100",
      name: "Kiosk Øst",
      street: "Østerbrogade 1",
      street2: "Baggården",
      zipcode: "2100",
      city: "København Ø",
      latitude: 55.7,
      longitude: 12.57,
      hours: [],
    })
    .returning({ id: dropPoints.id });
  pointId = (point as { id: number }).id;
});
afterAll(async () => testDb?.drop());

describe("writing the order and its shipments", () => {
  it("writes the order, one shipment per package with its lines, and answers its id and token", async () => {
    const { db } = testDb.database;
    const draft = draftOrder({ paymentReference: "PS-steps-1" }, [
      draftShipment({
        dropPointId: pointId,
        lines: [draftLine(), draftLine({ productId: 2, sizeId: 21, quantity: 2 })],
      }),
      draftShipment({ supplierId: 7, supplierName: "Stadium Sports", lines: [draftLine({ productId: 3 })] }),
    ]);
    const placed = await db.transaction((tx) => insertOrderAndShipments(tx, draft));

    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ token: placed.token, paymentReference: "PS-steps-1", status: "placed" });
    const shipments = await db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, placed.id))
      .orderBy(orderShipments.id);
    expect(shipments.map((s) => s.supplierName)).toEqual(["Warehouse", "Stadium Sports"]);
    // The drop point's address is kept on the shipment as it was.
    expect(shipments[0]?.pickupAddress).toEqual({
      id: pointId,
      name: "Kiosk Øst",
      street: "Østerbrogade 1",
      street2: "Baggården",
      zip: "2100",
      city: "København Ø",
    });
    expect(shipments[1]?.pickupAddress).toBeNull();
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    expect(
      lines.map((l) => [l.productId, l.quantity, l.shipmentId]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [1, 1, shipments[0]?.id],
      [2, 2, shipments[0]?.id],
      [3, 1, shipments[1]?.id],
    ]);
  });

  it("writes a package without lines as a shipment alone", async () => {
    const { db } = testDb.database;
    const placed = await db.transaction((tx) =>
      insertOrderAndShipments(tx, draftOrder({}, [draftShipment({ lines: [] })])),
    );
    expect(await db.select().from(orderShipments).where(eq(orderShipments.orderId, placed.id))).toHaveLength(
      1,
    );
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, placed.id))).toHaveLength(0);
  });

  it("refuses a second order under the same payment reference, writing nothing", async () => {
    const { db } = testDb.database;
    const before = (await db.select({ id: orders.id }).from(orders)).length;
    await expect(
      db.transaction((tx) => insertOrderAndShipments(tx, draftOrder({ paymentReference: "PS-steps-1" }))),
    ).rejects.toThrow();
    expect((await db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });
});
