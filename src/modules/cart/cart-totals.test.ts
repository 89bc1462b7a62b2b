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
