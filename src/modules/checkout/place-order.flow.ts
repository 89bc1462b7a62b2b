import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { translate } from "#kernel/translate.ts";
import type { CartTotals } from "#modules/cart/cart-totals.ts";
import {
  chargeGiftCards,
  countVoucherUse,
  emptyBag,
  type GiftCardCharge,
  lockBag,
  lockGiftCards,
  stockLinesOf,
} from "#modules/cart/order-placement.steps.ts";
import { productImageUrl } from "#modules/catalog/catalog.service.ts";
import { takeStock } from "#modules/catalog/order-placement.steps.ts";
import type { Outbox } from "#modules/jobs/job-queue.ts";
import { queueOrderConfirmation } from "#modules/orders/order-confirmation.job.ts";
import { insertOrderAndShipments, type OrderDraft } from "#modules/orders/order-placement.steps.ts";
import { findOrderByPaymentReference, queueOrderCreatedEvent } from "#modules/orders/orders.service.ts";
import { recordOrderCapture } from "#modules/payments/payment-captures.service.ts";
import { captureAttempt } from "#modules/payments/payments.service.ts";
import { emitLowStock, webhookOutbox } from "#modules/webhooks/webhooks.service.ts";
import type { ReviewChoices } from "./checkout.schema.ts";
import type { CheckoutState, Shopper } from "./checkout-state.ts";
import { priceForOrder, resetCheckout } from "./order-placement.steps.ts";

export interface OrderPayment {
  gateway: "test-card" | "test-bnpl" | "klarna" | "giftcard" | "cod" | "adyen";
  method: string;
  /** The merchant reference of a provider payment: one order per reference. */
  reference: string | null;
  /** What the provider authorised (minor units); the order's amount due must equal it. */
  authorisedAmount: number | null;
  /** The provider's authorised attempt, captured with the order. */
  attemptId?: number;
}

/** A size's stock at or below this after a sale tells the operator's systems (stock.low). */
export const LOW_STOCK_THRESHOLD = 3;

export interface PlacedOrder {
  id: number;
  token: string;
  created: boolean;
}

/**
 * Places the order in one transaction, as a list of steps each owned by the module whose tables it
 * writes: the bag is locked (so a replayed payment result waits, then finds the order), its gift
 * cards locked, the bag priced again, every size's stock locked in id order and taken, vouchers
 * counted, gift cards charged, the amount due checked against the payment, and the order written
 * with one shipment per package, its confirmation mail and webhook events (order.created, stock.low)
 * queued; the payment is captured, the bag emptied and the checkout started
 * again. Anything refused rolls all of it back. See decision 0017 for when stock is held and why the
 * locks come in this order; a new step goes where its locks keep that order.
 */
export async function placeOrder(
  db: Db,
  outbox: Outbox,
  shopper: Shopper,
  cartId: number,
  payment: OrderPayment,
  review: ReviewChoices,
): Promise<PlacedOrder> {
  const events = webhookOutbox(outbox);
  return db.transaction(async (tx) => {
    await lockBag(tx, cartId);
    if (payment.reference) {
      const existing = await findOrderByPaymentReference(tx, payment.reference);
      if (existing) return { ...existing, created: false };
    }
    await lockGiftCards(tx, cartId);
    const state = await priceForOrder(tx, cartId, shopper);
    const { totals } = state.priced;
    const taken = await takeStock(tx, stockLinesOf(state.priced.charged));
    await countVoucherUse(
      tx,
      totals.coupons.filter((coupon) => coupon.applied).map((coupon) => coupon.code),
    );
    const giftCardsUsed = await chargeGiftCards(tx, cartId, totals.giftCards);
    const amountDue = amountDueFor(payment, totals, review);
    const order = await insertOrderAndShipments(
      tx,
      orderDraft(state, shopper, { payment, review, giftCardsUsed, amountDue }),
    );
    await queueOrderConfirmation(tx, outbox, order.id);
    await queueOrderCreatedEvent(tx, events, order.id);
    await emitLowStock(tx, events, taken, LOW_STOCK_THRESHOLD);
    if (payment.attemptId) {
      const attempt = await captureAttempt(tx, payment.attemptId);
      // Adyen holds the money until the shop asks for it: the capture is sent once the order commits.
      await recordOrderCapture(tx, outbox, order.id, attempt);
    }
    await emptyBag(tx, cartId);
    await resetCheckout(tx, cartId);
    return { ...order, created: true };
  });
}

/**
 * What the payment method is charged once the gift cards paid their part. The order must cost what
 * the shopper reviewed, whatever the payment method, and the payment method must be charged what the
 * provider authorised (409 total_changed either way); a gift-card payment must leave nothing to pay.
 */
function amountDueFor(payment: OrderPayment, totals: CartTotals, review: ReviewChoices): number {
  if (review.reviewedTotal != null && review.reviewedTotal !== totals.orderTotal)
    throw new HttpError(409, "total_changed", "checkout.error.totalChanged");
  const amountDue = totals.paymentTotal;
  if (payment.authorisedAmount !== null && payment.authorisedAmount !== amountDue)
    throw new HttpError(409, "total_changed", "checkout.error.totalChanged");
  if (payment.gateway === "giftcard" && amountDue > 0)
    throw new HttpError(409, "giftcard_insufficient", "checkout.error.giftcardInsufficient");
  return amountDue;
}

/** The order as the checkout stands: its totals, addresses, and one shipment per chosen package. */
function orderDraft(
  state: CheckoutState,
  shopper: Shopper,
  paid: { payment: OrderPayment; review: ReviewChoices; giftCardsUsed: GiftCardCharge[]; amountDue: number },
): OrderDraft {
  const { payment, review, giftCardsUsed, amountDue } = paid;
  const { session, priced } = state;
  const { totals } = priced;
  const billing = session.billingAddress ?? session.deliveryAddress ?? {};
  const lineTotals = new Map(totals.lines.map((line) => [line.lineId, line]));
  const applied = totals.coupons.filter((coupon) => coupon.applied);
  return {
    order: {
      userId: shopper.user?.id ?? null,
      cartId: state.cartId,
      market: shopper.market.code,
      locale: shopper.locale,
      currency: priced.currency,
      email: session.email ?? "",
      phone: session.deliveryAddress?.phone ?? billing.phone ?? "",
      billingAddress: billing,
      deliveryAddress: session.deliveryAddress ?? {},
      comment: session.comment,
      goodsTotal: totals.cartTotalAmount,
      discountTotal: totals.discount,
      voucherTotal: totals.coupons.reduce((sum, c) => sum + c.amount, 0),
      deliveryTotal: totals.delivery.unitPrice,
      paymentFee: totals.paymentFee,
      vatTotal: totals.paymentTotalVat,
      total: totals.orderTotal,
      giftCardTotal: totals.orderTotal - amountDue,
      amountDue,
      paymentGateway: payment.gateway,
      paymentMethod: payment.method,
      paymentReference: payment.reference,
      coupons: applied.map((c) => ({ code: c.code, amount: c.amount })),
      giftCards: giftCardsUsed,
      subscribeNewsletters: review.subscribeNewsletters,
      source: review.source,
      device: review.device,
    },
    shipments: state.packages.flatMap((pkg, index) => {
      const choice = state.choices.get(pkg.key);
      if (!choice) return [];
      const { method } = choice;
      const lines = priced.charged.filter((line) => pkg.lineIds.includes(line.row.line_id));
      return [
        {
          supplierId: pkg.supplierId,
          supplierName: pkg.supplierName,
          deliveryMethodId: method.id,
          deliveryMethodName: translate(method.name, shopper.locale),
          infoText: translate(method.infoText, shopper.locale),
          minDays: method.minDays,
          maxDays: method.maxDays,
          deliveryCost: totals.deliveryPerPackage[index] ?? 0,
          dropPointId: choice.dropPointId,
          lines: lines.map((line) => {
            const t = lineTotals.get(line.row.line_id);
            return {
              productId: line.row.product_id,
              sizeId: line.row.size_id,
              productName: line.row.name,
              productBrand: line.row.brand,
              productUrl: line.row.relative_url,
              imageUrl: productImageUrl(line.row.product_id),
              sizeName: line.row.size_name,
              quantity: line.quantity,
              unitPrice: line.row.price ?? 0,
              unitRrp: Math.max(line.row.rrp ?? 0, line.row.price ?? 0),
              vatRate: line.row.is_giftcard ? 0 : shopper.market.vatRate,
              lineTotal: t?.lineTotal ?? 0,
              lineTotalRrp: t?.lineTotalRrp ?? 0,
              packageParts: line.row.package_parts,
              sublines: [
                ...(line.row.parts ?? []).map((part) => ({
                  product: part.size ? `${part.name} (${part.size})` : part.name,
                  product_id: part.product_id,
                  image_url: productImageUrl(part.product_id),
                  total: 0,
                })),
                ...line.sublines.map((sub) => ({
                  product: sub.product,
                  product_id: null,
                  image_url: null,
                  total: sub.unitPrice * line.quantity,
                })),
              ],
            };
          }),
        },
      ];
    }),
  };
}
