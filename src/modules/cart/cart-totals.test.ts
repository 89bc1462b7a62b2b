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
    const { combineOfferDiscounts } = await import("./combine-offers.ts");
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

describe("vouchers and gift cards", () => {
  const eur = (
    lines: { id: number; price: number }[],
    extra: Partial<Parameters<typeof computeTotals>[0]> = {},
  ) =>
    computeTotals({
      currency: "EUR",
      paymentFee: 0,
      delivery: { price: 495, freeDeliveryLimit: 10000 },
      lines: lines.map((line) => ({
        lineId: line.id,
        supplier: "Warehouse",
        quantity: 1,
        unitPrice: line.price,
        unitRrp: line.price,
        vatRate: 20,
        sublines: [],
      })),
      ...extra,
    });

  it("takes a percentage off the discountable goods only, rounded as the currency is (DKK)", () => {
    const totals = computeTotals({
      currency: "DKK",
      paymentFee: 0,
      delivery: { price: 3900, freeDeliveryLimit: 49900 },
      vouchers: [{ code: "PITCH-10OFF", kind: "percentage", value: 10, minimumOrder: 0 }],
      lines: [
        {
          lineId: 1,
          supplier: "Warehouse",
          quantity: 1,
          unitPrice: 49900,
          unitRrp: 49900,
          vatRate: 25,
          sublines: [],
        },
        // A gift card: excluded from discounts, no VAT.
        {
          lineId: 2,
          supplier: "Warehouse",
          quantity: 1,
          unitPrice: 50000,
          unitRrp: 50000,
          vatRate: 0,
          sublines: [],
          discountable: false,
        },
      ],
    });
    // 10 % of 499 kr = 49.90 kr, rounded to whole kroner: 50 kr.
    expect(totals.coupons).toEqual([{ code: "PITCH-10OFF", amount: 5000, applied: true }]);
    expect(totals.paymentTotal).toBe(94900); // 999 − 50, delivery free above 499 kr
    expect(totals.paymentTotalVat).toBe(8980); // (499 − 50) × 25/125
  });

  it("takes a fixed amount from its minimum order on and shares it over the lines for VAT (EUR)", () => {
    const below = eur([{ id: 1, price: 8995 }], {
      vouchers: [{ code: "PITCH-25EUR", kind: "fixed", value: 2500, minimumOrder: 10000 }],
    });
    expect(below.coupons).toEqual([{ code: "PITCH-25EUR", amount: 0, applied: false }]);
    expect(below.paymentTotal).toBe(9490); // 89.95 + 4.95 delivery
    const above = eur(
      [
        { id: 1, price: 8995 },
        { id: 2, price: 3000 },
      ],
      { vouchers: [{ code: "PITCH-25EUR", kind: "fixed", value: 2500, minimumOrder: 10000 }] },
    );
    expect(above.paymentTotal).toBe(9495); // 119.95 − 25.00, delivery free from 100
    // Shares: 25 × 89.95/119.95 = 18.75 and 25 × 30/119.95 = 6.25;
    // VAT: (89.95 − 18.75)/6 = 11.87 and (30 − 6.25)/6 = 3.96.
    expect(above.paymentTotalVat).toBe(1187 + 396);
  });

  it("makes delivery free with a free-delivery voucher, the regular price kept for striking through", () => {
    const totals = eur([{ id: 1, price: 2000 }], {
      vouchers: [{ code: "FREE-SHIP", kind: "free_delivery", value: 0, minimumOrder: 0 }],
    });
    expect(totals.delivery).toEqual({ unitPrice: 0, unitRrp: 495 });
    expect(totals.paymentTotal).toBe(2000);
  });

  it("never takes the total below 0", () => {
    const totals = eur([{ id: 1, price: 1000 }], {
      vouchers: [{ code: "BIG", kind: "fixed", value: 2500, minimumOrder: 0 }],
    });
    expect(totals.coupons[0]?.amount).toBe(1000);
    expect(totals.paymentTotal).toBe(495); // only delivery is left
    expect(totals.paymentTotalVat).toBe(83); // 4.95/6 = 0.825
  });

  it("lets gift cards pay part or all of the order, and no card pays more than is left", () => {
    const lines = [
      { id: 1, price: 8995 },
      { id: 2, price: 3000 },
    ];
    const part = eur(lines, { giftCards: [{ code: "…EURO", balance: 5000 }] });
    expect(part.orderTotal).toBe(11995);
    expect(part.giftCards).toEqual([{ code: "…EURO", amount: 5000 }]);
    expect(part.paymentTotal).toBe(6995);
    const all = eur(lines, {
      giftCards: [
        { code: "…AAAA", balance: 10000 },
        { code: "…BBBB", balance: 5000 },
      ],
    });
    expect(all.giftCards).toEqual([
      { code: "…AAAA", amount: 10000 },
      { code: "…BBBB", amount: 1995 },
    ]);
    expect(all.paymentTotal).toBe(0);
    // Gift cards are payment: the VAT of the goods is unchanged.
    expect(all.paymentTotalVat).toBe(part.paymentTotalVat);
  });
});

describe("thresholds count only goods that can be discounted", () => {
  // 3 gift cards of 500 kr and a 219 kr boot: the gift cards are money, not goods on offer.
  const bag = {
    currency: "DKK",
    paymentFee: 0,
    delivery: { price: 3900, freeDeliveryLimit: 49900 },
    lines: [
      {
        lineId: 1,
        supplier: "Warehouse",
        quantity: 3,
        unitPrice: 50000,
        unitRrp: 50000,
        vatRate: 0,
        sublines: [],
        discountable: false,
      },
      {
        lineId: 2,
        supplier: "Warehouse",
        quantity: 1,
        unitPrice: 21900,
        unitRrp: 21900,
        vatRate: 25,
        sublines: [],
      },
    ],
  };

  it("does not reach a voucher's minimum order with gift cards", () => {
    const totals = computeTotals({
      ...bag,
      vouchers: [{ code: "PITCH-25EUR", kind: "fixed", value: 20000, minimumOrder: 100000 }],
    });
    expect(totals.coupons).toEqual([{ code: "PITCH-25EUR", amount: 0, applied: false }]);
    expect(totals.orderTotal).toBe(150000 + 21900 + 3900);
  });

  it("does not make delivery free with gift cards, and says how much is left from the goods", () => {
    const totals = computeTotals(bag);
    expect(totals.delivery.unitPrice).toBe(3900);
    expect(totals.leftForFreeDelivery).toBe(49900 - 21900);
    expect(totals.thresholdTotal).toBe(21900);
  });

  it("makes every package's delivery free once the bag's discountable goods reach that package's limit", () => {
    const totals = computeTotals({
      ...bag,
      lines: [...bag.lines, { ...bag.lines[1]!, lineId: 3, quantity: 2 }],
      packages: [
        { price: 3900, freeDeliveryLimit: 49900 },
        { price: 4900, freeDeliveryLimit: 99900 },
      ],
    });
    expect(totals.thresholdTotal).toBe(3 * 21900);
    expect(totals.deliveryPerPackage).toEqual([0, 4900]);
  });
});
