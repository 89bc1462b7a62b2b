import { vatIncluded } from "#modules/cart/cart-totals.ts";
import type { StoredAddress } from "#modules/markets/address-forms.ts";
import { getMarket, type Seller } from "#modules/markets/markets.service.ts";
import type { orderLines, orderShipments, orders, PickupAddress } from "./orders.schema.ts";
import { orderNumber } from "./orders.service.ts";

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** What a row of the invoice is; the renderer words it in the invoice's language. */
export type InvoiceRowText =
  | { kind: "line"; name: string; brand: string; size: string | null; supplier: string | null }
  /** A print or other add-on of the line above, with its own price. */
  | { kind: "addon"; name: string }
  /** A part of the package on the line above: named, priced with the line. */
  | { kind: "part"; name: string }
  /** What an offer (a combined price) took off the line above. */
  | { kind: "offer" }
  | { kind: "voucher"; code: string }
  | { kind: "delivery"; method: string; supplier: string | null; pickup: PickupAddress | null }
  | { kind: "fee" };

/**
 * One row of the invoice's table. Amounts are minor units of the order's currency, VAT included (the
 * shop sells to consumers at prices with VAT); `vat` is the VAT inside `amount`. A row without a
 * rate (a part of a package, a voucher that takes nothing off) has no amounts of its own.
 */
export type InvoiceRow = InvoiceRowText & {
  quantity: number | null;
  unitPrice: number | null;
  vatRate: number | null;
  vat: number;
  amount: number;
};

export interface VatSummaryRow {
  /** Percent. */
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

/** An order's invoice, ready to be rendered: every figure taken from the order as it was placed. */
export interface Invoice {
  /** The invoice number: the order number (decision 0036). */
  number: string;
  orderNumber: string;
  /** The invoice is issued for the sale on the day the order was placed. */
  issuedAt: Date;
  orderedAt: Date;
  locale: string;
  market: string;
  currency: string;
  seller: Seller;
  buyer: { billing: StoredAddress; delivery: StoredAddress; email: string };
  payment: { gateway: string; method: string };
  rows: InvoiceRow[];
  /** One row per VAT rate, highest first; its VAT adds up to the order's VAT. */
  vatSummary: VatSummaryRow[];
  /** What rounding the total to the currency's price rounding added (usually 0). */
  rounding: number;
  total: number;
  vatTotal: number;
  giftCards: { last4: string; amount: number }[];
  /** What the payment method was charged (or, cash on delivery, is paid at the door). */
  amountDue: number;
}

/**
 * `total` shared over `weights` in proportion, in whole minor units, the last weight above 0 taking
 * what rounding left so that the parts add up to the total exactly (all weights 0: the last takes it).
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const lastWeighed = sum === 0 ? weights.length - 1 : weights.findLastIndex((weight) => weight > 0);
  const parts = weights.map((weight) => (sum === 0 ? 0 : Math.round((total * weight) / sum)));
  const rest = total - parts.reduce((a, b, index) => (index === lastWeighed ? a : a + b), 0);
  // + 0: no -0 (which Intl would print with a minus sign).
  return parts.map((part, index) => (index === lastWeighed ? rest : part) + 0);
}

/**
 * The invoice of an order, with its VAT worked out as the checkout's totals engine worked it out
 * when the order was placed (cart-totals.ts): per line at the line's rate, a voucher shared over the
 * discounted lines in proportion to their totals, delivery and the payment fee at one rate. Rows
 * that split a figure of the engine (a line and its add-ons, several vouchers, several deliveries)
 * share its VAT so that the rows add up to the order's VAT to the minor unit.
 */
export function buildInvoice(
  order: OrderRow,
  shipments: ShipmentRow[],
  lines: LineRow[],
  seller: Seller,
): Invoice {
  const rows: InvoiceRow[] = [];
  const ordered = shipments.flatMap((shipment) => lines.filter((line) => line.shipmentId === shipment.id));
  const unplaced = lines.filter((line) => !ordered.includes(line));
  const allLines = [...ordered, ...unplaced];
  const supplierOf = new Map(shipments.map((s) => [s.id, s.supplierName]));

  for (const line of allLines) {
    const rate = line.vatRate;
    const priced = line.sublines.filter((sub) => sub.total !== 0);
    const addOns = priced.reduce((sum, sub) => sum + sub.total, 0);
    const goods = line.unitPrice * line.quantity;
    const offer = goods + addOns - line.lineTotal;
    const lineVat = vatIncluded(line.lineTotal, rate);
    const addOnVats = priced.map((sub) => vatIncluded(sub.total, rate));
    const offerVat = offer > 0 ? -vatIncluded(offer, rate) : 0;
    const supplier = supplierOf.get(line.shipmentId) ?? null;
    rows.push({
      kind: "line",
      name: line.productName,
      brand: line.productBrand,
      size: line.sizeName,
      supplier,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: rate,
      vat: lineVat - addOnVats.reduce((a, b) => a + b, 0) - offerVat,
      amount: goods,
    });
    for (const sub of line.sublines) {
      if (sub.total === 0) {
        rows.push({
          kind: "part",
          name: sub.product,
          quantity: null,
          unitPrice: null,
          vatRate: null,
          vat: 0,
          amount: 0,
        });
        continue;
      }
      rows.push({
        kind: "addon",
        name: sub.product,
        quantity: line.quantity,
        unitPrice: Math.round(sub.total / line.quantity),
        vatRate: rate,
        vat: vatIncluded(sub.total, rate),
        amount: sub.total,
      });
    }
    if (offer > 0)
      rows.push({
        kind: "offer",
        quantity: null,
        unitPrice: null,
        vatRate: rate,
        vat: offerVat,
        amount: -offer,
      });
  }

  // Vouchers: shared over the lines that can be discounted (gift cards, at 0 %, never are), as the
  // engine shared them; each rate's share of the discount and of the VAT it takes off.
  const discounted = allLines.filter((line) => line.vatRate > 0);
  const voucherTotal = order.coupons.reduce((sum, c) => sum + c.amount, 0);
  const eligible = discounted.reduce((sum, line) => sum + line.lineTotal, 0);
  const perRate = new Map<number, { gross: number; vat: number }>();
  let lineVatAfterVouchers = allLines
    .filter((line) => line.vatRate <= 0)
    .reduce((sum, line) => sum + vatIncluded(line.lineTotal, line.vatRate), 0);
  for (const line of discounted) {
    const share = eligible === 0 ? 0 : Math.round((voucherTotal * line.lineTotal) / eligible);
    const after = vatIncluded(line.lineTotal - share, line.vatRate);
    lineVatAfterVouchers += after;
    const entry = perRate.get(line.vatRate) ?? { gross: 0, vat: 0 };
    entry.gross += share;
    entry.vat += vatIncluded(line.lineTotal, line.vatRate) - after;
    perRate.set(line.vatRate, entry);
  }
  const weights = order.coupons.map((c) => c.amount);
  for (const [index, coupon] of order.coupons.entries()) {
    const parts = [...perRate].filter(([, entry]) => entry.gross !== 0);
    if (coupon.amount === 0 || parts.length === 0) {
      rows.push({
        kind: "voucher",
        code: coupon.code,
        quantity: null,
        unitPrice: null,
        vatRate: null,
        vat: 0,
        amount: 0,
      });
      continue;
    }
    for (const [rate, entry] of parts)
      rows.push({
        kind: "voucher",
        code: coupon.code,
        quantity: null,
        unitPrice: null,
        vatRate: rate,
        vat: -(shareOut(entry.vat, weights)[index] ?? 0),
        amount: -(shareOut(entry.gross, weights)[index] ?? 0),
      });
  }

  // Delivery and the payment fee: the VAT the order holds beyond its lines', at the rate that gives it.
  const deliveries = shipments.map((s) => s.deliveryCost);
  const deliveryRows =
    deliveries.reduce((a, b) => a + b, 0) === order.deliveryTotal
      ? shipments.map((s) => ({
          method: s.deliveryMethodName,
          supplier: s.supplierName,
          pickup: s.pickupAddress,
          amount: s.deliveryCost,
        }))
      : [
          {
            method: shipments[0]?.deliveryMethodName ?? "",
            supplier: null,
            pickup: null,
            amount: order.deliveryTotal,
          },
        ];
  const extras = order.deliveryTotal + order.paymentFee;
  const extrasVat = order.vatTotal - lineVatAfterVouchers;
  const marketRate = getMarket(order.market)?.vatRate ?? 0;
  const candidates = [...new Set([...allLines.map((line) => line.vatRate), marketRate, 0])];
  const extrasRate =
    candidates.find((rate) => vatIncluded(extras, rate) === extrasVat) ??
    allLines.find((line) => line.vatRate > 0)?.vatRate ??
    marketRate;
  const extraAmounts = [
    ...deliveryRows.map((d) => d.amount),
    ...(order.paymentFee > 0 ? [order.paymentFee] : []),
  ];
  const extraVats = shareOut(extras === 0 ? 0 : extrasVat, extraAmounts);
  deliveryRows.forEach((delivery, index) => {
    rows.push({
      kind: "delivery",
      method: delivery.method,
      supplier: delivery.supplier,
      pickup: delivery.pickup,
      quantity: null,
      unitPrice: null,
      vatRate: extrasRate,
      vat: extraVats[index] ?? 0,
      amount: delivery.amount,
    });
  });
  if (order.paymentFee > 0)
    rows.push({
      kind: "fee",
      quantity: null,
      unitPrice: null,
      vatRate: extrasRate,
      vat: extraVats[extraVats.length - 1] ?? 0,
      amount: order.paymentFee,
    });

  const summary = new Map<number, VatSummaryRow>();
  for (const row of rows) {
    if (row.vatRate === null) continue;
    const entry = summary.get(row.vatRate) ?? { rate: row.vatRate, net: 0, vat: 0, gross: 0 };
    entry.gross += row.amount;
    entry.vat += row.vat;
    entry.net = entry.gross - entry.vat;
    summary.set(row.vatRate, entry);
  }
  const vatSummary = [...summary.values()].sort((a, b) => b.rate - a.rate);
  const rowsTotal = rows.reduce((sum, row) => sum + row.amount, 0);
  const number = orderNumber(order.id);
  return {
    number,
    orderNumber: number,
    issuedAt: order.createdAt,
    orderedAt: order.createdAt,
    locale: order.locale,
    market: order.market,
    currency: order.currency,
    seller,
    buyer: { billing: order.billingAddress, delivery: order.deliveryAddress, email: order.email },
    payment: { gateway: order.paymentGateway, method: order.paymentMethod },
    rows,
    vatSummary,
    rounding: order.total - rowsTotal,
    total: order.total,
    vatTotal: vatSummary.reduce((sum, row) => sum + row.vat, 0),
    giftCards: order.giftCards.map((card) => ({ last4: card.last4, amount: card.amount })),
    amountDue: order.amountDue,
  };
}
