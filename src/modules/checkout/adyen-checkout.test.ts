import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRefund } from "#modules/payments/payment-captures.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import {
  type AdyenFake,
  adyenEnv,
  encryptedCard,
  FAKE_CARD,
  startAdyenFake,
} from "../../../tests/support/adyen-fake.ts";
import {
  choosePayment,
  type Guest,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "./checkout.test-helpers.ts";

let t: TestApp;
let fake: AdyenFake;
let size: SizeRow;

beforeAll(async () => {
  fake = await startAdyenFake();
  t = await createTestApp({ publicUrl: "https://shop.example" }, adyenEnv(fake));
  await seedDemoShop(t.database, { products: 120, seed: 7, dataDir: "" });
  size = await pickSize(t, { marketplace: false });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const reviewed = async () => {
  const guest = await readyGuest(t, [size]);
  await choosePayment(guest, "test-card");
  const review = await guest.json("/checkout/step_review_submit/", { policy: true });
  expect(review.statusCode).toBe(200);
  return guest;
};

const ordersOf = (reference: string) =>
  rowsOf<{ id: number; amount_due: number; payment_gateway: string; currency: string }>(
    t,
    sql`select id, amount_due, payment_gateway, currency from orders where payment_reference = ${reference}`,
  );

/** Pays with the fake's 3-D Secure card and comes back from the challenge: answers the order. */
async function payWith3ds(guest: Guest) {
  const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.threeDS));
  expect(paid.statusCode).toBe(200);
  const body = paid.json();
  expect(body.resultCode).toBe("RedirectShopper");
  expect(body.action.type).toBe("redirect");
  const payment = fake.requests.filter((r) => r.path === "/v72/payments").at(-1);
  const reference = String(payment?.body.reference);
  const redirectResult = fake.redirectResultFor(reference) as string;
  const back = await guest.get(
    `/checkout/adyen_payment_result/?merchantReference=${encodeURIComponent(reference)}&redirectResult=${redirectResult}`,
  );
  return { back, reference, payment };
}

describe("Adyen card payments (against the local fake)", () => {
  it("gives the Drop-in an Adyen session for the amount due in minor units", async () => {
    const guest = await readyGuest(t, [size]);
    const gateways = (await guest.get("/checkout/payment_gateways/")).json();
    const session = fake.requests.filter((r) => r.path === "/v72/sessions").at(-1);
    expect(session?.body).toMatchObject({
      merchantAccount: fake.merchantAccount,
      amount: { value: gateways.amount_due_minor, currency: gateways.currency },
      reference: gateways.configuration.adyen.reference,
      countryCode: "DK",
      shopperLocale: "da-DK",
    });
    expect(String(session?.body.returnUrl)).toMatch(
      /^https:\/\/shop\.example\/checkout\/adyen_payment_result\//,
    );
    expect(gateways.configuration.adyen).toMatchObject({
      id: expect.stringMatching(/^CS/),
      sessionData: expect.stringMatching(/^Ab02b4c0!/),
      client_api_key: "test_FAKECLIENTKEY",
    });
    expect(gateways.environment).toBe("test");
  });

  it("answers 3-D Secure's action, then places the order once when the shopper comes back", async () => {
    const guest = await reviewed();
    const { back, reference, payment } = await payWith3ds(guest);
    expect(payment?.body.amount).toMatchObject({ value: expect.any(Number) });
    expect(Number.isInteger((payment?.body.amount as { value: number } | undefined)?.value)).toBe(true);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(/^\/checkout\/receipt\/\?token=/);
    const details = fake.requests.filter((r) => r.path === "/v72/payments/details").at(-1);
    expect(details?.body).toMatchObject({ details: { redirectResult: expect.any(String) } });
    const again = await guest.get(
      `/checkout/adyen_payment_result/?merchantReference=${encodeURIComponent(reference)}`,
    );
    expect(again.headers.location).toBe(back.headers.location);
    const orders = await ordersOf(reference);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.payment_gateway).toBe("adyen");
  });

  it("refuses a refused card with the refusal and places no order", async () => {
    const guest = await reviewed();
    const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.refused));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ resultCode: "Refused", refusalReason: "Refused", action: null });
    const reference = String(fake.requests.filter((r) => r.path === "/v72/payments").at(-1)?.body.reference);
    const back = await guest.get(
      `/checkout/adyen_payment_result/?authResult=Authorised&merchantReference=${encodeURIComponent(reference)}`,
    );
    expect(back.headers.location).toBe("/checkout/payment?payment_error=refused");
    expect(await ordersOf(reference)).toHaveLength(0);
  });

  it("captures the order's amount when it is placed, and refunds part of it, never more than captured", async () => {
    const guest = await reviewed();
    const { reference } = await payWith3ds(guest);
    const [order] = await ordersOf(reference);
    if (!order) throw new Error("no order");
    await t.app.jobs.drain();
    const [captured] = await rowsOf<{
      status: string;
      provider_order_id: string;
      provider_reference: string;
      idempotency_key: string;
    }>(
      t,
      sql`select status, provider_order_id, provider_reference, idempotency_key from payment_captures
           where order_id = ${order.id} and kind = 'capture'`,
    );
    const payment = `/v72/payments/${captured?.provider_order_id}`;
    const captures = fake.requests.filter((r) => r.path === `${payment}/captures`);
    expect(captures).toHaveLength(1);
    expect(captures[0]?.body).toMatchObject({
      merchantAccount: fake.merchantAccount,
      amount: { value: order.amount_due, currency: order.currency },
    });
    expect(captures[0]?.headers["idempotency-key"]).toBe(captured?.idempotency_key);
    // Adyen received it; its CAPTURE notification tells the outcome.
    expect(captured?.status).toBe("received");
    expect(captured?.provider_reference).toMatch(/^[0-9A-F]{16}$/);

    const paid = {
      id: order.id,
      paymentGateway: "adyen",
      paymentReference: reference,
      amountDue: order.amount_due,
      currency: order.currency,
    };
    const first = await t.database.db.transaction((tx) => recordRefund(tx, t.app.jobs, paid, 100));
    expect(first?.amount).toBe(100);
    // More than is left is cut to what is left; nothing left records nothing.
    const rest = await t.database.db.transaction((tx) =>
      recordRefund(tx, t.app.jobs, paid, order.amount_due * 10),
    );
    expect(rest?.amount).toBe(order.amount_due - 100);
    expect(await t.database.db.transaction((tx) => recordRefund(tx, t.app.jobs, paid, 1))).toBeNull();
    await t.app.jobs.drain();
    const refunds = fake.requests.filter((r) => r.path === `${payment}/refunds`);
    expect(refunds.map((r) => (r.body.amount as { value: number }).value)).toEqual([
      100,
      order.amount_due - 100,
    ]);
    expect(new Set(refunds.map((r) => r.headers["idempotency-key"])).size).toBe(2);
  });
});

/** Pays with the fake's in-page 3-D Secure card: answers the Drop-in's threeDS2 action and the payment. */
async function payWith3ds2(guest: Guest) {
  const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.threeDS2));
  expect(paid.statusCode).toBe(200);
  expect(paid.json()).toMatchObject({ resultCode: "ChallengeShopper", action: { type: "threeDS2" } });
  const payment = fake.requests.filter((r) => r.path === "/v72/payments").at(-1);
  return { reference: String(payment?.body.reference), payment };
}

const details = (guest: Guest, threeDSResult: unknown) =>
  guest.json("/checkout/adyen_payment_details/", { data: { details: { threeDSResult } } });

describe("3-D Secure in the page (the Drop-in's onAdditionalDetails)", () => {
  it("asks Adyen for the details and places the order once, even when the details come twice", async () => {
    const guest = await reviewed();
    const { reference } = await payWith3ds2(guest);
    const threeDSResult = fake.threeDSResultFor(reference) as string;
    const placed = await details(guest, threeDSResult);
    expect(placed.statusCode).toBe(200);
    expect(placed.headers["cache-control"]).toContain("no-store");
    expect(placed.json()).toMatchObject({
      resultCode: "Authorised",
      action: null,
      redirect_url: expect.stringMatching(/^\/checkout\/receipt\/\?token=/),
    });
    const asked = fake.requests.filter((r) => r.path === "/v72/payments/details").at(-1);
    expect(asked?.body).toEqual({ details: { threeDSResult } });
    expect(asked?.headers["idempotency-key"]).toEqual(expect.stringMatching(/^details-/));
    const orders = await ordersOf(reference);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.payment_gateway).toBe("adyen");
    // A double submit: the same receipt, still one order, and one capture queued with it.
    const again = await details(guest, threeDSResult);
    expect(again.statusCode).toBe(200);
    expect(again.json().redirect_url).toBe(placed.json().redirect_url);
    expect(await ordersOf(reference)).toHaveLength(1);
    const captures = await rowsOf(
      t,
      sql`select 1 from payment_captures where order_id = ${orders[0]?.id} and kind = 'capture'`,
    );
    expect(captures).toHaveLength(1);
  });

  it("answers a failed challenge with 402 and places nothing; the shopper can pay again", async () => {
    const guest = await reviewed();
    const { reference } = await payWith3ds2(guest);
    const refused = await details(guest, fake.threeDSResultFor(reference, "N"));
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe("payment_refused");
    expect(await ordersOf(reference)).toHaveLength(0);
    const [attempt] = await rowsOf<{ status: string; refusal_reason: string }>(
      t,
      sql`select status, refusal_reason from payment_attempts where reference = ${reference}`,
    );
    expect(attempt).toEqual({ status: "refused", refusal_reason: "3D Not Authenticated" });
    // The bag is still there: another card goes through.
    const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.authorised));
    expect(paid.json().resultCode).toBe("Authorised");
  });

  it("places no order for another shopper's payment, whoever holds its details", async () => {
    const payer = await reviewed();
    const { reference } = await payWith3ds2(payer);
    const stranger = await reviewed();
    const threeDSResult = fake.threeDSResultFor(reference) as string;
    const stolen = await details(stranger, threeDSResult);
    expect(stolen.statusCode).toBe(402);
    expect(await ordersOf(reference)).toHaveLength(0);
    // The payer's own call (its bag, its checkout) still places the order, and only theirs.
    const own = await details(payer, threeDSResult);
    expect(own.statusCode).toBe(200);
    expect(await ordersOf(reference)).toHaveLength(1);
    expect((await details(stranger, threeDSResult)).statusCode).toBe(402);
  });

  it("needs the CSRF token like every checkout call", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/checkout/adyen_payment_details/",
      payload: { data: { details: { threeDSResult: "eyJ0cmFuc1N0YXR1cyI6IlkifQ==" } } },
    });
    expect(answer.statusCode).toBe(403);
  });

  it("refuses details of the wrong type, size or shape, or unknown to Adyen, with 4xx and never 5xx", async () => {
    const guest = await reviewed();
    const send = (body: unknown) => guest.json("/checkout/adyen_payment_details/", body);
    for (const body of [
      {},
      { data: {} },
      { data: { details: {} } },
      { data: { details: "threeDSResult" } },
      { data: { details: ["a"] } },
      { data: { details: { threeDSResult: 7 } } },
      { data: { details: { threeDSResult: null } } },
      { data: { details: { threeDSResult: "" } } },
      { data: { details: { threeDSResult: "x".repeat(20_001) } } },
      { data: { details: { threeDSResult: "a" }, paymentData: 12 } },
      { data: { details: { threeDSResult: "a" }, paymentData: "p".repeat(20_001) } },
      { data: { details: { "thrée🏟": "a" } } },
      { data: { details: { ["k".repeat(41)]: "a" } } },
      { data: { details: Object.fromEntries(["a", "b", "c", "d", "e", "f"].map((k) => [k, "x"])) } },
    ]) {
      const answer = await send(body);
      expect({ body: JSON.stringify(body).slice(0, 80), status: answer.statusCode }).toEqual({
        body: JSON.stringify(body).slice(0, 80),
        status: 400,
      });
    }
    // A key named like Object's own property (JSON.parse keeps it as a plain key).
    const proto = await send(JSON.parse('{"data":{"details":{"__proto__":{"x":"1"}}}}'));
    expect(proto.statusCode).toBe(400);
    // Well-formed but unknown to Adyen (unicode, a forged result): Adyen's 422 is the shopper's 400.
    for (const forged of ["ÆØÅ 🏟 ∑", "eyJ0cmFuc1N0YXR1cyI6IlkifQ=="]) {
      const answer = await details(guest, forged);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe("payment_not_accepted");
    }
  });

  it("is rate limited per visitor like the card payment", async () => {
    const guest = await reviewed();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await details(guest, `forged-${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });
});

describe("bad input to the Adyen calls", () => {
  it("refuses state data of the wrong shape or size, and Adyen's refusal of it, with 4xx", async () => {
    const guest = await reviewed();
    const send = (body: unknown) => guest.json("/checkout/adyen_split_on_payment/", body);
    expect((await send({ data: { paymentMethod: "scheme" } })).statusCode).toBe(400);
    expect((await send({ data: { paymentMethod: { type: 7 } } })).statusCode).toBe(400);
    expect((await send({ data: {} })).statusCode).toBe(400);
    const huge = encryptedCard("x".repeat(10_001));
    expect((await send(huge)).statusCode).toBe(400);
    // Unicode in a value Adyen cannot decrypt: Adyen refuses it (422), the shopper gets a 400.
    const refusedByAdyen = await send({
      data: { paymentMethod: { type: "scheme", encryptedNumber: "ÆØÅ 🏟" } },
    });
    expect(refusedByAdyen.statusCode).toBe(400);
    expect(refusedByAdyen.json().error).toBe("payment_not_accepted");
    // A redirectResult Adyen does not know, or one far too long, places nothing.
    const unknown = await guest.get(
      "/checkout/adyen_payment_result/?merchantReference=PS-none&redirectResult=rr_forged",
    );
    expect(unknown.headers.location).toBe("/checkout/payment?payment_error=refused");
    const long = await guest.get(
      `/checkout/adyen_payment_result/?merchantReference=PS-none&redirectResult=${"a".repeat(20_001)}`,
    );
    expect(long.statusCode).toBe(400);
  });

  it("refuses notifications of the wrong shape without storing them", async () => {
    const note = fake.notification({
      eventCode: "CAPTURE",
      pspReference: "9".repeat(400),
      merchantReference: "PS-x",
      amount: { value: 100, currency: "DKK" },
    }) as { notificationItems: { NotificationRequestItem: Record<string, unknown> }[] };
    const item = note.notificationItems[0]?.NotificationRequestItem ?? {};
    for (const bad of [
      { ...item, amount: { value: 1.5, currency: "DKK" } },
      { ...item, amount: { value: 2 ** 40, currency: "DKK" } },
      { ...item, success: "maybe" },
      { ...item, pspReference: "x".repeat(1001) },
    ]) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/adyen/notifications/",
        payload: { live: "false", notificationItems: [{ NotificationRequestItem: bad }] },
      });
      expect(answer.statusCode).toBe(400);
    }
    const none = await t.app.inject({
      method: "POST",
      url: "/api/adyen/notifications/",
      payload: { live: "false", notificationItems: [] },
    });
    expect(none.statusCode).toBe(400);
  });
});

describe("Adyen's origins in the content security policy", () => {
  it("are allowed only when Adyen is configured", async () => {
    const configured = await t.app.inject({ method: "GET", url: "/api/markets/" });
    expect(String(configured.headers["content-security-policy"])).toContain(
      "https://checkoutshopper-test.adyen.com",
    );
    const plain = await createTestApp();
    try {
      const answer = await plain.app.inject({ method: "GET", url: "/api/markets/" });
      expect(String(answer.headers["content-security-policy"])).not.toContain("adyen.com");
      // Without Adyen there are no details to hand over.
      const details = await plain.app.inject({
        method: "POST",
        url: "/checkout/adyen_payment_details/",
        headers: csrfHeaders(plain.config),
        payload: { data: { details: { threeDSResult: "eyJ0cmFuc1N0YXR1cyI6IlkifQ==" } } },
      });
      expect(details.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("Adyen notifications", () => {
  it("refuses a notification with a bad HMAC and stores nothing", async () => {
    const forged = fake.notification(
      {
        eventCode: "AUTHORISATION",
        pspReference: "FORGED0001",
        merchantReference: "PS-x",
        amount: { value: 1000, currency: "DKK" },
      },
      "00".repeat(32),
    );
    const answer = await t.app.inject({ method: "POST", url: "/api/adyen/notifications/", payload: forged });
    expect(answer.statusCode).toBe(401);
    const stored = await rowsOf(t, sql`select 1 from adyen_notifications where psp_reference = 'FORGED0001'`);
    expect(stored).toHaveLength(0);
  });

  it("accepts a good one, and processes it once when Adyen sends it twice", async () => {
    const guest = await reviewed();
    const { reference } = await payWith3ds(guest);
    const [order] = await ordersOf(reference);
    await t.app.jobs.drain();
    const [capture] = await rowsOf<{ psp_reference: string; payment_psp_reference: string }>(
      t,
      sql`select provider_reference as psp_reference, provider_order_id as payment_psp_reference
            from payment_captures where order_id = ${order?.id} and kind = 'capture'`,
    );
    const note = fake.notification({
      eventCode: "CAPTURE",
      pspReference: String(capture?.psp_reference),
      originalReference: String(capture?.payment_psp_reference),
      merchantReference: reference,
      amount: { value: order?.amount_due ?? 0, currency: order?.currency ?? "DKK" },
    });
    for (let i = 0; i < 2; i++) {
      const answer = await t.app.inject({ method: "POST", url: "/api/adyen/notifications/", payload: note });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe("[accepted]");
    }
    expect(await t.app.jobs.drain()).toBe(1);
    const stored = await rowsOf<{ processed_at: Date | null }>(
      t,
      sql`select processed_at from adyen_notifications where psp_reference = ${capture?.psp_reference}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.processed_at).not.toBeNull();
    const [confirmed] = await rowsOf<{ status: string }>(
      t,
      sql`select status from payment_captures where order_id = ${order?.id} and kind = 'capture'`,
    );
    expect(confirmed?.status).toBe("done");
  });

  it("is a machine call: no CSRF token or session needed", async () => {
    const note = fake.notification({
      eventCode: "AUTHORISATION",
      pspReference: "MACHINE0001",
      merchantReference: "PS-machine",
      amount: { value: 1000, currency: "DKK" },
    });
    const answer = await t.app.inject({ method: "POST", url: "/api/adyen/notifications/", payload: note });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["set-cookie"]).toBeUndefined();
  });
});
