import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, csrfHeaders, type TestApp, testVisitor } from "#server/testing.ts";
import {
  GRANT_MINUTES,
  LOOKUPS_PER_HOUR_PER_ORDER,
  LOOKUPS_PER_MINUTE_PER_IP,
  WRONG_TOKENS_PER_MINUTE_PER_IP,
} from "./order-lookup.service.ts";
import { renderOrderConfirmation } from "./order-mail.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { orders } from "./orders.schema.ts";
import { ANONYMISED_EMAIL, orderForMail } from "./orders.service.ts";
import { draftLine, draftOrder, draftShipment } from "./orders.test-helpers.ts";

/**
 * The guest's ways to an order (decision 0035): the lookup by number and e-mail, which gives the
 * session a short grant, and the confirmation mail's token, which needs no session at all.
 */
let t: TestApp;
let guestOrder: { id: number; token: string; number: string };
let otherOrder: { id: number; token: string; number: string };
let anonymised: { id: number; token: string; number: string };

const place = async (overrides: Parameters<typeof draftOrder>[0] = {}) => {
  const placed = await t.database.db.transaction((tx) =>
    insertOrderAndShipments(
      tx,
      draftOrder(overrides, [
        draftShipment({
          lines: [
            draftLine({
              sublines: [{ product: "Name: JENSEN", product_id: null, image_url: null, total: 10_000 }],
            }),
          ],
        }),
        draftShipment({
          supplierId: 7,
          supplierName: "Stadium Sports",
          lines: [draftLine({ sizeName: null })],
        }),
      ]),
    ),
  );
  return { ...placed, number: `ST${placed.id}` };
};

let ipCounter = 0;
/** A new client address, so that one test's attempts do not count against another's. */
const freshIp = () => `203.0.113.${++ipCounter}`;

/** A lookup as the form sends it, from a given address, with or without the visitor's cookies. */
async function lookUp(body: unknown, ip = freshIp(), cookies: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/v1.1/orders/lookup/",
    payload: body as object,
    headers: csrfHeaders(t.config, cookies),
    remoteAddress: ip,
  });
}

/** The answer without what differs on every request. */
const answerOf = (response: { statusCode: number; body: string }) => {
  const { request_id: _id, ...body } = JSON.parse(response.body) as Record<string, unknown>;
  return { status: response.statusCode, body };
};

beforeAll(async () => {
  t = await createTestApp();
  guestOrder = await place({ email: "Mette@Example.com" });
  otherOrder = await place({ email: "someone-else@example.com" });
  anonymised = await place({ email: ANONYMISED_EMAIL });
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

describe("POST /v1.1/orders/lookup/", () => {
  it("lets the session read the order with the right number and e-mail, however they are typed", async () => {
    const visitor = testVisitor(t);
    const digits = String(guestOrder.id);
    const found = await visitor.json("/v1.1/orders/lookup/", {
      order_number: ` st ${digits} `,
      email: " METTE@example.COM ",
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      success: true,
      order_number: guestOrder.number,
      redirect_url: `/orders/view/?id=${guestOrder.number}`,
    });
    expect(found.headers["cache-control"]).toBe("private, no-store");
    expect(visitor.jar.sessionid).toBeTruthy();

    const read = await visitor.get(`/v1.1/orders/guest/${guestOrder.number}/`);
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    const order = read.json();
    expect(order).toMatchObject({
      order_number: guestOrder.number,
      currency: "DKK",
      delivery_address: { name: "Mette Jensen", postal_code: "2100" },
    });
    expect(order.suppliers).toHaveLength(2);
    expect(order.suppliers[0].items[0].sublines[0]).toMatchObject({ product: "Name: JENSEN" });
    // Read-only: no self-service links for a guest.
    for (const supplier of order.suppliers) expect(supplier).not.toHaveProperty("returns_url");

    // The grant is this session's and only for this order.
    expect((await visitor.get(`/v1.1/orders/guest/${otherOrder.number}/`)).statusCode).toBe(404);
    const stranger = await testVisitor(t).get(`/v1.1/orders/guest/${guestOrder.number}/`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe("invalid_id");
  });

  it("gives the grant for a limited time only", async () => {
    const visitor = testVisitor(t);
    expect(
      (
        await visitor.json("/v1.1/orders/lookup/", {
          order_number: otherOrder.number,
          email: "someone-else@example.com",
        })
      ).statusCode,
    ).toBe(200);
    expect((await visitor.get(`/v1.1/orders/guest/${otherOrder.number}/`)).statusCode).toBe(200);
    const later = Date.now() + (GRANT_MINUTES * 60 + 1) * 1000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const expired = await visitor.get(`/v1.1/orders/guest/${otherOrder.number}/`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe("invalid_id");
  });

  it("answers a wrong e-mail, a wrong number, an unknown number and an anonymised order alike", async () => {
    const answers = await Promise.all([
      lookUp({ order_number: guestOrder.number, email: "someone-else@example.com" }),
      lookUp({ order_number: otherOrder.number, email: "mette@example.com" }),
      lookUp({ order_number: "ST999999999", email: "mette@example.com" }),
      lookUp({ order_number: anonymised.number, email: "mette@example.com" }),
    ]);
    const [first, ...rest] = answers.map(answerOf);
    expect(first).toEqual({
      status: 404,
      body: { error: "invalid_id", message: "orders.error.notFound" },
    });
    for (const answer of rest) expect(answer).toEqual(first);
    for (const response of answers) expect(response.headers["set-cookie"]).toBeUndefined();
    // The address anonymised orders carry is not an e-mail anyone can type.
    const placeholder = await lookUp({ order_number: anonymised.number, email: ANONYMISED_EMAIL });
    expect(placeholder.statusCode).toBe(400);
  });

  it.each([
    ["a number instead of text", { order_number: 12, email: "mette@example.com" }, "order_number"],
    ["an empty number", { order_number: "", email: "mette@example.com" }, "order_number"],
    ["blanks for a number", { order_number: "   ", email: "mette@example.com" }, "order_number"],
    [
      "a number too big for any order",
      { order_number: "ST99999999999", email: "a@example.com" },
      "order_number",
    ],
    ["digits of another script", { order_number: "ST١٢٣", email: "mette@example.com" }, "order_number"],
    ["letters", { order_number: "STABC", email: "mette@example.com" }, "order_number"],
    ["a negative number", { order_number: "-1", email: "mette@example.com" }, "order_number"],
    ["a long text", { order_number: "ST1".repeat(5_000), email: "mette@example.com" }, "order_number"],
    ["no e-mail", { order_number: "ST1" }, "email"],
    ["an empty e-mail", { order_number: "ST1", email: "" }, "email"],
    ["not an e-mail", { order_number: "ST1", email: "mette at example" }, "email"],
    ["an e-mail as a list", { order_number: "ST1", email: ["mette@example.com"] }, "email"],
    ["an e-mail of emoji", { order_number: "ST1", email: "⚽⚽⚽" }, "email"],
  ])("refuses %s with a 400 naming the field", async (_case, body, field) => {
    const response = await lookUp(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it("refuses a body that is not an object, and one without the CSRF token", async () => {
    for (const body of [[], "ST1", null]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/v1.1/orders/lookup/",
        payload: JSON.stringify(body),
        headers: { ...csrfHeaders(t.config), "content-type": "application/json" },
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    const noToken = await t.app.inject({
      method: "POST",
      url: "/v1.1/orders/lookup/",
      payload: { order_number: guestOrder.number, email: "mette@example.com" },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error).toBe("csrf_failed");
  });

  it("stops an address after its lookups of the minute, right or wrong", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOOKUPS_PER_MINUTE_PER_IP; i++) {
      const response = await lookUp({ order_number: `ST${900_000 + i}`, email: "guess@example.com" }, ip);
      expect(response.statusCode).toBe(404);
    }
    const stopped = await lookUp({ order_number: guestOrder.number, email: "mette@example.com" }, ip);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().error).toBe("rate_limited");
    // Another address is not stopped.
    expect((await lookUp({ order_number: "ST900100", email: "guess@example.com" })).statusCode).toBe(404);
  });

  it("stops guesses at one order's e-mail from many addresses, and the right one with them", async () => {
    const target = await place({ email: "target@example.com" });
    for (let i = 0; i < LOOKUPS_PER_HOUR_PER_ORDER; i++) {
      const response = await lookUp({ order_number: target.number, email: `guess-${i}@example.com` });
      expect(response.statusCode).toBe(404);
    }
    const stopped = await lookUp({ order_number: `st${target.id}`, email: "target@example.com" });
    expect(stopped.statusCode).toBe(429);
    // The order's own mail link still opens it.
    expect((await testVisitor(t).get(`/v1.1/orders/view/${target.token}/`)).statusCode).toBe(200);
  });
});

describe("GET /v1.1/orders/view/{token}/ (the confirmation mail's link)", () => {
  it("is the link the confirmation mail carries, and opens the order without any session", async () => {
    const data = await orderForMail(t.database.db, guestOrder.id);
    if (!data) throw new Error("no order");
    const mail = renderOrderConfirmation(data, "https://pitchside.dk");
    const link = `https://pitchside.dk/orders/view/?token=${guestOrder.token}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link);

    const response = await t.app.inject({ method: "GET", url: `/v1.1/orders/view/${guestOrder.token}/` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.json()).toMatchObject({
      order_number: guestOrder.number,
      suppliers: [{ supplier: "Warehouse" }, { supplier: "Stadium Sports" }],
    });
    expect(response.json().suppliers[0]).not.toHaveProperty("returns_url");
  });

  it("answers 404 for a token no order has, and for an anonymised order's; 400 for what is no token", async () => {
    const unknown = await testVisitor(t).get(`/v1.1/orders/view/${crypto.randomUUID()}/`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("invalid_id");
    expect((await testVisitor(t).get(`/v1.1/orders/view/${anonymised.token}/`)).statusCode).toBe(404);
    for (const token of ["ST1", "0", "%E2%9A%BD", `${crypto.randomUUID()}x`]) {
      const response = await testVisitor(t).get(`/v1.1/orders/view/${token}/`);
      expect(response.statusCode, token).toBe(400);
    }
    // Longer than any path parameter the server reads: no such call.
    expect((await testVisitor(t).get(`/v1.1/orders/view/${"x".repeat(500)}/`)).statusCode).toBe(404);
  });

  it("stops an address that tries one unknown token after another", async () => {
    const ip = freshIp();
    const tryToken = (token: string) =>
      t.app.inject({ method: "GET", url: `/v1.1/orders/view/${token}/`, remoteAddress: ip });
    for (let i = 0; i < WRONG_TOKENS_PER_MINUTE_PER_IP; i++)
      expect((await tryToken(crypto.randomUUID())).statusCode).toBe(404);
    expect((await tryToken(crypto.randomUUID())).statusCode).toBe(429);
  });

  it("stops opening an order once its owner's account is deleted (the order is anonymised)", async () => {
    const placed = await place({ email: "leaving@example.com" });
    expect((await testVisitor(t).get(`/v1.1/orders/view/${placed.token}/`)).statusCode).toBe(200);
    await t.database.db.update(orders).set({ email: ANONYMISED_EMAIL }).where(eq(orders.id, placed.id));
    expect((await testVisitor(t).get(`/v1.1/orders/view/${placed.token}/`)).statusCode).toBe(404);
  });
});
