import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { fieldErrors, HttpError } from "#kernel/errors.ts";
import { CURRENCIES, toAmount } from "#kernel/money.ts";
import { OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import { recordRefund } from "#modules/payments/payment-captures.service.ts";
import { putBackStock } from "#modules/product/stock-alerts.service.ts";
import { orderIdOf, orderNumber, returnIdOf, returnNumber, slipPath } from "./order-numbers.ts";
import { returnsOfOrders } from "./order-returns.read.ts";
import { orderLines, orderReturnLines, orderReturns, orderShipments, orders } from "./orders.schema.ts";
import { returnSlipPdf } from "./return-slip.ts";
import {
  RETURN_WINDOW_DAYS,
  type ReturnableOutput,
  type ReturnOutput,
  type ReturnReceivedOutput,
  type ReturnRequestInput,
} from "./returns.contract.ts";
import { type ChangeSource, type LifecycleDeps, stockOfLines } from "./shipment-lifecycle.service.ts";
import { orderMailContext, simpleMail } from "./shipment-mail.ts";

const DAY_MS = 86_400_000;

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;

const notFound = (): never => {
  throw new HttpError(404, "invalid_id", "orders.error.notFound");
};

/** The member's own order, or 404 invalid_id (another member's order is not found either). */
async function ownOrder(db: Db | Tx, userId: number, number: string, lock = false) {
  const id = orderIdOf(number);
  if (!id) return notFound();
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  const [order] = lock ? await query.for("update") : await query;
  return order ?? notFound();
}

/** How many of each line of an order are already on a return. */
async function returnedQuantities(db: Db | Tx, orderId: number): Promise<Map<number, number>> {
  const found = await db
    .select({
      lineId: orderReturnLines.orderLineId,
      quantity: sql<number>`sum(${orderReturnLines.quantity})::int`,
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(eq(orderReturns.orderId, orderId))
    .groupBy(orderReturnLines.orderLineId);
  return new Map(found.map((row) => [row.lineId, Number(row.quantity)]));
}

/** The last moment goods of a package delivered then may be returned. */
export const windowEnd = (deliveredAt: Date) => new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);

/** Which packages of an order may take returns: the shop's own warehouse's. */
const isOwn = (shipment: ShipmentRow) => shipment.supplierName === OWN_SUPPLIER;

/**
 * The returns page's data: each line of the order's own-warehouse packages with how many may still
 * go back, the return window, and the order's returns. Owner only (404 invalid_id otherwise).
 */
export async function returnableLines(
  db: Db,
  userId: number,
  number: string,
  now = new Date(),
): Promise<ReturnableOutput> {
  const order = await ownOrder(db, userId, number);
  const [shipments, lines, returned, returns] = await Promise.all([
    db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, order.id))
      .orderBy(asc(orderShipments.id)),
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    returnedQuantities(db, order.id),
    returnsOfOrders(db, [order.id]),
  ]);
  const own = shipments.filter(isOwn);
  const delivered = own.filter((s) => s.status === "delivered" && s.deliveredAt);
  const open = delivered.filter((s) => windowEnd(s.deliveredAt as Date) >= now);
  const shown = lines.filter((line) => open.some((s) => s.id === line.shipmentId));
  const items = shown.map((line) => ({
    line_id: line.id,
    product: line.productName,
    brand: line.productBrand,
    size: line.sizeName,
    image_url: line.imageUrl,
    bought: line.quantity,
    returnable: Math.max(0, line.quantity - (returned.get(line.id) ?? 0)),
    unit_price: toAmount(line.unitPrice, order.currency),
  }));
  const until = delivered
    .map((s) => windowEnd(s.deliveredAt as Date).getTime())
    .reduce<number | null>((latest, t) => (latest === null || t > latest ? t : latest), null);
  const state =
    delivered.length === 0
      ? "not_delivered"
      : open.length === 0
        ? "closed"
        : items.some((item) => item.returnable > 0)
          ? "open"
          : "nothing_left";
  return {
    order_number: orderNumber(order.id),
    currency: order.currency,
    state,
    returnable_until: until === null ? null : Math.floor(until / 1000),
    lines: items,
    returns: returns.get(order.id) ?? [],
  };
}

/**
 * A member returns goods of their order: each line must be of a delivered package of the shop's
 * own warehouse, within RETURN_WINDOW_DAYS of its delivery, and no more than was bought less what
 * is already on a return. The order is locked, so two requests at once cannot both return the
 * same shirt. The return is written, and its slip (a PDF) mailed in the same transaction. Nothing
 * is restocked yet: that waits until the warehouse has the parcel (`receiveReturn`).
 */
export async function requestReturn(
  db: Db,
  deps: LifecycleDeps,
  userId: number,
  number: string,
  input: ReturnRequestInput,
  now = new Date(),
): Promise<ReturnOutput> {
  return db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, number, true);
    const [shipments, lines, returned] = await Promise.all([
      tx.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)),
      tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
      returnedQuantities(tx, order.id),
    ]);
    const errors: { field: string; message: string }[] = [];
    let refusal: HttpError | null = null;
    const seen = new Set<number>();
    input.lines.forEach((wanted, index) => {
      const line = lines.find((l) => l.id === wanted.line_id);
      const shipment = line && shipments.find((s) => s.id === line.shipmentId);
      if (!line || !shipment || seen.has(wanted.line_id)) {
        errors.push({ field: `lines.${index}.line_id`, message: "returns.error.line" });
        return;
      }
      seen.add(wanted.line_id);
      if (!isOwn(shipment)) {
        errors.push({ field: `lines.${index}.line_id`, message: "returns.error.notReturnable" });
        return;
      }
      if (shipment.status !== "delivered" || !shipment.deliveredAt) {
        refusal ??= new HttpError(409, "shipment_not_delivered", "returns.error.notDelivered");
        return;
      }
      if (windowEnd(shipment.deliveredAt) < now) {
        refusal ??= new HttpError(409, "return_window_closed", "returns.error.windowClosed");
        return;
      }
      const left = line.quantity - (returned.get(line.id) ?? 0);
      if (wanted.quantity > left)
        errors.push({ field: `lines.${index}.quantity`, message: "returns.error.tooMany" });
    });
    if (errors.length)
      throw new HttpError(400, "validation_failed", "returns.error.invalid", fieldErrors(errors));
    if (refusal) throw refusal;
    const [created] = await tx.insert(orderReturns).values({ orderId: order.id, createdAt: now }).returning();
    const ret = created as typeof orderReturns.$inferSelect;
    await tx.insert(orderReturnLines).values(
      input.lines.map((line) => ({
        returnId: ret.id,
        orderLineId: line.line_id,
        quantity: line.quantity,
        reason: line.reason,
      })),
    );
    const slip = await slipOf(order, ret, lines, input.lines, deps.publicUrlFor(order.market));
    await deps.mail.queue(tx, { to: order.email, ...slip.mail });
    const [output] =
      (await returnsOfOrders(tx, [order.id])).get(order.id)?.filter((r) => r.id === ret.id) ?? [];
    await deps.events.emit(tx, "return.created", {
      order_number: orderNumber(order.id),
      return: output as ReturnOutput,
    });
    return output as ReturnOutput;
  });
}

/** The slip's PDF and its mail, in the order's language. */
async function slipOf(
  order: OrderRow,
  ret: typeof orderReturns.$inferSelect,
  lines: readonly LineRow[],
  chosen: readonly { line_id: number; quantity: number; reason: string }[],
  publicUrl: string,
) {
  const ctx = orderMailContext(order, publicUrl);
  const { format } = ctx;
  const number = returnNumber(ret.id);
  const goods = chosen.map((wanted) => {
    const line = lines.find((l) => l.id === wanted.line_id);
    return {
      text: `${wanted.quantity} × ${line?.productName ?? ""}${line?.sizeName ? ` (${line.sizeName})` : ""}`,
      reason: format(`slip.reason.${wanted.reason}`),
    };
  });
  const address = order.deliveryAddress;
  const pdf = await returnSlipPdf({
    title: format("slip.title"),
    returnNumber: number,
    labels: {
      returnNumber: format("slip.returnNumber"),
      order: format("slip.order"),
      date: format("slip.date"),
      from: format("slip.from"),
      to: format("slip.to"),
      items: format("slip.items"),
    },
    orderNumber: ctx.number,
    date: ctx.date(ret.createdAt),
    from: [
      address.name ?? "",
      [address.address, address.addr_number].filter(Boolean).join(" "),
      address.address2 ?? "",
      `${address.post_nummer ?? ""} ${address.town ?? ""}`.trim(),
    ].filter((part) => part.trim()),
    lines: goods,
    instructions: [format("slip.instructions.pack"), format("slip.instructions.refund")],
  });
  const slipUrl = `${publicUrl}${slipPath(order.id, ret.id)}`;
  const mail = simpleMail(ctx, {
    subject: format("mail.return.subject", { number, order: ctx.number }),
    paragraphs: [format("mail.return.intro", { number, order: ctx.number })],
    lines: goods.map((g) => `${g.text} — ${g.reason}`),
    after: [format("slip.instructions.pack"), format("slip.instructions.refund")],
    links: [
      { label: format("mail.return.slip"), url: slipUrl },
      { label: format("mail.shipped.order"), url: ctx.orderLink },
    ],
  });
  return {
    pdf,
    mail: {
      ...mail,
      attachments: [
        {
          filename: `return-slip-${number}.pdf`,
          contentType: "application/pdf",
          base64: pdf.toString("base64"),
        },
      ],
    },
  };
}

/** `GET …/returns/{id}/slip/`: the return slip of the member's own return, as a PDF. */
export async function returnSlip(
  db: Db,
  userId: number,
  number: string,
  returnId: number,
  publicUrlFor: LifecycleDeps["publicUrlFor"],
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await ownOrder(db, userId, number);
  const [ret] = await db
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.id, returnId), eq(orderReturns.orderId, order.id)));
  if (!ret) throw new HttpError(404, "return_not_found", "returns.error.notFound");
  const [lines, chosen] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
    db
      .select({
        line_id: orderReturnLines.orderLineId,
        quantity: orderReturnLines.quantity,
        reason: orderReturnLines.reason,
      })
      .from(orderReturnLines)
      .where(eq(orderReturnLines.returnId, ret.id))
      .orderBy(asc(orderReturnLines.id)),
  ]);
  const { pdf } = await slipOf(order, ret, lines, chosen, publicUrlFor(order.market));
  return { filename: `return-slip-${returnNumber(ret.id)}.pdf`, pdf };
}

/**
 * The warehouse has the parcel: the return's goods go back in stock (sizes sold out meanwhile mail
 * their back-in-stock subscribers) and the refund is recorded, in one transaction with the return
 * locked. Doing it again with the same refund answers the return as it is (`changed: false`, nothing
 * restocked twice); with another refund it is refused (409 return_already_received). The refund is
 * at most what the order cost less what its other returns refunded (400 on refund_amount).
 */
export async function receiveReturn(
  db: Db,
  deps: LifecycleDeps,
  input: { returnNumber: string; refundAmount: number; source: ChangeSource },
): Promise<ReturnReceivedOutput> {
  const returnId = returnIdOf(input.returnNumber);
  return db.transaction(async (tx) => {
    const [ret] = returnId
      ? await tx.select().from(orderReturns).where(eq(orderReturns.id, returnId)).for("update")
      : [];
    if (!ret) throw new HttpError(404, "return_not_found", "There is no such return.");
    const [order] = await tx.select().from(orders).where(eq(orders.id, ret.orderId));
    if (!order) throw new HttpError(404, "return_not_found", "There is no such return.");
    const invalidRefund = (message: string) =>
      new HttpError(400, "validation_failed", "Some fields are not valid.", { refund_amount: [message] });
    if (!Number.isFinite(input.refundAmount) || input.refundAmount < 0)
      throw invalidRefund("A refund of 0 or more is needed.");
    const scaled = input.refundAmount * 10 ** (CURRENCIES[order.currency]?.exponent ?? 2);
    const refund = Math.round(scaled);
    if (Math.abs(scaled - refund) > 1e-6)
      throw invalidRefund(`The refund has too many decimals for ${order.currency}.`);
    const base = {
      return_number: returnNumber(ret.id),
      order_number: orderNumber(order.id),
      status: "received" as const,
      currency: order.currency,
    };
    if (ret.status === "received") {
      if (ret.refundAmount !== refund)
        throw new HttpError(
          409,
          "return_already_received",
          `The return was already received with a refund of ${toAmount(ret.refundAmount ?? 0, order.currency)}.`,
        );
      return { ...base, refund_amount: input.refundAmount, changed: false, restocked: [] };
    }
    const [others] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${orderReturns.refundAmount}), 0)::int` })
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, order.id), ne(orderReturns.id, ret.id)));
    const most = order.total - Number(others?.refunded ?? 0);
    if (refund > most)
      throw invalidRefund(`The refund can be at most ${toAmount(Math.max(0, most), order.currency)}.`);
    const returned = await tx
      .select({
        sizeId: orderLines.sizeId,
        packageParts: orderLines.packageParts,
        quantity: orderReturnLines.quantity,
      })
      .from(orderReturnLines)
      .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.orderLineId))
      .where(eq(orderReturnLines.returnId, ret.id))
      .orderBy(asc(orderReturnLines.id));
    const stock = stockOfLines(returned);
    await putBackStock(tx, deps.mail, deps.publicUrlFor, stock);
    await tx
      .update(orderReturns)
      .set({ status: "received", refundAmount: refund, receivedAt: new Date() })
      .where(eq(orderReturns.id, ret.id));
    // A provider-paid order gets the money back at the provider: at most what was captured.
    await recordRefund(tx, deps.outbox, order, refund, { returnId: ret.id });
    const merged = new Map<number, number>();
    for (const s of stock) merged.set(s.sizeId, (merged.get(s.sizeId) ?? 0) + s.quantity);
    const received = {
      ...base,
      refund_amount: input.refundAmount,
      changed: true,
      restocked: [...merged].map(([size_id, quantity]) => ({ size_id, quantity })),
    };
    const { changed: _changed, ...event } = received;
    await deps.events.emit(tx, "return.received", event);
    return received;
  });
}
