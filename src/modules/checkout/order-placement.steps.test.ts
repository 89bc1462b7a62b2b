import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { productSizes } from "#modules/catalog/catalog.schema.ts";
import { requireMarket } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { checkoutSessions } from "./checkout.schema.ts";
import { choosePayment, pickSize, readyGuest } from "./checkout.test-helpers.ts";
import type { Shopper } from "./checkout-state.ts";
import { priceForOrder, resetCheckout } from "./order-placement.steps.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 60, seed: 4, dataDir: "" });
});
afterAll(async () => t?.close());

const shopper: Shopper = {
  owner: { userId: null, sessionId: null },
  user: null,
  market: requireMarket("dk"),
  locale: "da",
};

/** The newest bag holding a size (each test takes a size of its own). */
const bagWith = async (sizeId: number) =>
  (
    await rows<{ cart_id: number }>(
      t.database.db,
      sql`select cart_id from cart_lines where size_id = ${sizeId} order by id desc limit 1`,
    )
  )[0]?.cart_id as number;

const price = (cartId: number) => t.database.db.transaction((tx) => priceForOrder(tx, cartId, shopper));

describe("pricing the bag for the order", () => {
  it("prices a complete checkout again, as the steps showed it", async () => {
    const size = await pickSize(t, { marketplace: false, offset: 1 });
    const guest = await readyGuest(t, [size]);
    await choosePayment(guest, "test-card");
    const cartId = await bagWith(size.size_id);
    const state = await price(cartId);
    expect(state.cartId).toBe(cartId);
    expect(state.priced.charged.map((line) => line.row.size_id)).toEqual([size.size_id]);
    const shown = (await guest.get("/cart/data/")).json();
    expect(state.priced.totals.paymentTotal).toBe(Math.round(shown.payment_total * 100));
  });

  it("refuses a checkout that is not complete, naming the step to go back to", async () => {
    const size = await pickSize(t, { marketplace: false, offset: 2 });
    const noAddress = testVisitor(t);
    await noAddress.form("/cart/items/add_to_cart/", { product: size.product_id, size: size.size_id });
    await expect(price(await bagWith(size.size_id))).rejects.toMatchObject({
      statusCode: 409,
      code: "address_missing",
    });
    const other = await pickSize(t, { marketplace: false, offset: 3 });
    await readyGuest(t, [other]);
    await expect(price(await bagWith(other.size_id))).rejects.toMatchObject({
      statusCode: 409,
      code: "payment_missing",
    });
  });

  it("refuses a line cut short since the review (409 stock_changed)", async () => {
    const size = await pickSize(t, { marketplace: false, offset: 4 });
    await t.database.db.update(productSizes).set({ stock: 5 }).where(eq(productSizes.id, size.size_id));
    const guest = await readyGuest(t, [size], { quantity: 2 });
    await choosePayment(guest, "test-card");
    await t.database.db.update(productSizes).set({ stock: 1 }).where(eq(productSizes.id, size.size_id));
    await expect(price(await bagWith(size.size_id))).rejects.toMatchObject({
      statusCode: 409,
      code: "stock_changed",
      message: "checkout.error.stockChanged",
    });
  });
});

describe("starting the checkout again", () => {
  it("keeps the addresses and e-mail, clears the rest and gives payments a new reference", async () => {
    const size = await pickSize(t, { marketplace: false, offset: 5 });
    const guest = await readyGuest(t, [size]);
    await choosePayment(guest, "test-card");
    await guest.json("/checkout/add_order_comment/", { comment: "Ring twice" });
    expect((await guest.json("/checkout/step_review_submit/", { policy: true })).statusCode).toBe(200);
    const cartId = await bagWith(size.size_id);
    const session = () =>
      t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.cartId, cartId));
    await t.database.db
      .update(checkoutSessions)
      .set({ authorizationToken: "bnpl-token" })
      .where(eq(checkoutSessions.cartId, cartId));
    const [before] = await session();
    expect(before).toMatchObject({ comment: "Ring twice", review: { subscribeNewsletters: false } });

    await t.database.db.transaction((tx) => resetCheckout(tx, cartId));

    const [after] = await session();
    expect(after).toMatchObject({
      email: before?.email,
      deliveryAddress: before?.deliveryAddress,
      billingAddress: before?.billingAddress,
      delivery: {},
      paymentMethodId: null,
      comment: "",
      authorizationToken: null,
      review: null,
    });
    expect(after?.paymentReference).toMatch(/^PS-/);
    expect(after?.paymentReference).not.toBe(before?.paymentReference);
  });
});
