import crypto from "node:crypto";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import { findCartId } from "#modules/cart/cart-owner.ts";
import { productTitle } from "#modules/catalog/product-name.ts";
import { findOrderByToken, orderNumber, orderParts } from "#modules/orders/orders.service.ts";
import { addressOutput } from "./checkout-address.service.ts";
import type { Shopper } from "./checkout-state.ts";
import type { ReceiptOutput } from "./receipt.contract.ts";

type OrderParts = Awaited<ReturnType<typeof orderParts>>;

const shipmentOutput = (shipment: OrderParts["shipments"][number], lines: OrderParts["lines"]) => ({
  supplier_name: shipment.supplierName,
  delivery_method: shipment.deliveryMethodName,
  info_text: shipment.infoText,
  delivery_time: { min_days: shipment.minDays, max_days: shipment.maxDays },
  droppoint: shipment.pickupAddress,
  products_quantity: lines
    .filter((l) => l.shipmentId === shipment.id)
    .reduce((sum, l) => sum + l.quantity, 0),
});

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/**
 * The customer's contact data as the tag manager's enhanced conversions hash it: the e-mail trimmed
 * and in lower case, the phone in E.164 form (`+4520304050`: no spaces or punctuation, `00` read as
 * `+`). Only the hashes leave the shop, and only with marketing consent (decision 0045).
 */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();
export const normalisedPhone = (phone: string) => {
  const compact = phone.trim().replace(/[\s().\-/]/g, "");
  return compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
};

/**
 * `GET /checkout/receipt_data/?token=`: only for the shopper who placed it (their bag or account);
 * any other token answers 404 like an unknown one.
 */
export async function receiptData(
  db: Db,
  shopper: Shopper,
  token: string,
  survey: { merchantId: string | null },
): Promise<ReceiptOutput> {
  const order = await findOrderByToken(db, token);
  const cartId = await findCartId(db, shopper.owner);
  const mine =
    order &&
    ((shopper.user && order.userId === shopper.user.id) || (cartId !== null && order.cartId === cartId));
  if (!order || !mine) throw new HttpError(404, "invalid_token", "checkout.error.receiptNotFound");
  const { shipments, lines } = await orderParts(db, order.id);
  const [main, ...additional] = shipments;
  const amount = (minor: number) => toAmount(minor, order.currency);
  const latest = Math.max(...shipments.map((s) => s.maxDays), 0);
  return {
    order_id: order.id,
    order_number: orderNumber(order.id),
    created_at: order.createdAt.toISOString(),
    billing_address: addressOutput(order.billingAddress, shopper.locale, order.email),
    delivery_address: addressOutput(order.deliveryAddress, shopper.locale, order.email),
    customer_info: { email: order.email, phone: order.phone },
    main_supplier: main ? shipmentOutput(main, lines) : null,
    additional_suppliers: additional.map((s) => shipmentOutput(s, lines)),
    currency: order.currency,
    totals: {
      goods: amount(order.goodsTotal),
      delivery: amount(order.deliveryTotal),
      payment_fee: amount(order.paymentFee),
      vat: amount(order.vatTotal),
      total: amount(order.total),
      gift_cards: amount(order.giftCardTotal),
      amount_due: amount(order.amountDue),
    },
    payment_method: order.paymentMethod,
    guest: order.userId === null,
    lines: lines.map((line) => ({
      line_id: line.id,
      product_id: line.productId,
      name: productTitle(line.productBrand, line.productName),
      size: line.sizeName,
      quantity: line.quantity,
      line_total: amount(line.lineTotal),
      image_url: line.imageUrl,
      url: line.productUrl,
      sublines: line.sublines.map((sub) => sub.product),
    })),
    items: lines.map((line) => ({
      item_id: String(line.productId),
      item_name: line.productName,
      item_brand: line.productBrand,
      item_variant: line.sizeName,
      price: amount(line.unitPrice),
      quantity: line.quantity,
    })),
    user_data: {
      sha256_email_address: sha256(normalisedEmail(order.email)),
      sha256_phone_number: order.phone ? sha256(normalisedPhone(order.phone)) : null,
    },
    google_surveyoptin: survey.merchantId
      ? {
          merchant_id: survey.merchantId,
          order_id: orderNumber(order.id),
          email: order.email,
          delivery_country: shopper.market.countryCode,
          estimated_delivery_date: new Date(order.createdAt.getTime() + latest * 86_400_000)
            .toISOString()
            .slice(0, 10),
        }
      : null,
  };
}
