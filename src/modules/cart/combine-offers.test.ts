import { describe, expect, it } from "vitest";
import { combineOfferDiscounts } from "./combine-offers.ts";

const line = (lineId: number, productId: number, quantity: number, unitPrice = 10000, isPackage = false) => ({
  lineId,
  productId,
  quantity,
  unitPrice,
  isPackage,
});

describe("combine offers", () => {
  it("uses the best offer first, then the next for the units left", () => {
    const offers = [
      { product_id: 1, benefit_product_ids: [3], discount_percentage: 10 },
      { product_id: 2, benefit_product_ids: [3], discount_percentage: 50 },
    ];
    // One unit of each trigger: one benefit unit at 50 % off, one at 10 % off, the third at full price.
    const discounts = combineOfferDiscounts(offers, [line(1, 1, 1), line(2, 2, 1), line(3, 3, 3)], "EUR");
    expect(discounts).toEqual(new Map([[3, 5000 + 1000]]));
  });

  it("shares a trigger's units among the benefit lines in bag order", () => {
    const offers = [{ product_id: 1, benefit_product_ids: [2], discount_percentage: 50 }];
    const discounts = combineOfferDiscounts(offers, [line(1, 1, 1), line(2, 2, 1), line(3, 2, 1)], "EUR");
    expect(discounts).toEqual(new Map([[2, 5000]]));
  });

  it("leaves packages and a trigger that is its own benefit alone", () => {
    const offers = [{ product_id: 1, benefit_product_ids: [1, 2], discount_percentage: 50 }];
    expect(combineOfferDiscounts(offers, [line(1, 1, 2), line(2, 2, 1, 10000, true)], "EUR").size).toBe(0);
  });
});
