import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { requireMarket } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { choosePayment, type Guest, pickSize, readyGuest } from "./checkout.test-helpers.ts";
import type { Shopper } from "./checkout-state.ts";
import { normalisedEmail, normalisedPhone, receiptData } from "./receipt.service.ts";

/**
 * The receipt of an order placed with two packages (the shop's own and a marketplace supplier's),
 * paid cash on delivery in Poland, with the survey opt-in configured.
 */
let t: TestApp;
let guest: Guest;
let token: string;
let shopper: Shopper;
const survey = { merchantId: "4242" };

beforeAll(async () => {
  t = await createTestApp({ surveyMerchantId: survey.merchantId });
  await seedDemoShop(t.database, { products: 80, seed: 9, dataDir: "" });
  const own = await pickSize(t, { marketplace: false });
  const marketplace = await pickSize(t, { marketplace: true });
  guest = await readyGuest(t, [own, marketplace], {
    market: "pl",
    address: {
      country: "pol",
      name: "Jan Kowalski",
      address: "ul. Sportowa",
      addr_number: "7",
      post_nummer: "00-001",
      town: "Warszawa",
      phone: "+48 600 100 200",
      email: "jan@example.com",
    },
  });
  await choosePayment(guest, "cod");
  const review = await guest.json("/checkout/step_review_submit/", { policy: true });
  if (review.statusCode !== 200) throw new Error(review.body);
  token = new URL(review.json().redirect_url, "http://x").searchParams.get("token") as string;
  const [cart] = await rows<{ session_id: string }>(
    t.database.db,
    sql`select c.session_id from orders o join carts c on c.id = o.cart_id where o.token = ${token}`,
  );
  shopper = {
    owner: { userId: null, sessionId: cart?.session_id ?? null },
    user: null,
    market: requireMarket("pl"),
    locale: "pl",
  };
});
afterAll(async () => t?.close());

describe("contact data for the purchase event", () => {
  it("normalises the e-mail and the phone before hashing", () => {
    expect(normalisedEmail("  Mette.Jensen@Example.COM ")).toBe("mette.jensen@example.com");
    expect(normalisedPhone("+45 20 30 40 50")).toBe("+4520304050");
    expect(normalisedPhone("0045 (20) 30-40.50")).toBe("+4520304050");
    expect(normalisedPhone("20304050")).toBe("20304050");
  });
});

describe("the receipt", () => {
  it("shows the order with both packages, the survey opt-in and hashed contact data", async () => {
    const receipt = await receiptData(t.database.db, shopper, token, survey);
    expect(receipt.order_number).toBe(`ST${receipt.order_id}`);
    expect(receipt.main_supplier?.supplier_name).toBe("Warehouse");
    expect(receipt.additional_suppliers).toHaveLength(1);
    expect(receipt.currency).toBe("PLN");
    expect(receipt.delivery_address).toMatchObject({ town: "Warszawa", country: "pol" });
    expect(receipt.user_data.sha256_email_address).toMatch(/^[0-9a-f]{64}$/);
    // The phone is hashed in E.164 form, as the tag manager's enhanced conversions expect it.
    expect(receipt.user_data.sha256_phone_number).toBe(
      crypto.createHash("sha256").update("+48600100200").digest("hex"),
    );
    expect(receipt.google_surveyoptin).toMatchObject({ merchant_id: "4242", delivery_country: "PL" });
  });

  it("lists what was bought and how it was paid, and knows the order is a guest's", async () => {
    const receipt = await receiptData(t.database.db, shopper, token, survey);
    expect(receipt.lines).toHaveLength(2);
    for (const line of receipt.lines) {
      expect(line.quantity).toBe(1);
      expect(line.line_total).toBeGreaterThan(0);
      expect(line.url).toMatch(/^\/p\//);
      // The brand is named once, even where the catalogue's name starts with it.
      const [brand = ""] = line.name.split(" ");
      expect(line.name.startsWith(`${brand} ${brand} `)).toBe(false);
    }
    expect(receipt.lines.reduce((sum, line) => sum + line.line_total, 0)).toBeCloseTo(
      receipt.totals.goods,
      2,
    );
    expect(receipt.payment_method).not.toBe("");
    expect(receipt.guest).toBe(true);
  });

  it("is sent through its contract exactly as built", async () => {
    const response = await guest.get(`/checkout/receipt_data/?token=${token}`);
    expect(response.statusCode).toBe(200);
    const built = await receiptData(t.database.db, shopper, token, survey);
    expect(response.json()).toStrictEqual(JSON.parse(JSON.stringify(built)));
  });

  it("answers 404 invalid_token to anyone but the shopper who placed it", async () => {
    const stranger = { ...shopper, owner: { userId: null, sessionId: "someone-else" } };
    await expect(receiptData(t.database.db, stranger, token, survey)).rejects.toMatchObject({
      statusCode: 404,
      code: "invalid_token",
    });
    expect((await testVisitor(t).get(`/checkout/receipt_data/?token=${token}`)).statusCode).toBe(404);
  });
});
