import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuthorisationCancels, recordRefund } from "#modules/payments/payment-captures.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import {
  type AdyenFake,
  adyenEnv,
  encryptedCard,
  FAKE_CARD,
  startAdyenFake,
} from "../../../tests/support/adyen-fake.ts";
import { type KlarnaFake, startKlarnaFake } from "../../../tests/support/klarna-fake.ts";
import {
  AUTHORISED_CARD,
  choosePayment,
  DANISH_ADDRESS,
  type Guest,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "./checkout.test-helpers.ts";

/**
 * Adyen and Klarna per market (decision 0059), against two Adyen accounts and two Klarna API users
 * (the local fakes): Denmark pays by card with merchant account A (the shop-wide settings), Sweden
 * with its own merchant account B (ADYEN_*_SE); Klarna takes Sweden's pay later with the shop-wide
 * user and Norway's with its own (KLARNA_*_NO); Finland is in neither list and keeps the built-in
 * test card and test pay later.
 */
let t: TestApp;
let adyenA: AdyenFake;
let adyenB: AdyenFake;
let klarnaA: KlarnaFake;
let klarnaB: KlarnaFake;
let size: SizeRow;

const ADDRESSES = {
  dk: DANISH_ADDRESS,
  se: {
    country: "swe",
    name: "Anna Berg",
    address: "Storgatan 3",
    post_nummer: "11120",
    town: "Stockholm",
    phone: "+46 70 123 45 67",
    email: "anna@example.com",
  },
  no: {
    country: "nor",
    name: "Ola Nordmann",
    address: "Karl Johans gate 1",
    post_nummer: "0150",
    town: "Oslo",
    phone: "+47 912 34 567",
    email: "ola@example.com",
  },
  fi: {
    country: "fin",
    name: "Aino Virtanen",
    address: "Mannerheimintie 1",
    post_nummer: "00100",
    town: "Helsinki",
    phone: "+358 40 123 4567",
    email: "aino@example.com",
  },
} as const;

beforeAll(async () => {
  [adyenA, adyenB, klarnaA, klarnaB] = await Promise.all([
    startAdyenFake({ merchantAccount: "PitchsideDK" }),
    startAdyenFake({ merchantAccount: "PitchsideSE" }),
    startKlarnaFake(),
    startKlarnaFake({ username: "PK_NO_pitchside", password: "secret-norway" }),
  ]);
  t = await createTestApp(
    { publicUrl: "https://shop.example" },
    {
      ...adyenEnv(adyenA),
      ADYEN_MARKETS: "dk,se",
      ADYEN_API_KEY_SE: adyenB.apiKey,
      ADYEN_CLIENT_KEY_SE: "test_SWEDISHCLIENTKEY",
      ADYEN_MERCHANT_ACCOUNT_SE: adyenB.merchantAccount,
      ADYEN_HMAC_KEY_SE: adyenB.hmacKey,
      ADYEN_API_URL_SE: adyenB.url,
      KLARNA_MARKETS: "se,no",
      KLARNA_USERNAME: klarnaA.username,
      KLARNA_PASSWORD: klarnaA.password,
      KLARNA_API_URL: klarnaA.url,
      KLARNA_SCRIPT_URL: klarnaA.scriptUrl,
      KLARNA_USERNAME_NO: klarnaB.username,
      KLARNA_PASSWORD_NO: klarnaB.password,
      KLARNA_API_URL_NO: klarnaB.url,
    },
  );
  await seedDemoShop(t.database, { products: 120, seed: 7, dataDir: "" });
  size = await pickSize(t, { marketplace: false });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([adyenA?.close(), adyenB?.close(), klarnaA?.close(), klarnaB?.close()]);
});

type Market = keyof typeof ADDRESSES;
const guestIn = (market: Market) => readyGuest(t, [size], { market, address: ADDRESSES[market] });
const sessionsOf = (fake: AdyenFake) => fake.requests.filter((r) => r.path === "/v72/sessions");

/** Pays a reviewed card checkout with the Drop-in's authorised card and follows the result page. */
async function payAuthorised(guest: Guest, fake: AdyenFake) {
  await choosePayment(guest, "test-card");
  expect((await guest.json("/checkout/step_review_submit/", { policy: true })).statusCode).toBe(200);
  const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.authorised));
  expect(paid.json().resultCode).toBe("Authorised");
  const reference = String(fake.requests.filter((r) => r.path === "/v72/payments").at(-1)?.body.reference);
  const back = await guest.get(paid.json().action.url);
  expect(back.headers.location).toMatch(/^\/checkout\/receipt\//);
  const [order] = await rowsOf<{ id: number; amount_due: number; currency: string; payment_gateway: string }>(
    t,
    sql`select id, amount_due, currency, payment_gateway from orders where payment_reference = ${reference}`,
  );
  if (!order) throw new Error("no order");
  return { order, reference };
}

describe("Adyen and Klarna per market", () => {
  it("gives a Danish checkout merchant account A's Drop-in session and a Swedish one merchant account B's", async () => {
    const before = { a: sessionsOf(adyenA).length, b: sessionsOf(adyenB).length };
    const danish = (await (await guestIn("dk")).get("/checkout/payment_gateways/")).json();
    expect(sessionsOf(adyenA)).toHaveLength(before.a + 1);
    expect(sessionsOf(adyenA).at(-1)?.body).toMatchObject({
      merchantAccount: "PitchsideDK",
      countryCode: "DK",
      amount: { value: danish.amount_due_minor, currency: "DKK" },
    });
    expect(danish.configuration.adyen.client_api_key).toBe("test_FAKECLIENTKEY");

    const swedish = (await (await guestIn("se")).get("/checkout/payment_gateways/")).json();
    expect(sessionsOf(adyenA)).toHaveLength(before.a + 1);
    expect(sessionsOf(adyenB)).toHaveLength(before.b + 1);
    expect(sessionsOf(adyenB).at(-1)?.body).toMatchObject({
      merchantAccount: "PitchsideSE",
      countryCode: "SE",
      amount: { value: swedish.amount_due_minor, currency: "SEK" },
    });
    expect(swedish.configuration.adyen).toMatchObject({
      id: expect.stringMatching(/^CS/),
      client_api_key: "test_SWEDISHCLIENTKEY",
    });
  });

  it("pays a Swedish order with account B and sends its capture and refund with account B", async () => {
    const paymentsBefore = adyenA.requests.filter((r) => r.path === "/v72/payments").length;
    const { order, reference } = await payAuthorised(await guestIn("se"), adyenB);
    expect(order.payment_gateway).toBe("adyen");
    expect(adyenA.requests.filter((r) => r.path === "/v72/payments")).toHaveLength(paymentsBefore);
    const [attempt] = await rowsOf<{ market: string; psp_reference: string }>(
      t,
      sql`select market, psp_reference from payment_attempts where reference = ${reference} and gateway = 'adyen'`,
    );
    expect(attempt?.market).toBe("se");

    await t.app.jobs.drain();
    const payment = `/v72/payments/${attempt?.psp_reference}`;
    const captures = adyenB.requests.filter((r) => r.path === `${payment}/captures`);
    expect(captures).toHaveLength(1);
    expect(captures[0]?.body).toMatchObject({
      merchantAccount: "PitchsideSE",
      amount: { value: order.amount_due, currency: "SEK" },
    });
    expect(captures[0]?.headers["x-api-key"]).toBe(adyenB.apiKey);

    const paid = {
      id: order.id,
      paymentGateway: "adyen",
      paymentReference: reference,
      amountDue: order.amount_due,
      currency: order.currency,
    };
    await t.database.db.transaction((tx) => recordRefund(tx, t.app.jobs, paid, 100));
    await t.app.jobs.drain();
    expect(adyenB.requests.filter((r) => r.path === `${payment}/refunds`).map((r) => r.body)).toEqual([
      expect.objectContaining({ merchantAccount: "PitchsideSE", amount: { value: 100, currency: "SEK" } }),
    ]);
    expect(adyenA.requests.some((r) => r.path.startsWith(payment))).toBe(false);
  });

  it("sends a Danish order's capture with account A, and the cancel of an authorisation no order kept with its market's account", async () => {
    const { order } = await payAuthorised(await guestIn("dk"), adyenA);
    await t.app.jobs.drain();
    const [capture] = await rowsOf<{ provider_order_id: string; status: string }>(
      t,
      sql`select provider_order_id, status from payment_captures where order_id = ${order.id} and kind = 'capture'`,
    );
    expect(capture?.status).toBe("received");
    expect(
      adyenA.requests.filter((r) => r.path === `/v72/payments/${capture?.provider_order_id}/captures`)[0]
        ?.body,
    ).toMatchObject({ merchantAccount: "PitchsideDK" });

    // A Swedish payment authorised but never placed (the shopper left): released, it is cancelled at B.
    const guest = await guestIn("se");
    await choosePayment(guest, "test-card");
    await guest.json("/checkout/step_review_submit/", { policy: true });
    const paid = await guest.json("/checkout/adyen_split_on_payment/", encryptedCard(FAKE_CARD.authorised));
    expect(paid.json().resultCode).toBe("Authorised");
    const reference = String(
      adyenB.requests.filter((r) => r.path === "/v72/payments").at(-1)?.body.reference,
    );
    const [attempt] = await rowsOf<{ id: number; psp_reference: string }>(
      t,
      sql`update payment_attempts set status = 'cancelled' where reference = ${reference} returning id, psp_reference`,
    );
    expect(await recordAuthorisationCancels(t.database.db, t.app.jobs, [attempt?.id as number])).toBe(1);
    await t.app.jobs.drain();
    const cancels = adyenB.requests.filter(
      (r) => r.path === `/v72/payments/${attempt?.psp_reference}/cancels`,
    );
    expect(cancels.map((r) => r.body)).toEqual([expect.objectContaining({ merchantAccount: "PitchsideSE" })]);
  });

  it("keeps the built-in test card and test pay later in a market outside both lists", async () => {
    const sessions = sessionsOf(adyenA).length + sessionsOf(adyenB).length;
    const guest = await guestIn("fi");
    const gateways = (await guest.get("/checkout/payment_gateways/")).json();
    expect(gateways.configuration.adyen.id).toBe("test-card");
    expect(gateways.configuration.klarna.id).toBe("test-bnpl");
    expect(sessionsOf(adyenA).length + sessionsOf(adyenB).length).toBe(sessions);
    expect((await guest.json("/payments/klarna/session/", {})).statusCode).toBe(404);
    // The built-in card form is taken here (the card-data guard refuses card data only where Adyen is).
    await choosePayment(guest, "test-card");
    expect((await guest.json("/checkout/step_review_submit/", { policy: true })).statusCode).toBe(200);
    const paid = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().resultCode).toBe("Authorised");
    const back = await guest.get(paid.json().action.url);
    expect(back.headers.location).toMatch(/^\/checkout\/receipt\//);

    // In Denmark, where Adyen takes the cards, the same card form is refused before it is read.
    const danish = await guestIn("dk");
    await choosePayment(danish, "test-card");
    const refused = await danish.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("card_data_refused");
  });

  it("opens Klarna sessions and orders with the market's own API user", async () => {
    const callsOf = (fake: KlarnaFake) =>
      fake.calls.filter((call) => call.path === "/payments/v1/sessions").length;
    const before = { a: callsOf(klarnaA), b: callsOf(klarnaB) };
    const norwegian = await guestIn("no");
    await choosePayment(norwegian, "test-bnpl");
    expect((await norwegian.get("/checkout/payment_gateways/")).json().configuration.klarna.id).toBe(
      "klarna",
    );
    expect((await norwegian.json("/payments/klarna/session/", {})).statusCode).toBe(200);
    expect(callsOf(klarnaB)).toBe(before.b + 1);
    expect(callsOf(klarnaA)).toBe(before.a);
    expect((await norwegian.json("/checkout/step_review_submit/", { policy: true })).statusCode).toBe(200);
    const placed = await norwegian.json("/checkout/submit_authorization_token/", {
      authorization_token: klarnaB.authorise(),
    });
    expect(placed.json().redirect_url).toMatch(/^\/checkout\/receipt\//);
    const [order] = await rowsOf<{ payment_gateway: string; payment_reference: string }>(
      t,
      sql`select payment_gateway, payment_reference from orders where email = 'ola@example.com' order by id desc limit 1`,
    );
    expect(order?.payment_gateway).toBe("klarna");
    expect(klarnaB.orders.has(order?.payment_reference as string)).toBe(true);

    const swedish = await guestIn("se");
    await choosePayment(swedish, "test-bnpl");
    expect((await swedish.json("/payments/klarna/session/", {})).statusCode).toBe(200);
    expect(callsOf(klarnaA)).toBe(before.a + 1);
  });

  it("verifies each merchant account's notifications with that account's HMAC key", async () => {
    const item = {
      eventCode: "AUTHORISATION",
      pspReference: "9913140798220028",
      merchantReference: "market-hmac",
      amount: { value: 100, currency: "SEK" },
    };
    const post = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/adyen/notifications/", payload });
    expect((await post(adyenB.notification(item))).statusCode).toBe(200);
    expect((await post(adyenA.notification({ ...item, pspReference: "9913140798220029" }))).statusCode).toBe(
      200,
    );
    // Account B's notification signed with account A's key (or B's key on A's account) is forged.
    const forged = await post(
      adyenB.notification({ ...item, pspReference: "9913140798220030" }, adyenA.hmacKey),
    );
    expect(forged.statusCode).toBe(401);
    expect(
      (await post(adyenA.notification({ ...item, pspReference: "9913140798220031" }, adyenB.hmacKey)))
        .statusCode,
    ).toBe(401);
  });
});
