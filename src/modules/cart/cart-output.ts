// The priced bag in the storefront's wire shape (`cartOutput`): minor units become decimal amounts
// only here, at the edge.
import { toAmount } from "#kernel/money.ts";
import { productImageUrl } from "#modules/catalog/catalog.service.ts";
import type { Market } from "#modules/markets/markets.service.ts";
import { type CartOutput, MAX_LINE_QUANTITY, OWN_SUPPLIER } from "./cart.contract.ts";
import type { PricedCart } from "./cart-pricing.ts";

/**
 * The vouchers on the bag as it lists them: those the totals engine took (with what each takes off,
 * or why nothing yet), then those that cannot be used now.
 */
export function couponsOutput(
  priced: Pick<PricedCart, "currency" | "totals" | "payments">,
): CartOutput["coupons"] {
  const { currency, totals, payments } = priced;
  return [
    ...totals.coupons.map((coupon) => ({
      code: coupon.code,
      amount: toAmount(coupon.amount, currency),
      applied: coupon.applied,
      message: coupon.applied ? null : "voucher.warning.minimumOrder",
    })),
    ...payments.problems.map((p) => ({ code: p.code, amount: 0, applied: false, message: p.problem })),
  ];
}

/** The bag in the storefront's shape (amounts in major units). */
export function formatCart(priced: PricedCart, market: Market): CartOutput {
  const { cartId, currency, prepared, charged, totals, method } = priced;
  const byLine = new Map(totals.lines.map((line) => [line.lineId, line]));
  const amount = (minor: number) => toAmount(minor, currency);

  return {
    id: cartId,
    currency,
    quantity: charged.reduce((sum, line) => sum + line.quantity, 0),
    lines: prepared.map(({ row, available, quantity, message, sublines }) => {
      const lineTotals = byLine.get(row.line_id);
      return {
        line_id: row.line_id,
        product_id: row.product_id,
        product_name: row.name,
        product_brand: row.brand,
        product_style: row.style,
        shop_url: row.relative_url,
        image_url: productImageUrl(row.product_id),
        size: row.size_name,
        size_id: row.size_id,
        quantity,
        quantity_editable: !row.is_package,
        max_quantity: Math.min(available, MAX_LINE_QUANTITY),
        unit_price: amount(row.price ?? 0),
        unit_rrp: amount(Math.max(row.rrp ?? 0, row.price ?? 0)),
        vat_rate: row.is_giftcard ? 0 : market.vatRate,
        line_total_excluding_sublines: amount(lineTotals?.lineTotalExcludingSublines ?? 0),
        line_total: amount(lineTotals?.lineTotal ?? 0),
        line_total_rrp: amount(lineTotals?.lineTotalRrp ?? 0),
        line_total_discount: amount(lineTotals?.lineTotalDiscount ?? 0),
        supplier: row.supplier ?? OWN_SUPPLIER,
        customizable: row.is_customizable,
        is_favorite: row.is_favorite,
        customization: row.customization,
        is_package: row.is_package,
        customization_url: row.is_customizable ? `/customizations/update/${row.line_id}/` : null,
        message,
        sublines: [
          ...(row.parts ?? []).map((part) => ({
            product: part.size ? `${part.name} (${part.size})` : part.name,
            product_id: part.product_id,
            image_url: productImageUrl(part.product_id),
            line_total: 0,
            original: null,
          })),
          ...sublines.map((sub) => ({
            product: sub.product,
            product_id: null,
            image_url: null,
            line_total: amount(sub.unitPrice * quantity),
            original: sub.original,
          })),
        ],
      };
    }),
    cart_total_amount: amount(totals.cartTotalAmount),
    discount_total: amount(totals.discount),
    payment_total: amount(totals.paymentTotal),
    payment_total_vat: amount(totals.paymentTotalVat),
    payment_fee: { amount: amount(totals.paymentFee) },
    delivery: { unit_price: amount(totals.delivery.unitPrice), unit_rrp: amount(totals.delivery.unitRrp) },
    free_delivery_limit: method?.freeDeliveryLimit != null ? amount(method.freeDeliveryLimit) : null,
    left_for_free_delivery: amount(totals.leftForFreeDelivery),
    // Club shirts with prints and team kits are teamsport goods (they go through the print shop).
    contains_teamsport_products: charged.some((line) => line.row.is_package || line.row.is_customizable),
    order_total: amount(totals.orderTotal),
    coupons: couponsOutput(priced),
    giftcards: totals.giftCards.map((card) => ({
      code: card.code,
      amount: amount(card.amount),
      is_value: true,
    })),
  };
}

/**
 * The warning to show when a voucher was just put on the bag: it stays there while its minimum order
 * is not reached yet, taking nothing off, and the shopper should know why.
 */
export function voucherWarnings(
  priced: Pick<PricedCart, "currency" | "totals" | "payments">,
  code: string,
): string[] {
  const added = couponsOutput(priced).find((coupon) => coupon.code === code);
  return added?.message ? [added.message] : [];
}
