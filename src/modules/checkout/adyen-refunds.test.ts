import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "#modules/markets/markets.service.ts";
import { orderNumber } from "#modules/orders/order-numbers.ts";
import { recordAuthorisationCancels } from "#modules/payments/payment-captures.service.ts";
import { releaseStaleAuthorisations } from "#modules/payments/payments.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import {
  type AdyenFake,
  adyenEnv,
  encryptedCard,
  FAKE_CARD,
  startAdyenFake,
} from "../../../tests/support/adyen-fake.ts";
import { mailsToIn } from "../../../tests/support/mail-files.ts";
import {
  choosePayment,
  DANISH_ADDRESS,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "./checkout.test-helpers.ts";

/**
 * Money after an Adyen order (decision 0057): captured when the order is placed, refunded for a
 * package cancelled before it ships and for a received return — each a payment_captures row sent by
 * the job queue with its idempotency key, never more than captured less refunded — and an
 * authorisation nothing was captured of cancelled at Adyen. Against the local fake of Adyen.
 */
const OPERATOR_TOKEN = "operator-adyen-token";
let t: TestApp;
let fake: AdyenFake;
let own: SizeRow;
let market: SizeRow;

beforeAll(async () => {
  fake = await startAdyenFake();
  t = await createTestApp(
    { publicUrl: "https://shop.example", operatorApiToken: OPERATOR_TOKEN },
    adyenEnv(fake),
  );
  await seedDemoShop(t.database, { products: 120, seed: 7, dataDir: "" });
  own = await pickSize(t, { marketplace: false });
  market = await pickSize(t, { marketplace: true });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const operator = (url: string, body?: object) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    ...(body ? { payload: body } : {}),
  });

interface OrderRow {
  id: number;
  amount_due: number;
  total: number;
  currency: string;
}
interface ShipmentRow {
  id: number;
  supplier_name: string;
  delivery_cost: number;
  goods: number;
}
interface MoneyRow {
  id: number;
  kind: string;
  shipment_id: number | null;
  return_id: number | null;
  amount: number;
  status: string;
  provider_order_id: string;
  provider_reference: string | null;
  idempotency_key: string;
  failure: string | null;
}

const moneyOf = (orderId: number) =>
  rowsOf<MoneyRow>(
    t,
    sql`select id, kind, shipment_id, return_id, amount, status, provider_order_id, provider_reference,
               idempotency_key, failure
          from payment_captures where order_id = ${orderId} order by id`,
  );

const shipmentsOf = (orderId: number) =>
  rowsOf<ShipmentRow>(
    t,
    sql`select s.id, s.supplier_name, s.delivery_cost,
               (select coalesce(sum(l.line_total), 0)::int from order_lines l where l.shipment_id = s.id) as goods
          from order_shipments s where s.order_id = ${orderId} order by s.id`,
  );

/** The calls the fake received for one payment's modifications of a kind. */
const sent = (psp: string, kind: "captures" | "refunds" | "cancels") =>
  fake.requests.filter((r) => r.path === `/v72/payments/${psp}/${kind}`);

/** Moves the retries the queue holds back (its back-off) to now. */
const retryNow = () =>
  rowsOf(
    t,
    sql`update pgboss.job set start_after = now() where name = 'payments.send-capture' and state = 'retry'`,
  );

/**
 * Pays a bag of the shop's own size and a marketplace size (two packages) with Adyen's authorised
 * test card and follows the result page: the order, placed. `visitor` pays as a signed-in member.
 */
async function adyenOrder(email: string, visitor?: ReturnType<typeof testVisitor>): Promise<OrderRow> {
  const guest = await readyGuest(t, [own, market], {
    address: { ...DANISH_ADDRESS, email },
    ...(visitor ? { visitor } : {}),
  });
  await choosePayment(guest, "test-card");
  expect((await guest.json("/checkout/step_review_submit/", { policy: true })).statusCode).toBe(200);
  const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.authorised));
  expect(paid.json().resultCode).toBe("Authorised");
  const back = await guest.get(paid.json().action.url);
  expect(back.headers.location).toMatch(/^\/checkout\/receipt\//);
  const [order] = await rowsOf<OrderRow>(
    t,
    sql`select id, amount_due, total, currency from orders where email = ${email} order by id desc limit 1`,
  );
  if (!order) throw new Error("no order");
  return order;
}

describe("refunds of an Adyen order", () => {
  it("refunds a package cancelled before it ships once, its share, with its idempotency key; the whole order cancelled refunds the rest", async () => {
    const order = await adyenOrder("adyen-cancel@example.com");
    await t.app.jobs.drain();
    const [capture] = await moneyOf(order.id);
    expect(capture).toMatchObject({ kind: "capture", amount: order.amount_due, status: "received" });
    const psp = capture?.provider_order_id as string;
    const [warehouse, supplier] = await shipmentsOf(order.id);
    if (!warehouse || !supplier) throw new Error("two packages expected");

    const cancel = (shipment: ShipmentRow) =>
      operator(`/api/operator/orders/${orderNumber(order.id)}/shipments/${shipment.id}/cancel/`);
    expect((await cancel(supplier)).statusCode).toBe(200);
    // The same cancel again changes nothing and refunds nothing more.
    expect((await cancel(supplier)).json().changed).toBe(false);
    await t.app.jobs.drain();

    const share = supplier.goods + supplier.delivery_cost;
    const refunds = sent(psp, "refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toMatchObject({
      merchantAccount: fake.merchantAccount,
      amount: { value: share, currency: order.currency },
    });
    const [, refund] = await moneyOf(order.id);
    expect(refund).toMatchObject({
      kind: "refund",
      shipment_id: supplier.id,
      amount: share,
      status: "received",
      provider_order_id: psp,
    });
    expect(refunds[0]?.headers["idempotency-key"]).toBe(refund?.idempotency_key);
    expect(refund?.provider_reference).toMatch(/^[0-9A-F]{16}$/);

    // Adyen's REFUND notification settles it.
    const note = fake.notification({
      eventCode: "REFUND",
      pspReference: refund?.provider_reference as string,
      originalReference: psp,
      merchantReference: "refund",
      amount: { value: share, currency: order.currency },
    });
    expect(
      (await t.app.inject({ method: "POST", url: "/api/adyen/notifications/", payload: note })).statusCode,
    ).toBe(200);
    await t.app.jobs.drain();
    expect((await moneyOf(order.id))[1]?.status).toBe("done");

    // The last package cancelled: the order is cancelled and everything still captured goes back.
    const last = await cancel(warehouse);
    expect(last.json().order_status).toBe("cancelled");
    await t.app.jobs.drain();
    const all = sent(psp, "refunds").map((r) => (r.body.amount as { value: number }).value);
    expect(all).toEqual([share, order.amount_due - share]);
    expect(sent(psp, "cancels")).toHaveLength(0);
    // Each cancellation mail names the amount that goes back to the card.
    const mails = mailsToIn(path.join(t.config.dataDir, "mail"), "adyen-cancel@example.com").filter((mail) =>
      mail.includes("refunderer vi"),
    );
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain(formatMoney(share, order.currency, "da-DK"));
    expect(mails[1]).toContain(formatMoney(order.amount_due - share, order.currency, "da-DK"));
  });

  it("refunds a received return, cut to what was captured less refunded", async () => {
    const email = "adyen-return@example.com";
    const member = testVisitor(t);
    expect(
      (await member.json("/api/auth/signup/", { email, password: "Correct-Horse-42", name: "Rita Returner" }))
        .statusCode,
    ).toBe(201);
    expect((await member.json("/api/auth/login/", { email, password: "Correct-Horse-42" })).statusCode).toBe(
      200,
    );
    const order = await adyenOrder(email, member);
    await t.app.jobs.drain();
    const psp = (await moneyOf(order.id))[0]?.provider_order_id as string;
    const [warehouse, supplier] = await shipmentsOf(order.id);
    if (!warehouse || !supplier) throw new Error("two packages expected");
    const number = orderNumber(order.id);
    const base = `/api/operator/orders/${number}/shipments`;
    expect((await operator(`${base}/${supplier.id}/cancel/`)).statusCode).toBe(200);
    expect(
      (await operator(`${base}/${warehouse.id}/ship/`, { carrier: "gls", tracking_number: "GLS123456" }))
        .statusCode,
    ).toBe(200);
    expect((await operator(`${base}/${warehouse.id}/deliver/`)).statusCode).toBe(200);

    const shown = (await member.get(`/v1.1/orders/${number}/`)).json() as {
      suppliers: { supplier: string; items: { line_id: number }[] }[];
    };
    const line = shown.suppliers.find((s) => s.supplier === warehouse.supplier_name)?.items[0]?.line_id;
    const created = await member.json(`/v1.1/orders/${number}/returns/`, {
      lines: [{ line_id: line, quantity: 1, reason: "too_small" }],
    });
    expect(created.statusCode).toBe(201);
    const returnNumber = created.json().return.return_number as string;
    // The operator refunds the order's whole total: more than is left on the card.
    const received = await operator(`/api/operator/returns/${returnNumber}/received/`, {
      refund_amount: order.total / 100,
    });
    expect(received.statusCode).toBe(200);
    await t.app.jobs.drain();

    const share = supplier.goods + supplier.delivery_cost;
    const rows = await moneyOf(order.id);
    const returned = rows.find((row) => row.return_id !== null);
    expect(returned).toMatchObject({ kind: "refund", amount: order.amount_due - share, status: "received" });
    const refunds = sent(psp, "refunds");
    expect(refunds.map((r) => (r.body.amount as { value: number }).value)).toEqual([
      share,
      order.amount_due - share,
    ]);
    expect(refunds[1]?.headers["idempotency-key"]).toBe(returned?.idempotency_key);
    // Received again with the same refund: nothing more is sent.
    await operator(`/api/operator/returns/${returnNumber}/received/`, { refund_amount: order.total / 100 });
    await t.app.jobs.drain();
    expect(sent(psp, "refunds")).toHaveLength(2);
  });

  it("retries a refund Adyen answers with a 5xx through the job queue, with the same key, until it goes through", async () => {
    const order = await adyenOrder("adyen-retry@example.com");
    await t.app.jobs.drain();
    const psp = (await moneyOf(order.id))[0]?.provider_order_id as string;
    const [, supplier] = await shipmentsOf(order.id);
    fake.failNext("refunds", 500, 2);
    await operator(`/api/operator/orders/${orderNumber(order.id)}/shipments/${supplier?.id}/cancel/`);
    await t.app.jobs.drain();
    expect((await moneyOf(order.id))[1]).toMatchObject({ kind: "refund", status: "pending" });
    await retryNow();
    await t.app.jobs.drain();
    expect((await moneyOf(order.id))[1]?.status).toBe("pending");
    await retryNow();
    await t.app.jobs.drain();
    const refund = (await moneyOf(order.id))[1];
    expect(refund).toMatchObject({
      status: "received",
      provider_reference: expect.stringMatching(/^[0-9A-F]{16}$/),
    });
    const tries = sent(psp, "refunds");
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.headers["idempotency-key"]))).toEqual(
      new Set([refund?.idempotency_key]),
    );
  });

  it("marks a refund Adyen refuses (4xx) failed for the operator and does not send it again", async () => {
    const order = await adyenOrder("adyen-refused-refund@example.com");
    await t.app.jobs.drain();
    const psp = (await moneyOf(order.id))[0]?.provider_order_id as string;
    const [, supplier] = await shipmentsOf(order.id);
    fake.failNext("refunds", 422, 1);
    await operator(`/api/operator/orders/${orderNumber(order.id)}/shipments/${supplier?.id}/cancel/`);
    await t.app.jobs.drain();
    await retryNow();
    await t.app.jobs.drain();
    const refund = (await moneyOf(order.id))[1];
    expect(refund).toMatchObject({ kind: "refund", status: "failed" });
    expect(refund?.failure).toContain("905");
    expect(sent(psp, "refunds")).toHaveLength(1);
  });
});

describe("authorisations nothing was captured of", () => {
  it("an order cancelled before its capture was sent: the capture is dropped and the authorisation cancelled", async () => {
    const order = await adyenOrder("adyen-early-cancel@example.com");
    const [capture] = await moneyOf(order.id);
    const psp = capture?.provider_order_id as string;
    for (const shipment of await shipmentsOf(order.id))
      await operator(`/api/operator/orders/${orderNumber(order.id)}/shipments/${shipment.id}/cancel/`);
    await t.app.jobs.drain();
    expect(sent(psp, "captures")).toHaveLength(0);
    expect(sent(psp, "refunds")).toHaveLength(0);
    expect(sent(psp, "cancels")).toHaveLength(1);
    const rows = await moneyOf(order.id);
    // The first package's refund waited for the capture; both are dropped, one cancel goes instead.
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ["capture", "void"],
      ["refund", "void"],
      ["cancel", "received"],
    ]);
    expect(sent(psp, "cancels")[0]?.headers["idempotency-key"]).toBe(rows[2]?.idempotency_key);
  });

  it("an authorisation no order took is cancelled at Adyen once it is released", async () => {
    const guest = await readyGuest(t, [own], {
      address: { ...DANISH_ADDRESS, email: "adyen-left@example.com" },
    });
    await choosePayment(guest, "test-card");
    await guest.json("/checkout/step_review_submit/", { policy: true });
    const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.authorised));
    expect(paid.json().resultCode).toBe("Authorised");
    // The shopper never comes back to the result page; the hold passes.
    const [attempt] = await rowsOf<{ psp_reference: string }>(
      t,
      sql`select psp_reference from payment_attempts where gateway = 'adyen' order by id desc limit 1`,
    );
    const released = await releaseStaleAuthorisations(t.database.db, new Date(Date.now() + 60_000), (ids) =>
      recordAuthorisationCancels(t.database.db, t.app.jobs, ids),
    );
    expect(released).toBeGreaterThanOrEqual(1);
    await t.app.jobs.drain();
    expect(sent(attempt?.psp_reference as string, "cancels")).toHaveLength(1);
  });
});
