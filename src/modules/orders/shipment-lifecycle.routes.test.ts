import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { runOrdersCommand } from "../../cli/orders-command.ts";
import {
  depsOf,
  lifecycleTestShop,
  mailsTo,
  OPERATOR_TOKEN,
  operator,
  placeTestOrder,
  type SizeAtHand,
  stockOf,
} from "./lifecycle.test-helpers.ts";
import { orderShipments, orders } from "./orders.schema.ts";
import { shipmentHistory } from "./shipment-lifecycle.service.ts";

/**
 * The operator API and the pitchside command move an order's packages along (decision 0033): every
 * change once, recorded with its time, mailed when it ships or is cancelled; the same change again
 * changes nothing; a change the state machine forbids is a 409 with a code that says why.
 */
let t: TestApp;
let sizes: SizeAtHand[];
let call: ReturnType<typeof operator>;
const path = (order: string, shipment: string, action: string) =>
  `/api/operator/orders/${order}/shipments/${encodeURIComponent(shipment)}/${action}/`;
const ship = (
  order: string,
  shipment = "Warehouse",
  body: unknown = { carrier: "gls", tracking_number: "GLS123456" },
) => call(path(order, shipment, "ship"), body);

beforeAll(async () => {
  ({ t, sizes } = await lifecycleTestShop(4));
  call = operator(t);
});
afterAll(async () => t?.close());

const eventsOf = async (orderId: number) => shipmentHistory(t.database.db, orderId);
const orderStatus = async (orderId: number) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.status;

describe("the operator API's guard", () => {
  it("answers 401 without the token, with a wrong one and with another scheme, before reading the body", async () => {
    const order = await placeTestOrder(t, { own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }] });
    for (const token of [null, "wrong-token", `${OPERATOR_TOKEN}x`]) {
      const answer = await operator(t, token)(path(order.number, "Warehouse", "pack"), { junk: 1 });
      expect(answer.statusCode, String(token)).toBe(401);
      expect(answer.json().error).toBe("unauthorized");
    }
    const basic = await operator(t, null)(path(order.number, "Warehouse", "pack"), undefined, {
      authorization: `Basic ${OPERATOR_TOKEN}`,
    });
    expect(basic.statusCode).toBe(401);
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it("is off (404) when no token is configured", async () => {
    const off = await createTestApp();
    try {
      const answer = await operator(off)(path("ST1", "Warehouse", "pack"));
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe("not_found");
      const received = await operator(off)("/api/operator/returns/R1/received/", { refund_amount: 1 });
      expect(received.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("bad input", () => {
  it("names the fields of a bad ship call", async () => {
    const order = await placeTestOrder(t, { own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }] });
    const empty = await ship(order.number, "Warehouse", {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(["carrier", "tracking_number"]);
    for (const body of [
      { carrier: "pigeon", tracking_number: "ABC12345" },
      { carrier: 7, tracking_number: "ABC12345" },
      { carrier: "gls", tracking_number: "AB" },
      { carrier: "gls", tracking_number: "ABC 12345" },
      { carrier: "gls", tracking_number: "ÅBC12345" },
      { carrier: "gls", tracking_number: "😀😀😀😀😀" },
      { carrier: "gls", tracking_number: "A".repeat(41) },
      { carrier: "gls", tracking_number: 12345678 },
    ]) {
      const answer = await ship(order.number, "Warehouse", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe("validation_failed");
    }
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it("answers 404 for an unknown order or package, however large the number, and 400 for an overlong one", async () => {
    const order = await placeTestOrder(t, { own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }] });
    for (const [number, shipment] of [
      ["ST999999", "Warehouse"],
      ["ST99999999999", "Warehouse"],
      ["ST2147483648", "Warehouse"],
      ["ST0", "Warehouse"],
      ["order", "Warehouse"],
      [order.number, "Nobody"],
      [order.number, "99999999999999"],
      [order.number, "2147483648"],
      [order.number, "0"],
    ] as const) {
      const answer = await call(path(number, shipment, "pack"));
      expect(answer.statusCode, `${number} ${shipment}`).toBe(404);
      expect(["order_not_found", "shipment_not_found"]).toContain(answer.json().error);
    }
    expect((await call(path(`ST${"1".repeat(30)}`, "Warehouse", "pack"))).statusCode).toBe(400);
    expect((await call(path(order.number, "W".repeat(61), "pack"))).statusCode).toBe(400);
  });
});

describe("a package's way from placed to delivered", () => {
  it("packs, ships with a tracking link and one mail, delivers, and completes the order — each change once", async () => {
    const size = sizes[0] as SizeAtHand;
    const order = await placeTestOrder(t, { own: [{ size, quantity: 2 }], email: "way@example.com" });
    const [shipment] = await t.database.db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, order.id));
    expect(shipment?.status).toBe("placed");

    const packed = await call(path(order.number, "warehouse", "pack"));
    expect(packed.statusCode).toBe(200);
    expect(packed.json()).toMatchObject({
      order_number: order.number,
      order_status: "placed",
      changed: true,
      shipment: { supplier: "Warehouse", status: "packed", track_and_trace: null },
    });
    const again = await call(path(order.number, "Warehouse", "pack"));
    expect(again.json()).toMatchObject({ changed: false, shipment: { status: "packed" } });

    const shipped = await ship(order.number, String(shipment?.id), {
      carrier: "GLS",
      tracking_number: " GLS123456 ",
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      order_status: "shipped",
      changed: true,
      shipment: {
        status: "shipped",
        carrier: "gls",
        tracking_number: "GLS123456",
        track_and_trace: "https://gls-group.com/track/GLS123456",
      },
    });
    const shippedAgain = await ship(order.number);
    expect(shippedAgain.statusCode).toBe(200);
    expect(shippedAgain.json().changed).toBe(false);
    await t.app.jobs.drain();
    const mails = mailsTo(t, "way@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0] as string;
    expect(mail).toContain("Gode nyheder");
    expect(mail).toContain("https://gls-group.com/track/GLS123456");
    expect(mail).toContain("GLS123456");
    expect(mail).toContain(`2 × ${size.name}`);
    expect(mail).toContain("Følg din pakke");

    const otherParcel = await ship(order.number, "Warehouse", {
      carrier: "dhl",
      tracking_number: "DHL0000001",
    });
    expect(otherParcel.statusCode).toBe(409);
    expect(otherParcel.json().error).toBe("shipment_already_shipped");

    const delivered = await call(path(order.number, "Warehouse", "deliver"), {});
    expect(delivered.json()).toMatchObject({
      order_status: "completed",
      changed: true,
      shipment: { status: "delivered" },
    });
    const deliveredAgain = await call(path(order.number, "Warehouse", "deliver"));
    expect(deliveredAgain.json()).toMatchObject({ order_status: "completed", changed: false });
    expect(await orderStatus(order.id)).toBe("completed");

    const events = await eventsOf(order.id);
    expect(events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual([
      "placed→packed",
      "packed→shipped",
      "shipped→delivered",
    ]);
    expect(events[1]).toMatchObject({ carrier: "gls", trackingNumber: "GLS123456", source: "api" });
    for (const event of events) expect(event.createdAt).toBeInstanceOf(Date);
    await t.app.jobs.drain();
    expect(mailsTo(t, "way@example.com")).toHaveLength(1);
  });

  it("refuses what the state machine forbids, with a code, and records nothing", async () => {
    const order = await placeTestOrder(t, { own: [{ size: sizes[1] as SizeAtHand, quantity: 1 }] });
    const early = await call(path(order.number, "Warehouse", "deliver"));
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("shipment_not_shipped");

    expect((await ship(order.number)).statusCode).toBe(200);
    for (const [action, code] of [
      ["pack", "shipment_already_shipped"],
      ["cancel", "shipment_already_shipped"],
    ] as const) {
      const answer = await call(path(order.number, "Warehouse", action));
      expect(answer.statusCode, action).toBe(409);
      expect(answer.json().error).toBe(code);
    }
    await call(path(order.number, "Warehouse", "deliver"));
    for (const action of ["pack", "cancel"]) {
      const answer = await call(path(order.number, "Warehouse", action));
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toBe("shipment_delivered");
    }
    expect(
      (await ship(order.number, "Warehouse", { carrier: "ups", tracking_number: "1Z999" })).json().error,
    ).toBe("shipment_delivered");
    expect((await eventsOf(order.id)).length).toBe(2);
  });

  it("cancels a package that has not left: stock goes back once, one mail with what was cancelled and the refund", async () => {
    const size = sizes[2] as SizeAtHand;
    const order = await placeTestOrder(t, {
      own: [{ size, quantity: 3 }],
      email: "cancel@example.com",
      locale: "en",
    });
    const before = await stockOf(t, size.sizeId);
    await call(path(order.number, "Warehouse", "pack"));
    const cancelled = await call(path(order.number, "Warehouse", "cancel"));
    expect(cancelled.json()).toMatchObject({
      order_status: "cancelled",
      changed: true,
      shipment: { status: "cancelled" },
    });
    expect(await stockOf(t, size.sizeId)).toBe(before + 3);
    const again = await call(path(order.number, "Warehouse", "cancel"));
    expect(again.json()).toMatchObject({ order_status: "cancelled", changed: false });
    expect(await stockOf(t, size.sizeId)).toBe(before + 3);
    for (const action of ["pack", "deliver"]) {
      const refused = await call(path(order.number, "Warehouse", action));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe("shipment_cancelled");
    }
    const shipCancelled = await ship(order.number);
    expect(shipCancelled.statusCode).toBe(409);
    expect(shipCancelled.json().error).toBe("shipment_cancelled");

    await t.app.jobs.drain();
    const mails = mailsTo(t, "cancel@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Part of your order ${order.number} has been cancelled`);
    expect(mails[0]).toContain(`3 × ${size.name}`);
    expect(mails[0]).toContain("we refund");
    expect(mails[0]).toContain("https://shop.example/checkout/receipt/?token=");
    expect((await eventsOf(order.id)).map((e) => e.toStatus)).toEqual(["packed", "cancelled"]);
  });
});

describe("the same change at once", () => {
  it("is recorded and mailed once when five calls ship the same parcel together", async () => {
    const order = await placeTestOrder(t, {
      own: [{ size: sizes[1] as SizeAtHand, quantity: 1 }],
      email: "race@example.com",
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => ship(order.number)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().changed)).toHaveLength(1);
    expect(await eventsOf(order.id)).toHaveLength(1);
    await t.app.jobs.drain();
    expect(mailsTo(t, "race@example.com")).toHaveLength(1);
  });
});

describe("the order follows its packages", () => {
  it("is shipped while one package travels, completed when each is delivered or cancelled, cancelled when all are", async () => {
    const own = sizes[0] as SizeAtHand;
    const other = sizes[3] as SizeAtHand;
    const mixed = await placeTestOrder(t, {
      own: [{ size: own, quantity: 1 }],
      marketplace: { size: other, quantity: 1 },
    });
    await ship(mixed.number);
    expect(await orderStatus(mixed.id)).toBe("shipped");
    await call(path(mixed.number, "Warehouse", "deliver"));
    expect(await orderStatus(mixed.id)).toBe("shipped");
    const last = await call(path(mixed.number, "Touchline Traders", "cancel"));
    expect(last.json().order_status).toBe("completed");
    expect(await orderStatus(mixed.id)).toBe("completed");

    const both = await placeTestOrder(t, {
      own: [{ size: own, quantity: 1 }],
      marketplace: { size: other, quantity: 1 },
    });
    expect((await call(path(both.number, "Warehouse", "cancel"))).json().order_status).toBe("placed");
    expect((await call(path(both.number, "touchline traders", "cancel"))).json().order_status).toBe(
      "cancelled",
    );
  });

  it("shows the member each package's status, carrier and tracking link", async () => {
    const member = testVisitor(t);
    await member.json("/api/auth/signup/", {
      email: "follow@example.com",
      password: "Correct-Horse-42",
      name: "Fay",
    });
    await member.json("/api/auth/login/", { email: "follow@example.com", password: "Correct-Horse-42" });
    const [user] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'follow@example.com'`,
    );
    const order = await placeTestOrder(t, {
      userId: user?.id,
      own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }],
    });
    await ship(order.number, "Warehouse", { carrier: "postnord", tracking_number: "00370712345678901" });
    const answer = await member.get(`/v1.1/orders/${order.number}/`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      status: "shipped",
      suppliers: [
        {
          supplier: "Warehouse",
          status: "shipped",
          carrier: "PostNord",
          tracking_number: "00370712345678901",
          track_and_trace: "https://tracking.postnord.com/tracking.html?id=00370712345678901",
          returns_url: `/account/orders/returns/new/?id=${order.number}`,
          returnable_until: null,
        },
      ],
      returns: [],
    });
    const list = (await member.get("/v1.1/orders/")).json();
    expect(list.active_orders.map((o: { order_number: string }) => o.order_number)).toContain(order.number);
  });
});

describe("pitchside orders …", () => {
  const run = (...args: string[]) => runOrdersCommand(t.database.db, depsOf(t), args);

  it("refuses wrong use with exit code 2 and a reason", async () => {
    for (const args of [
      [],
      ["fly", "ST1", "Warehouse"],
      ["ship", "ST1", "Warehouse"],
      ["ship", "ST1", "Warehouse", "--carrier", "gls"],
      ["ship", "ST1"],
      ["pack", "ST1", "Warehouse", "extra"],
      ["pack", "ST1", "Warehouse", "--carrier", "gls"],
      ["deliver", "ST1", "Warehouse", "--refund", "10"],
      ["pack", "ST1", "Warehouse", "--colour", "red"],
      ["return-received", "R1"],
      ["return-received", "R1", "--refund", "-5"],
      ["return-received", "R1", "--refund", "12.345"],
      ["return-received", "R1", "--refund", "ten"],
      ["return-received", "--refund", "10"],
    ]) {
      const result = await run(...args);
      expect(result.exitCode, args.join(" ")).toBe(2);
      expect(result.output.length).toBeGreaterThan(5);
    }
  });

  it("ships, delivers and cancels through the same service calls, once each", async () => {
    const order = await placeTestOrder(t, {
      own: [{ size: sizes[0] as SizeAtHand, quantity: 1 }],
      marketplace: { size: sizes[3] as SizeAtHand, quantity: 1 },
      email: "cli@example.com",
    });
    const badCarrier = await run(
      "ship",
      order.number,
      "Warehouse",
      "--carrier",
      "pigeon",
      "--tracking",
      "X1234",
    );
    expect(badCarrier.exitCode).toBe(2);
    expect(badCarrier.output).toContain("carrier");
    const unknown = await run(
      "ship",
      "ST99999999999",
      "Warehouse",
      "--carrier",
      "dao",
      "--tracking",
      "DAO12345",
    );
    expect(unknown).toMatchObject({ exitCode: 1 });
    expect(unknown.output).toContain("order_not_found");
    expect((await run("pack", order.number, "Nobody")).output).toContain("shipment_not_found");

    const shipped = await run(
      "ship",
      order.number,
      "warehouse",
      "--carrier",
      "dao",
      "--tracking",
      "DAO12345",
    );
    expect(shipped.exitCode).toBe(0);
    expect(shipped.output).toContain("https://www.dao.as/privat/find-din-pakke?stregkode=DAO12345");
    const again = await run("ship", order.number, "Warehouse", "--carrier", "dao", "--tracking", "DAO12345");
    expect(again).toMatchObject({ exitCode: 0 });
    expect(again.output).toContain("nothing changed");
    const early = await run("deliver", order.number, "Touchline Traders");
    expect(early.exitCode).toBe(1);
    expect(early.output).toContain("shipment_not_shipped");
    expect((await run("deliver", order.number, "Warehouse")).exitCode).toBe(0);
    expect((await run("cancel", order.number, "Touchline Traders")).output).toContain(
      "the order is completed",
    );

    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.toStatus, e.source])).toEqual([
      ["shipped", "cli"],
      ["delivered", "cli"],
      ["cancelled", "cli"],
    ]);
    await t.app.jobs.drain();
    const mails = mailsTo(t, "cli@example.com");
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.includes("stregkode=DAO12345"))).toBe(true);
  });
});
