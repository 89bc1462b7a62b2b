import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { cartGiftCards, cartLines, carts, cartVouchers } from "./cart.schema.ts";
import type { PricedCart } from "./cart-pricing.ts";
import {
  chargeGiftCards,
  countVoucherUse,
  emptyBag,
  lockBag,
  lockGiftCards,
  stockLinesOf,
} from "./order-placement.steps.ts";
import { giftCardHash, maskedGiftCard } from "./voucher-rules.ts";
import { giftCards, vouchers } from "./vouchers.schema.ts";

/** Row locks only show with a second connection: PGlite has one, so those tests run on PostgreSQL. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let testDb: TestDatabase;
let sizes: { id: number; product_id: number }[];
let bagCount = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemoShop(testDb.database, { products: 20, seed: 2, dataDir: "" });
  sizes = await rows<{ id: number; product_id: number }>(
    testDb.database.db,
    sql`select id, product_id from product_sizes order by id limit 2`,
  );
});
afterAll(async () => testDb?.drop());

const db = () => testDb.database.db;

/** A bag with a line of each size, a voucher and a gift card of the given balance on it. */
async function bag(options: { balance?: number; usageLimit?: number | null; usedCount?: number } = {}) {
  bagCount++;
  const [cart] = await db()
    .insert(carts)
    .values({ sessionId: `steps-${bagCount}` })
    .returning({ id: carts.id });
  const cartId = (cart as { id: number }).id;
  await db()
    .insert(cartLines)
    .values(sizes.map((size) => ({ cartId, productId: size.product_id, sizeId: size.id, quantity: 1 })));
  const code = `STEPS-${bagCount}`;
  const [voucher] = await db()
    .insert(vouchers)
    .values({
      code,
      kind: "percentage",
      value: 10,
      validFrom: new Date(Date.now() - 86_400_000),
      validTo: new Date(Date.now() + 86_400_000),
      usageLimit: options.usageLimit ?? null,
      usedCount: options.usedCount ?? 0,
    })
    .returning({ id: vouchers.id });
  const last4 = String(1000 + bagCount);
  const [card] = await db()
    .insert(giftCards)
    .values({
      codeHash: giftCardHash(`GIFT-STEPS-${last4}`),
      last4,
      currency: "DKK",
      initialBalance: options.balance ?? 10_000,
      balance: options.balance ?? 10_000,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: giftCards.id });
  const voucherId = (voucher as { id: number }).id;
  const giftCardId = (card as { id: number }).id;
  await db().insert(cartVouchers).values({ cartId, voucherId });
  await db().insert(cartGiftCards).values({ cartId, giftCardId });
  return { cartId, code, voucherId, giftCardId, masked: maskedGiftCard(last4), last4 };
}

const usedCount = async (voucherId: number) =>
  (await db().select({ n: vouchers.usedCount }).from(vouchers).where(eq(vouchers.id, voucherId)))[0]?.n;
const balance = async (giftCardId: number) =>
  (await db().select({ n: giftCards.balance }).from(giftCards).where(eq(giftCards.id, giftCardId)))[0]?.n;

describe("the bag's locks", () => {
  it.skipIf(!onPostgres)("holds the bag until the order's transaction ends", async () => {
    const { cartId } = await bag();
    const tryLock = () => db().execute(sql`select id from carts where id = ${cartId} for update nowait`);
    await db().transaction(async (tx) => {
      await lockBag(tx, cartId);
      await expect(tryLock()).rejects.toThrow();
    });
    await expect(tryLock()).resolves.toBeDefined();
  });

  it.skipIf(!onPostgres)("holds the bag's gift cards until the order's transaction ends", async () => {
    const { cartId, giftCardId } = await bag();
    const tryLock = () =>
      db().execute(sql`select id from gift_cards where id = ${giftCardId} for update nowait`);
    await db().transaction(async (tx) => {
      await lockGiftCards(tx, cartId);
      await expect(tryLock()).rejects.toThrow();
    });
    await expect(tryLock()).resolves.toBeDefined();
  });
});

describe("what the bag takes from stock", () => {
  it("takes a plain line's size, and one of each part's size for a package line", () => {
    const charged = [
      { row: { size_id: 11, package_parts: null }, quantity: 2 },
      {
        row: {
          size_id: null,
          package_parts: [
            { product_id: 1, size_id: 21 },
            { product_id: 2, size_id: 22 },
          ],
        },
        quantity: 3,
      },
    ] as unknown as PricedCart["charged"];
    expect(stockLinesOf(charged)).toEqual([
      { sizeId: 11, quantity: 2 },
      { sizeId: 21, quantity: 3 },
      { sizeId: 22, quantity: 3 },
    ]);
  });
});

describe("counting voucher use", () => {
  it("counts one use of each applied voucher", async () => {
    const { code, voucherId } = await bag({ usageLimit: 2, usedCount: 1 });
    await db().transaction((tx) => countVoucherUse(tx, [code]));
    expect(await usedCount(voucherId)).toBe(2);
  });

  it("refuses a voucher used up meanwhile, counting nothing", async () => {
    const first = await bag();
    const usedUp = await bag({ usageLimit: 1, usedCount: 1 });
    const counting = db().transaction((tx) => countVoucherUse(tx, [first.code, usedUp.code]));
    await expect(counting).rejects.toMatchObject({
      statusCode: 409,
      code: "voucher_used_up",
      message: "voucher.error.usedUp",
    });
    expect(await usedCount(first.voucherId)).toBe(0);
    expect(await usedCount(usedUp.voucherId)).toBe(1);
  });
});

describe("charging gift cards", () => {
  it("lowers each card's balance by what it pays and answers what was charged", async () => {
    const { cartId, giftCardId, masked, last4 } = await bag({ balance: 10_000 });
    const charged = await db().transaction((tx) =>
      chargeGiftCards(tx, cartId, [
        { code: masked, amount: 2_500 },
        { code: "…NOPE", amount: 1_000 },
      ]),
    );
    expect(charged).toEqual([{ id: giftCardId, last4, amount: 2_500 }]);
    expect(await balance(giftCardId)).toBe(7_500);
  });

  it("charges nothing for a card that pays nothing, nor for a card on another bag", async () => {
    const mine = await bag({ balance: 10_000 });
    const other = await bag({ balance: 10_000 });
    const charged = await db().transaction((tx) =>
      chargeGiftCards(tx, mine.cartId, [
        { code: mine.masked, amount: 0 },
        { code: other.masked, amount: 1_000 },
      ]),
    );
    expect(charged).toEqual([]);
    expect(await balance(mine.giftCardId)).toBe(10_000);
    expect(await balance(other.giftCardId)).toBe(10_000);
  });

  it("never takes a card below zero", async () => {
    const { cartId, giftCardId, masked } = await bag({ balance: 1_000 });
    await expect(
      db().transaction((tx) => chargeGiftCards(tx, cartId, [{ code: masked, amount: 1_001 }])),
    ).rejects.toThrow();
    expect(await balance(giftCardId)).toBe(1_000);
  });
});

describe("emptying the bag", () => {
  it("deletes the bag's lines, vouchers and gift cards, and nothing of another bag", async () => {
    const ordered = await bag();
    const other = await bag();
    await db().transaction((tx) => emptyBag(tx, ordered.cartId));
    const countOf = async (cartId: number) => ({
      lines: (await db().select().from(cartLines).where(eq(cartLines.cartId, cartId))).length,
      vouchers: (await db().select().from(cartVouchers).where(eq(cartVouchers.cartId, cartId))).length,
      giftCards: (await db().select().from(cartGiftCards).where(eq(cartGiftCards.cartId, cartId))).length,
      bag: (await db().select().from(carts).where(eq(carts.id, cartId))).length,
    });
    expect(await countOf(ordered.cartId)).toEqual({ lines: 0, vouchers: 0, giftCards: 0, bag: 1 });
    expect(await countOf(other.cartId)).toEqual({ lines: 2, vouchers: 1, giftCards: 1, bag: 1 });
    // The vouchers and gift cards themselves stay: only their place on the bag goes.
    expect(await usedCount(ordered.voucherId)).toBe(0);
    expect(await balance(ordered.giftCardId)).toBe(10_000);
  });
});
