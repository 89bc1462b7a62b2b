import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { toAmount } from "#kernel/money.ts";
import { returnNumber, slipPath } from "./order-numbers.ts";
import { orderLines, orderReturnLines, orderReturns, orders } from "./orders.schema.ts";
import type { ReturnOutput, ReturnReason } from "./returns.contract.ts";

/** The returns of some orders with their lines, each order's oldest first. */
export async function returnsOfOrders(db: Db | Tx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, ReturnOutput[]>();
  const [returns, lines] = await Promise.all([
    db
      .select()
      .from(orderReturns)
      .where(inArray(orderReturns.orderId, [...orderIds]))
      .orderBy(asc(orderReturns.id)),
    db
      .select({
        returnId: orderReturnLines.returnId,
        lineId: orderReturnLines.orderLineId,
        quantity: orderReturnLines.quantity,
        reason: orderReturnLines.reason,
        product: orderLines.productName,
        size: orderLines.sizeName,
      })
      .from(orderReturnLines)
      .innerJoin(orderLines, eq(orderLines.id, orderReturnLines.orderLineId))
      .where(inArray(orderLines.orderId, [...orderIds]))
      .orderBy(asc(orderReturnLines.id)),
  ]);
  const currencies = new Map(
    (
      await db
        .select({ id: orders.id, currency: orders.currency })
        .from(orders)
        .where(inArray(orders.id, [...orderIds]))
    ).map((o) => [o.id, o.currency]),
  );
  const byOrder = new Map<number, ReturnOutput[]>();
  for (const ret of returns) {
    const list = byOrder.get(ret.orderId) ?? [];
    list.push({
      id: ret.id,
      return_number: returnNumber(ret.id),
      status: ret.status,
      created_at: Math.floor(ret.createdAt.getTime() / 1000),
      slip_url: slipPath(ret.orderId, ret.id),
      refund_amount:
        ret.refundAmount === null ? null : toAmount(ret.refundAmount, currencies.get(ret.orderId) ?? "EUR"),
      lines: lines
        .filter((line) => line.returnId === ret.id)
        .map((line) => ({
          line_id: line.lineId,
          product: line.product,
          size: line.size,
          quantity: line.quantity,
          reason: line.reason as ReturnReason,
        })),
    });
    byOrder.set(ret.orderId, list);
  }
  return byOrder;
}
