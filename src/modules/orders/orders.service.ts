import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import { cartGiftCards, cartLines, cartVouchers } from "#modules/cart/cart.schema.ts";
import { findCartId } from "#modules/cart/cart.service.ts";
import { vouchers } from "#modules/cart/vouchers.schema.ts";
import { maskedGiftCard } from "#modules/cart/vouchers.service.ts";
import { productSizes } from "#modules/catalog/catalog.schema.ts";
import { productImageUrl, toAmount, translate } from "#modules/catalog/catalog.service.ts";
import { checkoutSessions, dropPoints } from "#modules/checkout/checkout.schema.ts";
import {
  addressOutput,
  checkoutState,
  readinessProblem,
  type Shopper,
} from "#modules/checkout/checkout.service.ts";
import { captureAttempt, newPaymentReference } from "#modules/payments/payments.service.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { orderLines, orderShipments, orders, type PickupAddress } from "./orders.schema.ts";

/** Orders are shown as ST followed by their id. */
export const ORDER_PREFIX = "ST";
export const orderNumber = (id: number) => `${ORDER_PREFIX}${id}`;

export interface OrderPayment {
  gateway: "test-card" | "test-bnpl" | "giftcard" | "cod";
  method: string;
  /** The merchant reference of a provider payment: one order per reference. */
  reference: string | null;
  /** What the provider authorised (minor units); the order's amount due must equal it. */
  authorisedAmount: number | null;
  /** The provider's authorised attempt, captured with the order. */
  attemptId?: number;
}

export interface PlacedOrder {
  id: number;
  token: string;
  created: boolean;
}

const fail = (status: number, code: string, message: string): never => {
  throw new HttpError(status, code, message);
};

/**
 * Places the order in one transaction: the bag is locked (so a replayed payment result waits, then
 * finds the order), its gift cards locked, the bag priced again, every size's stock locked in id
 * order and taken, vouchers counted, gift cards charged, and the order written with one shipment per
 * package. Anything refused rolls all of it back. See decision 0017 for when stock is held.
 */
export async function placeOrder(
  db: Db,
  shopper: Shopper,
  cartId: number,
  payment: OrderPayment,
  review: { subscribeNewsletters: boolean; source: string; device: string },
): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from carts where id = ${cartId} for update`);
    if (payment.reference) {
      const [existing] = await tx
        .select({ id: orders.id, token: orders.token })
        .from(orders)
        .where(eq(orders.paymentReference, payment.reference));
      if (existing) return { ...existing, created: false };
    }
    // Gift cards first: their balances are then read by the pricing below under the lock.
    await tx.execute(sql`
      select g.id from gift_cards g join cart_gift_cards cg on cg.gift_card_id = g.id
       where cg.cart_id = ${cartId} order by g.id for update of g`);
    const state = await checkoutState(tx, cartId, shopper);
    const problem = readinessProblem(state);
    if (problem) throw problem;
    const { prepared, totals, currency } = state.priced;
    if (prepared.some((line) => line.soldOut || line.quantity < line.row.quantity))
      fail(409, "stock_changed", "checkout.error.stockChanged");

    // Stock: every size the order takes, locked in one fixed order so that orders never deadlock.
    const needed = new Map<number, number>();
    for (const line of state.priced.charged) {
      const sizes = line.row.package_parts?.map((part) => part.size_id) ?? [line.row.size_id];
      for (const sizeId of sizes)
        if (sizeId !== null) needed.set(sizeId, (needed.get(sizeId) ?? 0) + line.quantity);
    }
    const sizeIds = [...needed.keys()].sort((a, b) => a - b);
    const locked = sizeIds.length
      ? await tx
          .select({ id: productSizes.id, stock: productSizes.stock })
          .from(productSizes)
          .where(inArray(productSizes.id, sizeIds))
          .orderBy(asc(productSizes.id))
          .for("update")
      : [];
    for (const row of locked) {
      if (row.stock < (needed.get(row.id) ?? 0)) fail(409, "out_of_stock", "checkout.error.outOfStock");
    }
    if (locked.length !== sizeIds.length) fail(409, "out_of_stock", "checkout.error.outOfStock");
    for (const sizeId of sizeIds)
      await tx.execute(
        sql`update product_sizes set stock = stock - ${needed.get(sizeId)} where id = ${sizeId}`,
      );

    // Vouchers: counted once per order, never beyond their limit.
    const applied = totals.coupons.filter((coupon) => coupon.applied).map((coupon) => coupon.code);
    if (applied.length) {
      const rows = await tx
        .select({ id: vouchers.id, usageLimit: vouchers.usageLimit, usedCount: vouchers.usedCount })
        .from(vouchers)
        .where(inArray(vouchers.code, applied))
        .orderBy(asc(vouchers.id))
        .for("update");
      for (const row of rows) {
        if (row.usageLimit !== null && row.usedCount >= row.usageLimit)
          fail(409, "voucher_used_up", "voucher.error.usedUp");
        await tx.execute(sql`update vouchers set used_count = used_count + 1 where id = ${row.id}`);
      }
    }

    // Gift cards pay their part; what they pay is taken from their balance.
    const cardRows = (await tx.execute(sql`
      select g.id, g.last4 from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
       where cg.cart_id = ${cartId}`)) as unknown as { rows: { id: number; last4: string }[] };
    const giftCardsUsed: { id: number; last4: string; amount: number }[] = [];
    for (const card of totals.giftCards) {
      const row = cardRows.rows.find((r) => maskedGiftCard(r.last4) === card.code);
      if (!row || card.amount === 0) continue;
      await tx.execute(sql`update gift_cards set balance = balance - ${card.amount} where id = ${row.id}`);
      giftCardsUsed.push({ id: row.id, last4: row.last4, amount: card.amount });
    }

    // What the payment method is charged must be what the provider authorised.
    const amountDue = totals.paymentTotal;
    if (payment.authorisedAmount !== null && payment.authorisedAmount !== amountDue)
      fail(409, "total_changed", "checkout.error.totalChanged");
    if (payment.gateway === "giftcard" && amountDue > 0)
      fail(409, "giftcard_insufficient", "checkout.error.giftcardInsufficient");

    const session = state.session;
    const billing = session.billingAddress ?? session.deliveryAddress ?? {};
    const [order] = await tx
      .insert(orders)
      .values({
        userId: shopper.user?.id ?? null,
        cartId,
        market: shopper.market.code,
        locale: shopper.locale,
        currency,
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
        coupons: totals.coupons.filter((c) => c.applied).map((c) => ({ code: c.code, amount: c.amount })),
        giftCards: giftCardsUsed,
        subscribeNewsletters: review.subscribeNewsletters,
        source: review.source,
        device: review.device,
      })
      .returning({ id: orders.id, token: orders.token });
    const orderId = (order as { id: number }).id;
    if (payment.attemptId) await captureAttempt(tx, payment.attemptId);

    const pointIds = [...state.choices.values()]
      .map((c) => c?.dropPointId)
      .filter((id): id is number => !!id);
    const points = pointIds.length
      ? await tx.select().from(dropPoints).where(inArray(dropPoints.id, pointIds))
      : [];
    const lineTotals = new Map(totals.lines.map((line) => [line.lineId, line]));
    for (const [index, pkg] of state.packages.entries()) {
      const choice = state.choices.get(pkg.key);
      if (!choice) continue;
      const { method } = choice;
      const point = points.find((p) => p.id === choice.dropPointId);
      const pickup: PickupAddress | null = point
        ? {
            id: point.id,
            name: point.name,
            street: point.street,
            street2: point.street2,
            zip: point.zipcode,
            city: point.city,
          }
        : null;
      const [shipment] = await tx
        .insert(orderShipments)
        .values({
          orderId,
          supplierId: pkg.supplierId,
          supplierName: pkg.supplierName,
          deliveryMethodId: method.id,
          deliveryMethodName: translate(method.name, shopper.locale),
          infoText: translate(method.infoText, shopper.locale),
          minDays: method.minDays,
          maxDays: method.maxDays,
          pickupAddress: pickup,
          deliveryCost: totals.deliveryPerPackage[index] ?? 0,
        })
        .returning({ id: orderShipments.id });
      const shipmentId = (shipment as { id: number }).id;
      const lines = state.priced.charged.filter((line) => pkg.lineIds.includes(line.row.line_id));
      if (lines.length)
        await tx.insert(orderLines).values(
          lines.map((line) => {
            const t = lineTotals.get(line.row.line_id);
            return {
              orderId,
              shipmentId,
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
        );
    }

    // The bag is emptied; the addresses stay for the next order, the rest starts again.
    await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
    await tx.delete(cartVouchers).where(eq(cartVouchers.cartId, cartId));
    await tx.delete(cartGiftCards).where(eq(cartGiftCards.cartId, cartId));
    await tx
      .update(checkoutSessions)
      .set({
        delivery: {},
        paymentMethodId: null,
        comment: "",
        paymentReference: newPaymentReference(),
        authorizationToken: null,
        review: null,
        updatedAt: new Date(),
      })
      .where(eq(checkoutSessions.cartId, cartId));
    return { id: orderId, token: (order as { token: string }).token, created: true };
  });
}

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

async function orderParts(db: Db | Tx, orderId: number) {
  const [shipments, lines] = await Promise.all([
    db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.id)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
  ]);
  return { shipments, lines };
}

const shipmentOutput = (shipment: ShipmentRow, lines: LineRow[]) => ({
  supplier_name: shipment.supplierName,
  delivery_method: shipment.deliveryMethodName,
  info_text: shipment.infoText,
  delivery_time: { min_days: shipment.minDays, max_days: shipment.maxDays },
  droppoint: shipment.pickupAddress,
  products_quantity: lines
    .filter((l) => l.shipmentId === shipment.id)
    .reduce((sum, l) => sum + l.quantity, 0),
});

const hashed = (value: string) =>
  crypto.createHash("sha256").update(value.trim().toLowerCase()).digest("hex");

/**
 * `GET /checkout/receipt_data/?token=`: only for the shopper who placed it (their bag or account);
 * any other token answers 404 like an unknown one.
 */
export async function receiptData(
  db: Db,
  shopper: Shopper,
  token: string,
  survey: { merchantId: string | null },
) {
  const [order] = await db.select().from(orders).where(eq(orders.token, token));
  const cartId = await findCartId(db, shopper.owner);
  const mine =
    order &&
    ((shopper.user && order.userId === shopper.user.id) || (cartId !== null && order.cartId === cartId));
  if (!order || !mine) return fail(404, "invalid_token", "checkout.error.receiptNotFound");
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
    items: lines.map((line) => ({
      item_id: String(line.productId),
      item_name: line.productName,
      item_brand: line.productBrand,
      item_variant: line.sizeName,
      price: amount(line.unitPrice),
      quantity: line.quantity,
    })),
    user_data: {
      sha256_email_address: hashed(order.email),
      sha256_phone_number: order.phone ? hashed(order.phone) : null,
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

const ACTIVE = ["placed", "shipped"];

/** An order in the member area's shape (the Order and Order line entities). */
function orderOutput(order: OrderRow, shipments: ShipmentRow[], lines: LineRow[]) {
  const amount = (minor: number) => toAmount(minor, order.currency);
  const main = shipments[0];
  const delivery = order.deliveryAddress;
  return {
    order_number: orderNumber(order.id),
    order_date: Math.floor(order.createdAt.getTime() / 1000),
    currency: order.currency,
    total_order_amount: amount(order.total),
    vat_amount: amount(order.vatTotal),
    delivery_cost: amount(order.deliveryTotal),
    payment_fee: { amount: amount(order.paymentFee) },
    coupons: order.coupons.map((c) => ({ code: c.code })),
    status: order.status,
    delivery_method: {
      is_pickup: main?.pickupAddress != null,
      pickup_address: main?.pickupAddress
        ? {
            name: main.pickupAddress.name,
            street: main.pickupAddress.street,
            address: main.pickupAddress.street,
            street_address2: main.pickupAddress.street2,
            zip: main.pickupAddress.zip,
            city: main.pickupAddress.city,
          }
        : null,
      info_text: main?.infoText ?? "",
      name: main?.deliveryMethodName ?? "",
    },
    delivery_address: {
      name: delivery.name ?? "",
      street_address: [delivery.address, delivery.addr_number].filter(Boolean).join(" "),
      street_address2: delivery.address2 ?? "",
      postal_code: delivery.post_nummer ?? "",
      city: delivery.town ?? "",
    },
    suppliers: shipments.map((shipment) => ({
      supplier: shipment.supplierName,
      status: shipment.status,
      delivery_method: shipment.deliveryMethodName,
      pickup_address: shipment.pickupAddress,
      track_and_trace: shipment.trackAndTrace,
      ...(shipment.supplierName === OWN_SUPPLIER ? { returns_url: "/faq/" } : {}),
      items: lines
        .filter((line) => line.shipmentId === shipment.id)
        .map((line) => ({
          line_id: line.id,
          product: line.productName,
          product_url: line.productUrl,
          product_image_url: line.imageUrl,
          size: line.sizeName,
          quantity: line.quantity,
          total_net_price: amount(line.lineTotal),
          total_recommended_retail_price: amount(line.lineTotalRrp),
          line_net_price: amount(line.unitPrice),
          sublines: line.sublines.map((sub) => ({
            product: sub.product,
            product_id: sub.product_id,
            image_url: sub.image_url,
            total_sale_price: amount(sub.total),
          })),
        })),
    })),
  };
}

/** `GET /v1.1/orders/`: the member's orders, newest first, split into active and completed. */
export async function listOrders(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  const ids = rows.map((o) => o.id);
  const [shipments, lines] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(orderShipments)
          .where(inArray(orderShipments.orderId, ids))
          .orderBy(asc(orderShipments.id)),
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
      ])
    : [[], []];
  const shaped = rows.map((order) =>
    orderOutput(
      order,
      shipments.filter((s) => s.orderId === order.id),
      lines.filter((l) => l.orderId === order.id),
    ),
  );
  return {
    active_orders: shaped.filter((o) => ACTIVE.includes(o.status)),
    completed_orders: shaped.filter((o) => !ACTIVE.includes(o.status)),
  };
}

/** `GET /v1.1/orders/{order_number}/`: the owner's order; anyone else is told invalid_id. */
export async function getOrder(db: Db, userId: number, number: string) {
  const match = /^ST(\d{1,9})$/i.exec(number.trim());
  const [order] = match
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, Number(match[1])), eq(orders.userId, userId)))
    : [];
  if (!order) return fail(404, "invalid_id", "orders.error.notFound");
  const { shipments, lines } = await orderParts(db, order.id);
  return orderOutput(order, shipments, lines);
}

/** The order with its packages and lines, for the confirmation mail. */
export async function orderForMail(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  return { order, ...(await orderParts(db, orderId)) };
}

export async function markConfirmationSent(db: Db, orderId: number) {
  await db.update(orders).set({ confirmationSentAt: new Date() }).where(eq(orders.id, orderId));
}
