import { roundForCurrency } from "#modules/markets/markets.service.ts";

/**
 * The cart's arithmetic, on its own so that it can be checked by hand: integer minor units in, integer
 * minor units out. Prices include VAT (as shoppers see them); VAT is extracted per line at the
 * line's own rate.
 */

export interface TotalsSubline {
  /** What the add-on is (a printed name, a flag), as shown under the line. */
  label: string;
  /** Price per unit of the line, VAT included. */
  unitPrice: number;
}

export interface TotalsLine {
  lineId: number;
  supplier: string;
  quantity: number;
  unitPrice: number;
  unitRrp: number;
  /** Percent, e.g. 25; gift cards carry 0. */
  vatRate: number;
  sublines: TotalsSubline[];
  /** Taken off the line's goods by an offer (a combine offer's benefit price), in minor units. */
  offerDiscount?: number;
}

export interface TotalsInput {
  currency: string;
  lines: TotalsLine[];
  /** The delivery method that would be used: its price and the total from which it is free. */
  delivery: { price: number; freeDeliveryLimit: number | null } | null;
  paymentFee: number;
}

export interface LineTotals {
  lineId: number;
  lineTotalExcludingSublines: number;
  lineTotal: number;
  lineTotalRrp: number;
  lineTotalDiscount: number;
  lineTotalVat: number;
}

export interface CartTotals {
  lines: LineTotals[];
  /** The goods: every line with its add-ons. */
  cartTotalAmount: number;
  discount: number;
  delivery: { unitPrice: number; unitRrp: number };
  paymentFee: number;
  paymentTotal: number;
  paymentTotalVat: number;
  /** How much more the cart needs for free delivery; 0 when it already has it. */
  leftForFreeDelivery: number;
}

/** The VAT inside a VAT-inclusive amount, rounded to the minor unit. */
export function vatIncluded(gross: number, ratePercent: number): number {
  if (ratePercent <= 0 || gross === 0) return 0;
  return Math.round((gross * ratePercent) / (100 + ratePercent));
}

export function computeTotals(input: TotalsInput): CartTotals {
  const lines = input.lines.map((line): LineTotals => {
    const excluding = Math.max(0, line.unitPrice * line.quantity - (line.offerDiscount ?? 0));
    const sublines = line.sublines.reduce((sum, sub) => sum + sub.unitPrice * line.quantity, 0);
    const lineTotal = excluding + sublines;
    const lineTotalRrp = Math.max(line.unitRrp, line.unitPrice) * line.quantity + sublines;
    return {
      lineId: line.lineId,
      lineTotalExcludingSublines: excluding,
      lineTotal,
      lineTotalRrp,
      lineTotalDiscount: lineTotalRrp - lineTotal,
      lineTotalVat: vatIncluded(lineTotal, line.vatRate),
    };
  });
  const cartTotalAmount = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const discount = lines.reduce((sum, line) => sum + line.lineTotalDiscount, 0);

  const regular = input.delivery?.price ?? 0;
  const limit = input.delivery?.freeDeliveryLimit ?? null;
  const free = lines.length === 0 || (limit !== null && cartTotalAmount >= limit);
  const delivery = { unitPrice: free ? 0 : regular, unitRrp: regular };
  const leftForFreeDelivery = limit === null ? 0 : Math.max(0, limit - cartTotalAmount);

  const paymentTotal = roundForCurrency(
    cartTotalAmount + delivery.unitPrice + input.paymentFee,
    input.currency,
  );
  // Delivery and the payment fee are taxed at the rate of the first line, as the payment providers
  // are told.
  const firstRate = input.lines[0]?.vatRate ?? 0;
  const paymentTotalVat =
    lines.reduce((sum, line) => sum + line.lineTotalVat, 0) +
    vatIncluded(delivery.unitPrice + input.paymentFee, firstRate);

  return {
    lines,
    cartTotalAmount,
    discount,
    delivery,
    paymentFee: input.paymentFee,
    paymentTotal,
    paymentTotalVat,
    leftForFreeDelivery,
  };
}
