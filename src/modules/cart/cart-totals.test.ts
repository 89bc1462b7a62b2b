import { describe, expect, it } from "vitest";
import { computeTotals, vatIncluded } from "./cart-totals.ts";

describe("cart totals", () => {
  it("extracts VAT per line's rate and adds customization to the line (DKK, 25 % and 0 %)", () => {
    const totals = computeTotals({
      currency: "DKK",
      paymentFee: 0,
      delivery: { price: 3900, freeDeliveryLimit: 49900 },
      lines: [
        // 2 × 499 kr (before 599 kr) with a 100 kr name print each.
        {
          lineId: 1,
          supplier: "Warehouse",
          quantity: 2,
          unitPrice: 49900,
          unitRrp: 59900,
          vatRate: 25,
          sublines: [{ label: "Name", unitPrice: 10000 }],
        },
        // A 500 kr gift card: no VAT.
        {
          lineId: 2,
          supplier: "Warehouse",
          quantity: 1,
          unitPrice: 50000,
          unitRrp: 50000,
          vatRate: 0,
          sublines: [],
        },
      ],
    });
    // 998 + 200 = 1,198 kr; before: 1,198 + 200 = 1,398 kr.
    expect(totals.lines[0]).toEqual({
      lineId: 1,
      lineTotalExcludingSublines: 99800,
      lineTotal: 119800,
      lineTotalRrp: 139800,
      lineTotalDiscount: 20000,
      lineTotalVat: 23960, // 1,198 × 25/125 = 239.60 kr
    });
    expect(totals.lines[1]?.lineTotalVat).toBe(0);
    expect(totals.cartTotalAmount).toBe(169800);
    expect(totals.discount).toBe(20000);
    // Above the 499 kr limit: free, the regular 39 kr shown struck through.
    expect(totals.delivery).toEqual({ unitPrice: 0, unitRrp: 3900 });
    expect(totals.leftForFreeDelivery).toBe(0);
    expect(totals.paymentTotal).toBe(169800);
    expect(totals.paymentTotalVat).toBe(23960);
  });

  it("charges delivery below the limit and taxes delivery and fee at the first line's rate (EUR, 20 %)", () => {
    const totals = computeTotals({
      currency: "EUR",
      paymentFee: 150,
      delivery: { price: 495, freeDeliveryLimit: 10000 },
      lines: [
        {
          lineId: 7,
          supplier: "Warehouse",
          quantity: 1,
          unitPrice: 8995,
          unitRrp: 8995,
          vatRate: 20,
          sublines: [],
        },
      ],
    });
    expect(totals.delivery).toEqual({ unitPrice: 495, unitRrp: 495 });
    expect(totals.leftForFreeDelivery).toBe(1005); // 100.00 − 89.95
    expect(totals.paymentTotal).toBe(9640); // 89.95 + 4.95 + 1.50
    // 89.95 × 20/120 = 14.99(17) → 14.99; (4.95 + 1.50) × 20/120 = 1.075 → 1.08.
    expect(totals.paymentTotalVat).toBe(1499 + 108);
  });

  it("charges nothing for an empty cart", () => {
    const totals = computeTotals({
      currency: "DKK",
      paymentFee: 0,
      delivery: { price: 3900, freeDeliveryLimit: 49900 },
      lines: [],
    });
    expect(totals.paymentTotal).toBe(0);
    expect(totals.delivery.unitPrice).toBe(0);
  });

  it("rounds VAT to the minor unit", () => {
    expect(vatIncluded(100, 25)).toBe(20);
    expect(vatIncluded(999, 25)).toBe(200); // 199.8
    expect(vatIncluded(1000, 0)).toBe(0);
  });
});

describe("combine offers", () => {
  it("prices a benefit item at the offer for as many units as there are trigger units", async () => {
    const { combineOfferDiscounts } = await import("./cart.service.ts");
    const offer = { product_id: 1, benefit_product_ids: [2], discount_percentage: 50 };
    const lines = [
      { lineId: 10, productId: 1, quantity: 1, unitPrice: 99900, isPackage: false },
      // Three shin guards at 199 kr: one at half price (99.50 → 100 kr in whole kroner), two at full price.
      { lineId: 11, productId: 2, quantity: 3, unitPrice: 19900, isPackage: false },
    ];
    expect(combineOfferDiscounts([offer], lines, "DKK")).toEqual(new Map([[11, 9900]]));
    // In euros the cents are kept: 19.90 → 9.95.
    expect(combineOfferDiscounts([offer], lines, "EUR")).toEqual(new Map([[11, 9950]]));
    // Without the trigger product nothing changes.
    expect(combineOfferDiscounts([offer], lines.slice(1), "DKK").size).toBe(0);
  });

  it("takes an offer's discount off the line in the totals", () => {
    const totals = computeTotals({
      currency: "EUR",
      paymentFee: 0,
      delivery: null,
      lines: [
        {
          lineId: 1,
          supplier: "Warehouse",
          quantity: 2,
          unitPrice: 1990,
          unitRrp: 1990,
          vatRate: 20,
          sublines: [],
          offerDiscount: 995,
        },
      ],
    });
    expect(totals.lines[0]).toMatchObject({ lineTotal: 2985, lineTotalRrp: 3980, lineTotalDiscount: 995 });
    expect(totals.cartTotalAmount).toBe(2985);
  });
});
