import { describe, expect, it } from "vitest";
import { requireMarket } from "#modules/markets/markets.service.ts";
import type { LineRow } from "./bag-products.ts";
import { couponsOutput, formatCart, voucherWarnings } from "./cart-output.ts";
import { type LoadedCart, prepareLine, priceLoadedCart } from "./cart-pricing.ts";

const dk = requireMarket("dk");

const lineRow = (overrides: Partial<LineRow> = {}): LineRow => ({
  line_id: 1,
  product_id: 100,
  size_id: 1000,
  quantity: 1,
  customization: null,
  package_parts: null,
  name: "Boot",
  style: "B-1",
  relative_url: "/p/boot/",
  is_customizable: false,
  is_package: false,
  is_giftcard: false,
  online: true,
  brand: "Orbis",
  size_name: "42",
  stock: 10,
  supplier_id: null,
  supplier: null,
  price: 50000,
  rrp: 60000,
  options: null,
  parts: null,
  is_favorite: false,
  excluded_from_discounts: false,
  ...overrides,
});

const loaded = (rows: LineRow[], overrides: Partial<LoadedCart> = {}): LoadedCart => ({
  cartId: 1,
  rows,
  method: { price: 3900, freeDeliveryLimit: 49900 } as LoadedCart["method"],
  offers: [],
  payments: { vouchers: [], giftCards: [], problems: [] },
  ...overrides,
});

describe("a bag line as it can be bought now", () => {
  it("keeps a line within the stock as it is", () => {
    expect(prepareLine(lineRow({ quantity: 2 }), "en")).toMatchObject({
      available: 10,
      soldOut: false,
      quantity: 2,
      message: null,
    });
  });

  it("shows a line above the stock at what is left, with a warning", () => {
    expect(prepareLine(lineRow({ quantity: 5, stock: 3 }), "en")).toMatchObject({
      quantity: 3,
      message: { level_tag: "warning", text: "cart.message.quantityReduced" },
    });
  });

  it("marks a line sold out when nothing is left, the product is offline or it has no price here", () => {
    const soldOut = { level_tag: "error", text: "cart.message.soldOut" };
    for (const row of [lineRow({ stock: 0 }), lineRow({ online: false }), lineRow({ price: null })])
      expect(prepareLine({ ...row, quantity: 2 }, "en")).toMatchObject({
        soldOut: true,
        quantity: 2,
        message: soldOut,
      });
  });

  it("gives a package what its scarcest online part has", () => {
    const part = { product_id: 1, name: "Shirt", size: "M", stock: 4, online: true };
    const row = lineRow({ is_package: true, size_id: null, stock: null, quantity: 3 });
    const parts = [part, { ...part, product_id: 2, stock: 2 }];
    expect(prepareLine({ ...row, parts }, "en")).toMatchObject({ available: 2, quantity: 2 });
    const offline = [part, { ...part, product_id: 2, online: false }];
    expect(prepareLine({ ...row, parts: offline }, "en")).toMatchObject({ available: 0, soldOut: true });
  });
});

describe("the priced bag", () => {
  it("charges the lines that can be bought and shows the sold-out ones uncharged", () => {
    const priced = priceLoadedCart(
      loaded([lineRow({ quantity: 2 }), lineRow({ line_id: 2, product_id: 101, stock: 0 })]),
      dk,
      "en",
      { userId: null },
    );
    expect(priced.prepared).toHaveLength(2);
    expect(priced.charged.map((line) => line.row.line_id)).toEqual([1]);
    expect(priced.totals.cartTotalAmount).toBe(100000);
    // Above the free-delivery limit: delivery costs nothing.
    expect(priced.totals.delivery.unitPrice).toBe(0);

    const cart = formatCart(priced, dk);
    expect(cart).toMatchObject({ id: 1, currency: "DKK", quantity: 2, cart_total_amount: 1000 });
    expect(cart.lines.map((line) => line.line_total)).toEqual([1000, 0]);
    expect(cart.lines[1]?.message).toEqual({ level_tag: "error", text: "cart.message.soldOut" });
  });

  it("never offers more of a line than the most a line can hold", () => {
    const cart = formatCart(
      priceLoadedCart(loaded([lineRow({ stock: 500 })]), dk, "en", { userId: null }),
      dk,
    );
    expect(cart.lines[0]?.max_quantity).toBe(99);
  });

  it("takes a combine offer's discount off its benefit line", () => {
    const priced = priceLoadedCart(
      loaded(
        [
          lineRow(),
          lineRow({ line_id: 2, product_id: 101, price: 20000, rrp: 20000, excluded_from_discounts: true }),
        ],
        { offers: [{ product_id: 100, benefit_product_ids: [101], discount_percentage: 50 }] },
      ),
      dk,
      "en",
      { userId: null },
    );
    expect(priced.totals.lines.find((line) => line.lineId === 2)?.lineTotal).toBe(10000);
  });
});

describe("vouchers on the bag", () => {
  const payments = {
    vouchers: [{ code: "BIG-200", kind: "fixed" as const, value: 20000, minimumOrder: 75000 }],
    giftCards: [],
    problems: [{ code: "OLD-10", problem: "voucher.error.expired" }],
  };

  it("lists a voucher below its minimum order with the warning, and one that cannot be used with why", () => {
    const priced = priceLoadedCart(loaded([lineRow()], { payments }), dk, "en", { userId: null });
    expect(couponsOutput(priced)).toEqual([
      { code: "BIG-200", amount: 0, applied: false, message: "voucher.warning.minimumOrder" },
      { code: "OLD-10", amount: 0, applied: false, message: "voucher.error.expired" },
    ]);
    expect(voucherWarnings(priced, "BIG-200")).toEqual(["voucher.warning.minimumOrder"]);
  });

  it("warns of nothing once the minimum order is reached", () => {
    const priced = priceLoadedCart(loaded([lineRow({ quantity: 2 })], { payments }), dk, "en", {
      userId: null,
    });
    expect(couponsOutput(priced)[0]).toEqual({ code: "BIG-200", amount: 200, applied: true, message: null });
    expect(voucherWarnings(priced, "BIG-200")).toEqual([]);
  });
});
