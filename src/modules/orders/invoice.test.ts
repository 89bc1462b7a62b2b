import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeTotals, type TotalsLine, vatIncluded } from "#modules/cart/cart-totals.ts";
import { sellerFor } from "#modules/markets/markets.service.ts";
import { buildInvoice, shareOut } from "./invoice.ts";
import type { orderLines, orderShipments, orders } from "./orders.schema.ts";

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

const address = {
  country: "dnk",
  name: "Mette Jensen",
  address: "Stadionvej",
  post_nummer: "2100",
  town: "København Ø",
};

function orderRow(overrides: Partial<OrderRow>): OrderRow {
  return {
    id: 7,
    token: "00000000-0000-0000-0000-000000000000",
    userId: 1,
    cartId: null,
    market: "dk",
    locale: "da",
    currency: "DKK",
    email: "mette@example.com",
    phone: "",
    billingAddress: address,
    deliveryAddress: address,
    status: "placed",
    comment: "",
    goodsTotal: 0,
    discountTotal: 0,
    voucherTotal: 0,
    deliveryTotal: 0,
    paymentFee: 0,
    vatTotal: 0,
    total: 0,
    giftCardTotal: 0,
    amountDue: 0,
    paymentGateway: "test-card",
    paymentMethod: "Betalingskort",
    paymentReference: null,
    coupons: [],
    giftCards: [],
    subscribeNewsletters: false,
    source: "web",
    device: "desktop",
    confirmationSentAt: null,
    createdAt: new Date("2026-11-23T10:00:00Z"),
    ...overrides,
  };
}

function shipmentRow(overrides: Partial<ShipmentRow> = {}): ShipmentRow {
  return {
    id: 1,
    orderId: 7,
    supplierId: null,
    supplierName: "Warehouse",
    deliveryMethodId: 1,
    deliveryMethodName: "GLS",
    infoText: "",
    minDays: 1,
    maxDays: 3,
    pickupAddress: null,
    deliveryCost: 0,
    status: "received",
    trackAndTrace: null,
    ...overrides,
  };
}

function lineRow(overrides: Partial<LineRow>): LineRow {
  return {
    id: 1,
    orderId: 7,
    shipmentId: 1,
    productId: 1,
    sizeId: 1,
    productName: "Club shirt",
    productBrand: "Kickwear",
    productUrl: "/club-shirt/",
    imageUrl: "/media/products/1/0.webp",
    sizeName: "M",
    quantity: 1,
    unitPrice: 49_900,
    unitRrp: 49_900,
    vatRate: 25,
    lineTotal: 49_900,
    lineTotalRrp: 49_900,
    packageParts: null,
    sublines: [],
    ...overrides,
  };
}

describe("shareOut", () => {
  it("shares in proportion and adds up exactly, the rest on the last weight above 0", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(shareOut(-7, [2, 0])).toEqual([-7, 0]);
    expect(shareOut(10, [0, 0])).toEqual([0, 10]);
    expect(shareOut(0, [])).toEqual([]);
  });
});

describe("an order's invoice", () => {
  it("prints a line with a print, an offer, a voucher, delivery and a fee with VAT that adds up to the order's", () => {
    // 2 × 499 kr. shirts with a 100 kr. print each, 98 kr. off by an offer; a 100 kr. voucher; 49 kr.
    // delivery and a 5 kr. fee, at 25 %.
    const lines = [
      lineRow({
        quantity: 2,
        unitPrice: 49_900,
        lineTotal: 99_800 + 20_000 - 9_800,
        sublines: [{ product: "Name: JENSEN", product_id: null, image_url: null, total: 20_000 }],
      }),
    ];
    const goods = 110_000;
    const total = goods - 10_000 + 4_900 + 500;
    const vat = vatIncluded(goods - 10_000, 25) + vatIncluded(5_400, 25);
    const invoice = buildInvoice(
      orderRow({
        coupons: [{ code: "KICKOFF", amount: 10_000 }],
        voucherTotal: 10_000,
        deliveryTotal: 4_900,
        paymentFee: 500,
        vatTotal: vat,
        total,
        amountDue: total,
      }),
      [shipmentRow({ deliveryCost: 4_900 })],
      lines,
      sellerFor("dk"),
    );
    expect(invoice.rows.map((row) => [row.kind, row.amount])).toEqual([
      ["line", 99_800],
      ["addon", 20_000],
      ["offer", -9_800],
      ["voucher", -10_000],
      ["delivery", 4_900],
      ["fee", 500],
    ]);
    expect(invoice.rows[1]).toMatchObject({ quantity: 2, unitPrice: 10_000, vat: 4_000 });
    expect(invoice.vatSummary).toEqual([{ rate: 25, gross: total, vat, net: total - vat }]);
    expect(invoice.vatTotal).toBe(vat);
    expect(invoice.rounding).toBe(0);
    expect(invoice.rows.reduce((sum, row) => sum + row.vat, 0)).toBe(vat);
    expect(invoice.number).toBe("ST7");
    expect(invoice.seller.vatNumber).toBe("DK12345678");
  });

  it("keeps a gift card bought at 0 % out of the voucher and in a VAT line of its own", () => {
    const lines = [
      lineRow({ id: 1, vatRate: 0, productName: "Gift card", unitPrice: 20_000, lineTotal: 20_000 }),
      lineRow({ id: 2 }),
    ];
    // The gift card is the bag's first line: delivery is taxed at its rate (0 %), as the engine does.
    const vat = vatIncluded(49_900 - 5_000, 25);
    const invoice = buildInvoice(
      orderRow({
        coupons: [{ code: "FIFTY", amount: 5_000 }],
        voucherTotal: 5_000,
        deliveryTotal: 4_900,
        vatTotal: vat,
        total: 69_800,
        amountDue: 69_800,
      }),
      [shipmentRow({ deliveryCost: 4_900 })],
      lines,
      sellerFor("dk"),
    );
    expect(invoice.vatSummary).toEqual([
      { rate: 25, gross: 44_900, vat, net: 44_900 - vat },
      { rate: 0, gross: 20_000 + 4_900, vat: 0, net: 24_900 },
    ]);
    expect(invoice.rows.find((row) => row.kind === "voucher")).toMatchObject({ vatRate: 25, amount: -5_000 });
  });

  it("adds up to what the checkout's totals engine charged, for any bag", () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 5 }),
      unitPrice: fc.integer({ min: 1, max: 300_000 }),
      addOn: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
      offer: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
      giftCard: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(25, 19, 25.5, 23, 21),
        fc.constantFrom("EUR", "DKK"),
        fc.array(
          fc.record({
            kind: fc.constantFrom("percentage" as const, "fixed" as const, "free_delivery" as const),
            value: fc.integer({ min: 1, max: 40 }),
          }),
          { maxLength: 2 },
        ),
        fc.integer({ min: 0, max: 9_900 }),
        fc.integer({ min: 0, max: 995 }),
        (bag, rate, currency, vouchers, delivery, fee) => {
          const totalsLines: TotalsLine[] = bag.map((l, index) => ({
            lineId: index + 1,
            supplier: "Warehouse",
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            unitRrp: l.unitPrice,
            vatRate: l.giftCard ? 0 : rate,
            sublines: l.addOn && !l.giftCard ? [{ label: "Print", unitPrice: l.addOn }] : [],
            offerDiscount: l.giftCard ? 0 : Math.min(l.offer, l.unitPrice * l.quantity),
            discountable: !l.giftCard,
          }));
          const totals = computeTotals({
            currency,
            lines: totalsLines,
            delivery: { price: delivery, freeDeliveryLimit: null },
            paymentFee: fee,
            vouchers: vouchers.map((v, index) => ({
              code: `V${index}`,
              kind: v.kind,
              value: v.kind === "fixed" ? v.value * 500 : v.value,
              minimumOrder: 0,
            })),
          });
          const lines = totalsLines.map((l, index) =>
            lineRow({
              id: index + 1,
              quantity: l.quantity,
              unitPrice: l.unitPrice,
              vatRate: l.vatRate,
              lineTotal: totals.lines[index]?.lineTotal ?? 0,
              sublines: l.sublines.map((sub) => ({
                product: sub.label,
                product_id: null,
                image_url: null,
                total: sub.unitPrice * l.quantity,
              })),
            }),
          );
          const applied = totals.coupons.filter((c) => c.applied);
          const invoice = buildInvoice(
            orderRow({
              currency,
              coupons: applied.map((c) => ({ code: c.code, amount: c.amount })),
              voucherTotal: applied.reduce((sum, c) => sum + c.amount, 0),
              deliveryTotal: totals.delivery.unitPrice,
              paymentFee: fee,
              vatTotal: totals.paymentTotalVat,
              total: totals.orderTotal,
              amountDue: totals.paymentTotal,
            }),
            [shipmentRow({ deliveryCost: totals.delivery.unitPrice })],
            lines,
            sellerFor("dk"),
          );
          const rowsVat = invoice.rows.reduce((sum, row) => sum + row.vat, 0);
          const rowsGross = invoice.rows.reduce((sum, row) => sum + row.amount, 0);
          expect(invoice.vatTotal).toBe(totals.paymentTotalVat);
          expect(rowsVat).toBe(totals.paymentTotalVat);
          expect(rowsGross + invoice.rounding).toBe(totals.orderTotal);
          expect(invoice.vatSummary.reduce((sum, row) => sum + row.gross, 0)).toBe(rowsGross);
          for (const row of invoice.vatSummary) expect(row.net + row.vat).toBe(row.gross);
          for (const row of invoice.rows)
            if (row.vatRate !== null && row.vatRate > 0 && row.amount !== 0)
              // Each row's VAT is its own to within the minor units its group's rounding moved.
              expect(Math.abs(row.vat - vatIncluded(row.amount, row.vatRate))).toBeLessThanOrEqual(
                bag.length + 2,
              );
        },
      ),
      { seed: 20_261_124, numRuns: 300 },
    );
  });
});
