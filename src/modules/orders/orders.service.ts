import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import { OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import type { WebhookEvents } from "#modules/webhooks/webhooks.service.ts";
import { carrierOf } from "./carriers.ts";
import { orderIdOf, orderNumber } from "./order-numbers.ts";
import { returnsOfOrders } from "./order-returns.read.ts";
import type { OrderListOutput, OrderOutput } from "./orders.contract.ts";
import { orderLines, orderShipments, orders } from "./orders.schema.ts";
import { RETURN_WINDOW_DAYS, type ReturnOutput } from "./returns.contract.ts";

export { ORDER_PREFIX, orderIdOf, orderNumber } from "./order-numbers.ts";
/** The guest's read-only page of an order, opened by its token (the confirmation mail's link). */
export const orderViewPath = (token: string) => `/orders/view/?token=${token}`;

const fail = (status: number, code: string, message: string): never => {
  throw new HttpError(status, code, message);
};

/** The order a payment reference already placed, if any: replays and late results find it here. */
export async function findOrderByPaymentReference(db: Db | Tx, reference: string) {
  const [order] = await db
    .select({ id: orders.id, token: orders.token, cartId: orders.cartId })
    .from(orders)
    .where(eq(orders.paymentReference, reference));
  return order;
}

/** The order a receipt's token names, if any; who may see it is the receipt's question. */
export async function findOrderByToken(db: Db | Tx, token: string) {
  const [order] = await db.select().from(orders).where(eq(orders.token, token));
  return order;
}

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** An order's packages and lines, each in the order they were written. */
export async function orderParts(db: Db | Tx, orderId: number) {
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

const ACTIVE = ["placed", "shipped"];

/** An order in the member area's shape (the Order and Order line entities). */
export function shapeOrder(
  order: OrderRow,
  shipments: ShipmentRow[],
  lines: LineRow[],
  returns: ReturnOutput[] = [],
): OrderOutput {
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
    coupons: order.coupons.map((c) => ({ code: c.code, amount: amount(c.amount) })),
    giftcards: order.giftCards.map((card) => ({ code: `…${card.last4}`, amount: amount(card.amount) })),
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
      carrier: shipment.carrier ? (carrierOf(shipment.carrier)?.name ?? shipment.carrier) : null,
      tracking_number: shipment.trackingNumber,
      delivered_at: shipment.deliveredAt ? Math.floor(shipment.deliveredAt.getTime() / 1000) : null,
      ...(shipment.supplierName === OWN_SUPPLIER
        ? {
            returns_url: returnsPagePath(order.id),
            returnable_until: shipment.deliveredAt
              ? Math.floor(shipment.deliveredAt.getTime() / 1000) + RETURN_WINDOW_DAYS * 86_400
              : null,
          }
        : {}),
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
    returns,
  };
}

/** The page where a member returns goods of an order (decision 0034). */
export const returnsPagePath = (orderId: number) => `/account/orders/returns/new/?id=${orderNumber(orderId)}`;

/** `GET /v1.1/orders/`: the member's orders, newest first, split into active and completed. */
export async function listOrders(db: Db, userId: number): Promise<OrderListOutput> {
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
  const returns = await returnsOfOrders(db, ids);
  const shaped = rows.map((order) =>
    shapeOrder(
      order,
      shipments.filter((s) => s.orderId === order.id),
      lines.filter((l) => l.orderId === order.id),
      returns.get(order.id) ?? [],
    ),
  );
  return {
    active_orders: shaped.filter((o) => ACTIVE.includes(o.status)),
    completed_orders: shaped.filter((o) => !ACTIVE.includes(o.status)),
  };
}

/**
 * The member's own order by its number (ST…, any case); a number that names no order of theirs —
 * another member's, a guest's, none at all, or no number — is 404 invalid_id, the same answer for all.
 */
export async function ownOrder(db: Db, userId: number, number: string): Promise<OrderRow> {
  const id = orderIdOf(number);
  const [order] = id
    ? await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    : [];
  if (!order) return fail(404, "invalid_id", "orders.error.notFound");
  return order;
}

/** `GET /v1.1/orders/{order_number}/`: the owner's order; anyone else is told invalid_id. */
export async function getOrder(db: Db, userId: number, number: string): Promise<OrderOutput> {
  const order = await ownOrder(db, userId, number);
  const [{ shipments, lines }, returns] = await Promise.all([
    orderParts(db, order.id),
    returnsOfOrders(db, [order.id]),
  ]);
  return shapeOrder(order, shipments, lines, returns.get(order.id) ?? []);
}

/** The order with its packages and lines, for the confirmation mail. */
export async function orderForMail(db: Db | Tx, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  return { order, ...(await orderParts(db, orderId)) };
}

/**
 * order.created for the operator's systems (decision 0054): the order as the member area shows it,
 * with the market, language and the buyer's e-mail an ERP needs. Read only when an endpoint wants it.
 */
export async function queueOrderCreatedEvent(tx: Tx, events: WebhookEvents, orderId: number): Promise<void> {
  await events.emit(tx, "order.created", async () => {
    const found = await orderForMail(tx, orderId);
    if (!found) throw new Error(`Order ${orderId} is not there to tell of.`);
    const { order, shipments, lines } = found;
    return {
      ...shapeOrder(order, shipments, lines),
      market: order.market,
      locale: order.locale,
      email: order.email,
    };
  });
}

export async function markConfirmationSent(db: Db, orderId: number) {
  await db.update(orders).set({ confirmationSentAt: new Date() }).where(eq(orders.id, orderId));
}

/**
 * Once a member has proven an address (the sign-up's validation link), the orders placed as a guest
 * with that address become theirs: the receipt's "create an account" ends here. Each of those
 * orders' confirmations went to that very mailbox, so nothing is shown that its owner could not
 * already read (decision 0038). Orders of another account and anonymised ones are never touched.
 */
export async function attachGuestOrders(db: Db | Tx, user: { id: number; email: string }): Promise<number> {
  const email = user.email.trim().toLowerCase();
  if (email === "" || email === ANONYMISED_EMAIL) return 0;
  const attached = await db
    .update(orders)
    .set({ userId: user.id })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${email}`))
    .returning({ id: orders.id });
  return attached.length;
}

/** What an anonymised order keeps of its addresses: the country, which the bookkeeping (VAT) needs. */
export const ANONYMISED_EMAIL = "deleted-member@invalid";

/**
 * Account deletion step: the member's orders stay for the bookkeeping, but no longer name anyone —
 * e-mail, phone, names and addresses are replaced and the link to the account is removed.
 */
export async function anonymiseMemberOrders(tx: Db | Tx, userId: number): Promise<void> {
  const owned = await tx
    .select({ id: orders.id, billing: orders.billingAddress, delivery: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.userId, userId));
  for (const order of owned) {
    await tx
      .update(orders)
      .set({
        userId: null,
        email: ANONYMISED_EMAIL,
        phone: "",
        comment: "",
        billingAddress: order.billing.country ? { country: order.billing.country } : {},
        deliveryAddress: order.delivery.country ? { country: order.delivery.country } : {},
      })
      .where(eq(orders.id, order.id));
  }
}

/** For the member's data export: their orders with lines, amounts in major units. */
export async function exportMemberOrders(db: Db, userId: number) {
  const owned = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
  const lines = owned.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            owned.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  return owned.map((o) => ({
    number: orderNumber(o.id),
    placed_at: o.createdAt.toISOString(),
    status: o.status,
    currency: o.currency,
    total: toAmount(o.total, o.currency),
    email: o.email,
    phone: o.phone,
    billing_address: o.billingAddress as Record<string, string>,
    delivery_address: o.deliveryAddress as Record<string, string>,
    comment: o.comment,
    payment_method: o.paymentMethod,
    subscribe_newsletters: o.subscribeNewsletters,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        product_id: l.productId,
        name: l.productName,
        brand: l.productBrand,
        size: l.sizeName,
        quantity: l.quantity,
        line_total: toAmount(l.lineTotal, o.currency),
      })),
  }));
}
