import { describe, expect, it } from "vitest";
import { orderSummaryTotals, summaryComplete } from "./price-summary.tsx";

const complete = {
  cart_total_amount: 100,
  payment_total: 100,
  payment_total_vat: 20,
  currency: "EUR",
  coupons: [{ code: "SPRING-2026", amount: 10 }],
  giftcards: [{ code: "…1234", amount: 5 }],
};

describe("price summary validity", () => {
  it("needs VAT, total, currency and language", () => {
    expect(summaryComplete(complete, "de")).toBe(true);
    expect(summaryComplete(complete, undefined)).toBe(false);
    expect(summaryComplete({ ...complete, payment_total_vat: null }, "de")).toBe(false);
    expect(summaryComplete({ ...complete, payment_total: undefined }, "de")).toBe(false);
    expect(summaryComplete({ ...complete, currency: "" }, "de")).toBe(false);
    expect(summaryComplete(null, "de")).toBe(false);
  });

  it("needs a code on every voucher and a code and amount on every gift card", () => {
    expect(summaryComplete({ ...complete, coupons: [{ code: "", amount: 1 }] }, "de")).toBe(false);
    expect(
      summaryComplete(
        { ...complete, giftcards: [{ code: "X", amount: undefined as unknown as number }] },
        "de",
      ),
    ).toBe(false);
    expect(summaryComplete({ ...complete, payment_total_vat: 0 }, "de")).toBe(true);
  });
});

describe("an order's price summary", () => {
  const order = {
    currency: "DKK",
    total_order_amount: 548.1,
    vat_amount: 109.62,
    delivery_cost: 49,
    payment_fee: { amount: 0 },
    coupons: [{ code: "KICKOFF", amount: 10 }],
    giftcards: [{ code: "…4821", amount: 100 }],
    suppliers: [
      { items: [{ total_net_price: 399.1 }, { total_net_price: 60 }] },
      { items: [{ total_net_price: 50 }] },
    ],
  };

  it("reads the order's totals as a bag's: goods, delivery, vouchers, gift cards, VAT", () => {
    const totals = orderSummaryTotals(order);
    expect(totals).toMatchObject({
      cart_total_amount: 509.1,
      payment_total_vat: 109.62,
      currency: "DKK",
      delivery: { unit_price: 49, unit_rrp: 49 },
      coupons: [{ code: "KICKOFF", amount: 10 }],
      giftcards: [{ code: "…4821", amount: 100 }],
    });
    // Goods less vouchers plus delivery is the order's total; the gift cards paid part of it.
    expect(totals.payment_total).toBe(448.1);
    expect(summaryComplete(totals, "da")).toBe(true);
  });

  it("totals without gift cards are the order's total", () => {
    expect(orderSummaryTotals({ ...order, giftcards: [] }).payment_total).toBe(548.1);
  });
});
