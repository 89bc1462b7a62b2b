import { describe, expect, it } from "vitest";
import { summaryComplete } from "./price-summary.tsx";

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
