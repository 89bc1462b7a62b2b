import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRefund } from "#modules/payments/payment-captures.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { type KlarnaFake, startKlarnaFake } from "../../../tests/support/klarna-fake.ts";
import {
  choosePayment,
  DANISH_ADDRESS,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "./checkout.test-helpers.ts";

const OPERATOR_TOKEN = "operator-klarna-token";
let t: TestApp;
let fake: KlarnaFake;
let own: SizeRow;
let market: SizeRow;

beforeAll(async () => {
  fake = await startKlarnaFake();
  t = await createTestApp(
    { operatorApiToken: OPERATOR_TOKEN },
    {
      KLARNA_USERNAME: fake.username,
      KLARNA_PASSWORD: fake.password,
      KLARNA_ENVIRONMENT: "playground",
      KLARNA_API_URL: fake.url,
      KLARNA_SCRIPT_URL: fake.scriptUrl,
    },
  );
  await seedDemoShop(t.database, { products: 120, seed: 11, dataDir: "" });
  own = await pickSize(t, { marketplace: false });
  market = await pickSize(t, { marketplace: true });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface OrderRow {
  id: number;
  amount_due: number;
  payment_gateway: string;
  payment_reference: string | null;
}
const ordersOf = (email: string) =>
  rowsOf<OrderRow>(
    t,
    sql`select id, amount_due, payment_gateway, payment_reference from orders where email = ${email} order by id`,
  );

/** A guest at the review with Klarna chosen and the terms accepted, Klarna's widget loaded. */
async function atKlarnaReview(email: string, sizes: SizeRow[] = [own]) {
  const guest = await readyGuest(t, sizes, { address: { ...DANISH_ADDRESS, email } });
  await choosePayment(guest, "test-bnpl");
  const gateways = (await guest.get("/checkout/payment_gateways/")).json();
  expect(gateways.configuration.klarna.id).toBe("klarna");
  const session = await guest.json("/payments/klarna/session/", {});
  expect(session.statusCode).toBe(200);
  expect(session.json().client_token).toMatch(/^eyJ/);
  const review = await guest.json("/checkout/step_review_submit/", { policy: true });
  expect(review.statusCode).toBe(200);
  expect(review.json().redirect_url).toBeNull();
  return { guest, amount: review.json().payment.amount as number };
}

describe("Klarna Payments", () => {
  it("turns the widget's authorisation into a Klarna order and places the shop's order once per token", async () => {
    const { guest, amount } = await atKlarnaReview("klarna-ok@example.com");
    const token = fake.authorise();
    const placed = await guest.json("/checkout/submit_authorization_token/", { authorization_token: token });
    expect(placed.statusCode).toBe(200);
    expect(placed.headers["cache-control"]).toContain("no-store");
    expect(placed.json().redirect_url).toMatch(/^\/checkout\/receipt\/\?token=/);

    const [order] = await ordersOf("klarna-ok@example.com");
    expect(order?.payment_gateway).toBe("klarna");
    expect(fake.orders.has(order?.payment_reference ?? "")).toBe(true);
    const created = fake.calls.find((call) => call.path === `/payments/v1/authorizations/${token}/order`);
    // The server's own total, in minor units, with an idempotency key.
    expect(created?.body?.order_amount).toBe(amount);
    expect(created?.body?.order_amount).toBe(order?.amount_due);
    expect(created?.body?.locale).toBe("da-DK");
    expect(created?.idempotencyKey).toBeTruthy();

    const again = await guest.json("/checkout/submit_authorization_token/", { authorization_token: token });
    expect(again.statusCode).toBe(200);
    expect(again.json().redirect_url).toBe(placed.json().redirect_url);
    expect(await ordersOf("klarna-ok@example.com")).toHaveLength(1);
  });

  it("refuses a missing, huge, non-ASCII or mistyped token with a field error", async () => {
    const { guest } = await atKlarnaReview("klarna-bad@example.com");
    for (const body of [
      {},
      { authorization_token: "" },
      { authorization_token: "x".repeat(101) },
      { authorization_token: "a".repeat(100_000) },
      { authorization_token: "tøken-🙂" },
      { authorization_token: 12345 },
      { authorization_token: ["a"] },
    ]) {
      const answer = await guest.json("/checkout/submit_authorization_token/", body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fields.authorization_token).toBeDefined();
    }
    expect(await ordersOf("klarna-bad@example.com")).toHaveLength(0);
  });

  it("tells the shopper when Klarna declines, and places nothing", async () => {
    const { guest } = await atKlarnaReview("klarna-declined@example.com");
    fake.refuseNextOrder(400);
    const answer = await guest.json("/checkout/submit_authorization_token/", {
      authorization_token: fake.authorise(),
    });
    expect(answer.statusCode).toBe(402);
    expect(answer.json().fields.authorization_token).toEqual(["payment.bnpl.error.notApproved"]);
    expect(await ordersOf("klarna-declined@example.com")).toHaveLength(0);
    // An unknown token is Klarna's 404: also a refusal, never a 5xx.
    const unknown = await guest.json("/checkout/submit_authorization_token/", {
      authorization_token: "never-authorised",
    });
    expect(unknown.statusCode).toBe(402);
  });

  it("captures a shipment's amount when it ships, and never refunds more than was captured", async () => {
    const { guest } = await atKlarnaReview("klarna-ship@example.com");
    await guest.json("/checkout/submit_authorization_token/", { authorization_token: fake.authorise() });
    const [order] = await ordersOf("klarna-ship@example.com");
    if (!order?.payment_reference) throw new Error("no order");
    const shipped = await t.app.inject({
      method: "POST",
      url: `/api/operator/orders/ST${order.id}/shipments/Warehouse/ship/`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { carrier: "gls", tracking_number: "GLS123456" },
    });
    expect(shipped.statusCode).toBe(200);
    await t.app.jobs.drain();

    const [capture] = await rowsOf<{
      id: number;
      amount: number;
      status: string;
      provider_reference: string;
      idempotency_key: string;
    }>(
      t,
      sql`select id, amount, status, provider_reference, idempotency_key from payment_captures
           where order_id = ${order.id} and kind = 'capture'`,
    );
    // The only package: the whole authorised amount is taken.
    expect(capture).toMatchObject({ amount: order.amount_due, status: "done" });
    const sent = fake.calls.filter(
      (call) => call.path === `/ordermanagement/v1/orders/${order.payment_reference}/captures`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ captured_amount: order.amount_due });
    expect(sent[0]?.idempotencyKey).toBe(capture?.idempotency_key);
    expect(capture?.idempotency_key).toMatch(/^pitchside-capture-[0-9a-f-]{36}$/);
    expect(capture?.provider_reference).toBeTruthy();
    expect(fake.orders.get(order.payment_reference)?.captured).toBe(order.amount_due);

    const paid = {
      id: order.id,
      paymentGateway: "klarna",
      paymentReference: order.payment_reference,
      amountDue: order.amount_due,
      currency: "DKK",
    };
    const first = await t.database.db.transaction((tx) => recordRefund(tx, t.app.jobs, paid, 1000));
    expect(first?.amount).toBe(1000);
    const rest = await t.database.db.transaction((tx) =>
      recordRefund(tx, t.app.jobs, paid, order.amount_due * 10),
    );
    expect(rest?.amount).toBe(order.amount_due - 1000);
    expect(await t.database.db.transaction((tx) => recordRefund(tx, t.app.jobs, paid, 1))).toBeNull();
    await t.app.jobs.drain();
    expect(fake.orders.get(order.payment_reference)?.refunded).toBe(order.amount_due);
    const refunds = await rowsOf<{ status: string; provider_reference: string | null }>(
      t,
      sql`select status, provider_reference from payment_captures where order_id = ${order.id} and kind = 'refund'`,
    );
    expect(refunds.map((r) => r.status)).toEqual(["done", "done"]);
    expect(refunds.every((r) => r.provider_reference)).toBe(true);
  });

  it("does not charge a cancelled package when the last one ships", async () => {
    const { guest } = await atKlarnaReview("klarna-part@example.com", [own, market]);
    await guest.json("/checkout/submit_authorization_token/", { authorization_token: fake.authorise() });
    const [order] = await ordersOf("klarna-part@example.com");
    if (!order?.payment_reference) throw new Error("no order");
    const shipments = await rowsOf<{ id: number; delivery_cost: number; goods: number }>(
      t,
      sql`select s.id, s.delivery_cost,
                 (select coalesce(sum(l.line_total), 0)::int from order_lines l where l.shipment_id = s.id) as goods
            from order_shipments s where s.order_id = ${order.id} order by s.id`,
    );
    const [warehouse, supplier] = shipments;
    if (!warehouse || !supplier) throw new Error("two packages expected");
    const base = `/api/operator/orders/ST${order.id}/shipments`;
    const headers = { authorization: `Bearer ${OPERATOR_TOKEN}` };
    const cancelled = await t.app.inject({ method: "POST", url: `${base}/${supplier.id}/cancel/`, headers });
    expect(cancelled.statusCode).toBe(200);
    await t.app.inject({
      method: "POST",
      url: `${base}/${warehouse.id}/ship/`,
      headers,
      payload: { carrier: "gls", tracking_number: "GLS654321" },
    });
    await t.app.jobs.drain();
    // Nothing was captured for the cancelled package, so nothing is refunded for it either.
    expect(fake.orders.get(order.payment_reference)).toMatchObject({
      captured: order.amount_due - (supplier.goods + supplier.delivery_cost),
      refunded: 0,
    });
  });

  it("cancels the Klarna order when the whole order is cancelled before anything shipped", async () => {
    const { guest } = await atKlarnaReview("klarna-cancel@example.com");
    await guest.json("/checkout/submit_authorization_token/", { authorization_token: fake.authorise() });
    const [order] = await ordersOf("klarna-cancel@example.com");
    if (!order?.payment_reference) throw new Error("no order");
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/operator/orders/ST${order.id}/shipments/Warehouse/cancel/`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(cancelled.json().order_status).toBe("cancelled");
    await t.app.jobs.drain();
    expect(fake.orders.get(order.payment_reference)).toMatchObject({ cancelled: true, captured: 0 });
    const calls = fake.calls.filter(
      (call) => call.path === `/ordermanagement/v1/orders/${order.payment_reference}/cancel`,
    );
    expect(calls).toHaveLength(1);
    const [row] = await rowsOf<{ status: string; idempotency_key: string }>(
      t,
      sql`select status, idempotency_key from payment_captures where order_id = ${order.id} and kind = 'cancel'`,
    );
    expect(row?.status).toBe("done");
    expect(calls[0]?.idempotencyKey).toBe(row?.idempotency_key);
  });
});
