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
  /** False for goods excluded from discounts (gift cards among them): vouchers leave them alone. */
  discountable?: boolean;
}

/** A voucher the shop accepts for this bag's currency and date; its minimum order is checked here. */
export interface TotalsVoucher {
  code: string;
  kind: "percentage" | "fixed" | "free_delivery";
  /** Percent, or minor units for a fixed amount. */
  value: number;
  minimumOrder: number;
}

/** A gift card paying part of the order: what is left on it, in the order's currency. */
export interface TotalsGiftCard {
  code: string;
  balance: number;
}

export interface TotalsInput {
  currency: string;
  lines: TotalsLine[];
  /** The delivery method that would be used: its price and the total from which it is free. */
  delivery: { price: number; freeDeliveryLimit: number | null } | null;
  /**
   * At checkout, one delivery per package (the shop's own and each supplier's), each free from its own
   * limit; when given, it replaces `delivery`.
   */
  packages?: { price: number; freeDeliveryLimit: number | null }[];
  paymentFee: number;
  vouchers?: TotalsVoucher[];
  giftCards?: TotalsGiftCard[];
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
  /**
   * The goods that count towards a voucher's minimum order and the free-delivery limits: the lines
   * that can be discounted (gift cards and goods excluded from discounts never count).
   */
  thresholdTotal: number;
  discount: number;
  delivery: { unitPrice: number; unitRrp: number };
  /** What each package's delivery costs, in the order `packages` gave them. */
  deliveryPerPackage: number[];
  /** A free-delivery voucher applies: every delivery method is free. */
  freeDeliveryVoucher: boolean;
  paymentFee: number;
  paymentTotal: number;
  paymentTotalVat: number;
  /** How much more the cart needs for free delivery; 0 when it already has it. */
  leftForFreeDelivery: number;
  /** Each voucher and what it takes off (0 while its minimum order is not reached). */
  coupons: { code: string; amount: number; applied: boolean }[];
  /** The order's total before gift cards pay their part. */
  orderTotal: number;
  giftCards: { code: string; amount: number }[];
}

/** The VAT inside a VAT-inclusive amount, rounded to the minor unit. */
export function vatIncluded(gross: number, ratePercent: number): number {
  if (ratePercent <= 0 || gross === 0) return 0;
  return Math.round((gross * ratePercent) / (100 + ratePercent));
}

/** A delivery is free with a free-delivery voucher, or once the goods reach its free-delivery limit. */
export function deliveryIsFree(input: {
  limit: number | null;
  goodsTotal: number;
  freeDeliveryVoucher: boolean;
}) {
  return input.freeDeliveryVoucher || (input.limit !== null && input.goodsTotal >= input.limit);
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

  // Vouchers: on the goods that may be discounted, one after the other, never below 0. The same goods
  // decide whether a voucher's minimum order and a free-delivery limit are reached.
  const eligible = input.lines.reduce(
    (sum, line, i) => (line.discountable === false ? sum : sum + (lines[i]?.lineTotal ?? 0)),
    0,
  );
  let left = eligible;
  let freeDeliveryVoucher = false;
  const coupons = (input.vouchers ?? []).map((voucher) => {
    if (eligible < voucher.minimumOrder || lines.length === 0)
      return { code: voucher.code, amount: 0, applied: false };
    if (voucher.kind === "free_delivery") {
      freeDeliveryVoucher = true;
      return { code: voucher.code, amount: 0, applied: true };
    }
    const wanted =
      voucher.kind === "percentage"
        ? roundForCurrency(Math.round((eligible * voucher.value) / 100), input.currency)
        : voucher.value;
    const amount = Math.min(wanted, left);
    left -= amount;
    return { code: voucher.code, amount, applied: true };
  });
  const voucherTotal = eligible - left;

  const packages = input.packages ?? (input.delivery ? [input.delivery] : []);
  const regular = packages.reduce((sum, pkg) => sum + pkg.price, 0);
  const perPackage = packages.map((pkg) =>
    lines.length === 0 ||
    deliveryIsFree({ limit: pkg.freeDeliveryLimit, goodsTotal: eligible, freeDeliveryVoucher })
      ? 0
      : pkg.price,
  );
  const limit = packages[0]?.freeDeliveryLimit ?? null;
  const delivery = { unitPrice: perPackage.reduce((sum, price) => sum + price, 0), unitRrp: regular };
  const leftForFreeDelivery = limit === null || freeDeliveryVoucher ? 0 : Math.max(0, limit - eligible);

  const orderTotal = roundForCurrency(
    cartTotalAmount - voucherTotal + delivery.unitPrice + input.paymentFee,
    input.currency,
  );
  // Gift cards pay part of the order: the balance never goes below 0 and nothing is paid twice.
  let toPay = orderTotal;
  const giftCards = (input.giftCards ?? []).map((card) => {
    const amount = Math.max(0, Math.min(card.balance, toPay));
    toPay -= amount;
    return { code: card.code, amount };
  });

  // VAT: a voucher's discount is shared over the discountable lines in proportion to their totals,
  // so each line's VAT is taken from what is really paid for it. Delivery and the payment fee are
  // taxed at the rate of the first line, as the payment providers are told.
  const firstRate = input.lines[0]?.vatRate ?? 0;
  const lineVat = input.lines.reduce((sum, line, i) => {
    const total = lines[i]?.lineTotal ?? 0;
    const share =
      line.discountable === false || eligible === 0 ? 0 : Math.round((voucherTotal * total) / eligible);
    return sum + vatIncluded(total - share, line.vatRate);
  }, 0);
  const paymentTotalVat = lineVat + vatIncluded(delivery.unitPrice + input.paymentFee, firstRate);

  return {
    lines,
    cartTotalAmount,
    thresholdTotal: eligible,
    discount,
    delivery,
    deliveryPerPackage: perPackage,
    freeDeliveryVoucher,
    paymentFee: input.paymentFee,
    paymentTotal: toPay,
    paymentTotalVat,
    leftForFreeDelivery,
    coupons,
    orderTotal,
    giftCards,
  };
}
