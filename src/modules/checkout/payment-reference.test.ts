import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import {
  AUTHORISED_CARD,
  type Guest,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "./checkout.test-helpers.ts";

/**
 * The payment reference is made by whichever call needs it first. The storefront reads the payment
 * gateways before it pays, but a client that goes straight from choosing the method to paying must
 * get the same payment, not a missing reference.
 */
let t: TestApp;
let size: SizeRow;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 40, seed: 9, dataDir: "" });
  size = await pickSize(t, { marketplace: false });
});
afterAll(async () => t?.close());

/** Chooses the market's method of a gateway by its id, without reading the payment gateways. */
async function chooseWithoutGateways(guest: Guest, gateway: string) {
  const [method] = await rowsOf<{ id: number }>(
    t,
    sql`select id from payment_methods where market = ${t.config.defaultMarket} and gateway = ${gateway} limit 1`,
  );
  const chosen = await guest.json("/checkout/payment_gateway_submit/", {
    payment_gateway: gateway,
    method_id: method?.id,
  });
  expect(chosen.statusCode).toBe(200);
}

describe("paying before the payment gateways were read", () => {
  it("reviews and pays by card, and the provider's redirect places the order", async () => {
    const guest = await readyGuest(t, [size]);
    await chooseWithoutGateways(guest, "test-card");
    const review = await guest.json("/checkout/step_review_submit/", { policy: true });
    expect(review.statusCode).toBe(200);
    const reference = review.json().payment.reference as string;
    expect(reference).toMatch(/\S/);
    const paid = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ resultCode: "Authorised" });
    expect(paid.json().action.url).toContain(encodeURIComponent(reference));
    const result = await guest.get(paid.json().action.url);
    expect(result.headers.location).toMatch(/^\/checkout\/receipt\/\?token=/);
  });

  it("refuses a card payment before the review with 409, then pays once reviewed", async () => {
    const guest = await readyGuest(t, [size]);
    await chooseWithoutGateways(guest, "test-card");
    const paidFirst = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
    });
    expect(paidFirst.statusCode).toBe(409);
    expect(paidFirst.json()).toMatchObject({ error: "review_missing" });
    await guest.json("/checkout/step_review_submit/", { policy: true });
    const paid = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ resultCode: "Authorised" });
  });

  it("authorises pay-later and places the order from the review", async () => {
    const guest = await readyGuest(t, [size]);
    await chooseWithoutGateways(guest, "test-bnpl");
    const authorised = await guest.json("/payments/test-bnpl/authorize/", {});
    expect(authorised.statusCode).toBe(200);
    expect(authorised.json().approved).toBe(true);
    const handed = await guest.json("/checkout/submit_authorization_token/", {
      authorization_token: authorised.json().authorization_token,
    });
    expect(handed.statusCode).toBe(200);
    const review = await guest.json("/checkout/step_review_submit/", { policy: true });
    expect(review.json().redirect_url).toMatch(/^\/checkout\/receipt\//);
  });
});
