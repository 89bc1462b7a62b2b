import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { toAmount } from "#kernel/money.ts";
import type { Outbox } from "#modules/jobs/job-queue.ts";
import { type MailOutbox, mailOutbox } from "#modules/mail/mail-outbox.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { recordShipmentCancel, recordShipmentCapture } from "#modules/payments/payment-captures.service.ts";
import { putBackStock } from "#modules/product/stock-alerts.service.ts";
import { type WebhookEvents, webhookOutbox } from "#modules/webhooks/webhooks.service.ts";
import { type Carrier, carrierOf, TRACKING_NUMBER } from "./carriers.ts";
import { orderIdOf, orderNumber } from "./order-numbers.ts";
import { orderLines, orderShipments, orders, shipmentEvents } from "./orders.schema.ts";
import type { ShipmentChangeOutput, ShipmentStatus } from "./shipment-lifecycle.contract.ts";
import { renderShipmentCancelled, renderShipmentShipped } from "./shipment-mail.ts";

/** What the operator does to a package (decision 0033). */
export type ShipmentAction = "pack" | "ship" | "deliver" | "cancel";
export const SHIPMENT_ACTIONS = ["pack", "ship", "deliver", "cancel"] as const;

/** Who made a change: the operator API or the pitchside command. */
export type ChangeSource = "api" | "cli";

/**
 * What a status change needs besides the database: the outbox for its mail and its webhook events,
 * and the shop's addresses.
 */
export interface LifecycleDeps {
  mail: MailOutbox;
  events: WebhookEvents;
  publicUrlFor: PublicUrlFor;
  /** Where a provider's capture, refund or cancel (payment_captures) is queued. */
  outbox: Outbox;
}

export function lifecycleDeps(outbox: Outbox, publicUrlFor: PublicUrlFor): LifecycleDeps {
  return { mail: mailOutbox(outbox), events: webhookOutbox(outbox), publicUrlFor, outbox };
}

const refused = (code: string, message: string): never => {
  throw new HttpError(409, code, message);
};

const TARGET: Record<ShipmentAction, ShipmentStatus> = {
  pack: "packed",
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
};

/**
 * The state machine of decision 0033: where an action takes a package from where it is, or a 409
 * with a code that says why not. The same action again is allowed and changes nothing (`changed:
 * false`); shipping again counts as the same only with the same carrier and tracking number.
 */
export function nextStatus(
  from: ShipmentStatus,
  action: ShipmentAction,
  sameParcel = true,
): { to: ShipmentStatus; changed: boolean } {
  const to = TARGET[action];
  if (from === to && (action !== "ship" || sameParcel)) return { to, changed: false };
  if (from === "cancelled") return refused("shipment_cancelled", "The shipment is cancelled.");
  if (from === "delivered") return refused("shipment_delivered", "The shipment is already delivered.");
  switch (action) {
    case "pack":
      if (from === "placed") return { to, changed: true };
      return refused("shipment_already_shipped", "The shipment has left the warehouse; it cannot be packed.");
    case "ship":
      if (from === "placed" || from === "packed") return { to, changed: true };
      return refused(
        "shipment_already_shipped",
        "The shipment was shipped with another carrier or tracking number.",
      );
    case "deliver":
      if (from === "shipped") return { to, changed: true };
      return refused("shipment_not_shipped", "The shipment has not been shipped yet.");
    case "cancel":
      if (from === "placed" || from === "packed") return { to, changed: true };
      return refused(
        "shipment_already_shipped",
        "The shipment has been shipped; it comes back as a return, not a cancellation.",
      );
  }
}

/**
 * An order's status from its packages': cancelled when every package is, completed when every
 * package is delivered or cancelled, shipped once any package has left, placed before.
 */
export function orderStatusOf(
  statuses: readonly ShipmentStatus[],
): "placed" | "shipped" | "completed" | "cancelled" {
  if (statuses.length === 0) return "placed";
  if (statuses.every((s) => s === "cancelled")) return "cancelled";
  if (statuses.every((s) => s === "delivered" || s === "cancelled")) return "completed";
  if (statuses.some((s) => s === "shipped" || s === "delivered")) return "shipped";
  return "placed";
}

export interface ShipmentChange {
  /** ST…, as the shopper sees it. */
  orderNumber: string;
  /** The package: its supplier's name ("Warehouse" is the shop's own; any case) or its id. */
  shipment: string;
  action: ShipmentAction;
  carrier?: string;
  trackingNumber?: string;
  source: ChangeSource;
}

function shipInput(change: ShipmentChange): { carrier: Carrier; trackingNumber: string } {
  const fields: Record<string, string[]> = {};
  const carrier = change.carrier ? carrierOf(change.carrier) : undefined;
  const trackingNumber = change.trackingNumber?.trim() ?? "";
  if (!carrier) fields.carrier = ["Unknown carrier."];
  if (!TRACKING_NUMBER.test(trackingNumber)) fields.tracking_number = ["4 to 40 letters, digits or hyphens."];
  if (!carrier || Object.keys(fields).length)
    throw new HttpError(400, "validation_failed", "Some fields are not valid.", fields);
  return { carrier, trackingNumber };
}

/** The order (locked, so that two changes to its packages follow each other) and the named package. */
async function lockedShipment(tx: Tx, number: string, shipment: string) {
  const orderId = orderIdOf(number);
  const [order] = orderId ? await tx.select().from(orders).where(eq(orders.id, orderId)).for("update") : [];
  if (!order) throw new HttpError(404, "order_not_found", "There is no such order.");
  const shipments = await tx
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, order.id))
    .orderBy(asc(orderShipments.id));
  const wanted = shipment.trim();
  const found = /^\d{1,10}$/.test(wanted)
    ? shipments.find((s) => s.id === Number(wanted))
    : shipments.find((s) => s.supplierName.toLowerCase() === wanted.toLowerCase());
  if (!found) throw new HttpError(404, "shipment_not_found", "The order has no such shipment.");
  return { order, shipments, shipment: found };
}

/**
 * Packs, ships, delivers or cancels one package of an order, in one transaction: the change is
 * checked against the state machine, recorded once in shipment_events with its time, the order's
 * status follows its packages', shipping and cancelling mail the shopper (queued in the same
 * transaction), and cancelling puts the package's goods back in stock. Doing the same again answers
 * the package as it is, with no event, no mail and `changed: false`.
 */
export async function changeShipment(
  db: Db,
  deps: LifecycleDeps,
  change: ShipmentChange,
): Promise<ShipmentChangeOutput> {
  const parcel = change.action === "ship" ? shipInput(change) : null;
  return db.transaction(async (tx) => {
    const { order, shipments, shipment } = await lockedShipment(tx, change.orderNumber, change.shipment);
    const sameParcel =
      !parcel ||
      (shipment.carrier === parcel.carrier.code && shipment.trackingNumber === parcel.trackingNumber);
    const { to, changed } = nextStatus(shipment.status, change.action, sameParcel);
    let current = shipment;
    let orderStatus = order.status;
    if (changed) {
      const now = new Date();
      const [updated] = await tx
        .update(orderShipments)
        .set({
          status: to,
          ...(parcel
            ? {
                carrier: parcel.carrier.code,
                trackingNumber: parcel.trackingNumber,
                trackAndTrace: parcel.carrier.trackingUrl(parcel.trackingNumber),
              }
            : {}),
          ...(to === "delivered" ? { deliveredAt: now } : {}),
        })
        .where(eq(orderShipments.id, shipment.id))
        .returning();
      current = updated ?? shipment;
      await tx.insert(shipmentEvents).values({
        shipmentId: shipment.id,
        orderId: order.id,
        fromStatus: shipment.status,
        toStatus: to,
        carrier: parcel?.carrier.code ?? null,
        trackingNumber: parcel?.trackingNumber ?? null,
        source: change.source,
        createdAt: now,
      });
      orderStatus = orderStatusOf(shipments.map((s) => (s.id === shipment.id ? to : s.status)));
      if (orderStatus !== order.status)
        await tx.update(orders).set({ status: orderStatus }).where(eq(orders.id, order.id));
      if (to === "shipped" || to === "cancelled") {
        const orderLinesAll = await tx
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.id));
        const lines = orderLinesAll.filter((line) => line.shipmentId === shipment.id);
        const shareOf = (s: { id: number; deliveryCost: number }) =>
          packageShare(order, {
            goods: orderLinesAll
              .filter((line) => line.shipmentId === s.id)
              .reduce((sum, line) => sum + line.lineTotal, 0),
            delivery: s.deliveryCost,
          });
        const publicUrl = deps.publicUrlFor(order.market);
        if (to === "shipped" && parcel) {
          const mail = renderShipmentShipped(
            { order, shipment: current, lines, carrierName: parcel.carrier.name },
            publicUrl,
          );
          await deps.mail.queue(tx, { to: order.email, ...mail });
          // A provider-paid order is charged as its goods leave: this package's share is captured.
          const others = shipments.filter((s) => s.id !== shipment.id);
          const stillOpen = others.some(
            (s) => s.status !== "cancelled" && s.status !== "shipped" && s.status !== "delivered",
          );
          await recordShipmentCapture(tx, deps.outbox, order, {
            id: shipment.id,
            amount: shareOf(shipment),
            last: !stillOpen,
            released: others.filter((s) => s.status === "cancelled").reduce((sum, s) => sum + shareOf(s), 0),
          });
        } else {
          // Goods that never left the warehouse are on the shelf again at once.
          await putBackStock(tx, deps.mail, deps.publicUrlFor, stockOfLines(lines));
          // Money already taken for it goes back (Adyen); a whole order cancelled lets go of the rest.
          const money = await recordShipmentCancel(tx, deps.outbox, order, {
            id: shipment.id,
            amount: shareOf(shipment),
            orderCancelled: orderStatus === "cancelled",
          });
          const refunded = money?.kind === "refund" ? money.amount : null;
          const mail = renderShipmentCancelled({ order, shipment: current, lines, refunded }, publicUrl);
          await deps.mail.queue(tx, { to: order.email, ...mail });
        }
      }
    }
    const output = {
      order_number: orderNumber(order.id),
      order_status: orderStatus,
      changed,
      shipment: {
        id: current.id,
        supplier: current.supplierName,
        status: current.status,
        carrier: current.carrier,
        tracking_number: current.trackingNumber,
        track_and_trace: current.trackAndTrace,
      },
    };
    if (changed) {
      const { changed: _changed, ...event } = output;
      await deps.events.emit(tx, "shipment.updated", { ...event, previous_status: shipment.status });
      if (orderStatus === "cancelled" && order.status !== "cancelled")
        await deps.events.emit(tx, "order.cancelled", {
          order_number: output.order_number,
          market: order.market,
          currency: order.currency,
          total: toAmount(order.total, order.currency),
        });
    }
    return output;
  });
}

/**
 * What a package is worth of the amount the payment method paid: its goods and delivery, scaled down
 * by what vouchers and gift cards took off the whole order (spread in proportion); the payment fee
 * stays with the order. Minor units, never more than the package's own goods and delivery.
 */
export function packageShare(
  order: { goodsTotal: number; deliveryTotal: number; paymentFee: number; amountDue: number },
  pkg: { goods: number; delivery: number },
): number {
  const own = pkg.goods + pkg.delivery;
  const whole = order.goodsTotal + order.deliveryTotal + order.paymentFee;
  if (own <= 0 || whole <= 0) return 0;
  return Math.max(0, Math.min(own, Math.round((own * order.amountDue) / whole)));
}

/** The sizes a line took from stock (a package's parts each, else the line's own size), `quantity` times. */
export function stockOfLines(
  lines: readonly {
    sizeId: number | null;
    quantity: number;
    packageParts: { size_id: number | null }[] | null;
  }[],
): { sizeId: number; quantity: number }[] {
  return lines.flatMap((line) =>
    (line.packageParts?.map((part) => part.size_id) ?? [line.sizeId])
      .filter((sizeId): sizeId is number => sizeId !== null)
      .map((sizeId) => ({ sizeId, quantity: line.quantity })),
  );
}

/** The recorded changes of an order's packages, oldest first (for tests and support). */
export async function shipmentHistory(db: Db | Tx, orderId: number) {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.orderId, orderId))
    .orderBy(asc(shipmentEvents.id));
}
