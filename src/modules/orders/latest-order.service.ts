import { asc, desc, eq, sum } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { toAmount } from "#kernel/money.ts";
import { orderLines, orders } from "./orders.schema.ts";
import { orderNumber } from "./orders.service.ts";

/** Pictures a summary shows of an order's lines (spec §9: order cards show at most 3). */
export const SUMMARY_PICTURES = 3;

/** The member's most recent order as the account home shows it (fields named as the Order entity's). */
export interface LatestOrder {
  order_number: string;
  /** Seconds since 1970. */
  order_date: number;
  currency: string;
  /** A decimal of the order's currency. */
  total_order_amount: number;
  status: "placed" | "shipped" | "completed" | "cancelled";
  /** Units ordered, over every line. */
  item_count: number;
  /** The first lines' pictures, at most `SUMMARY_PICTURES`. */
  images: string[];
}

/**
 * The member's most recent order, or null when they have none: three small queries whatever the number of
 * orders or lines. Another member's orders are never read (the query is by the member's id).
 */
export async function latestOrder(db: Db, userId: number): Promise<LatestOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      currency: orders.currency,
      total: orders.total,
      status: orders.status,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!order) return null;
  const [[count], pictures] = await Promise.all([
    db
      .select({ items: sum(orderLines.quantity).mapWith(Number) })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id)),
    db
      .select({ imageUrl: orderLines.imageUrl })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id))
      .limit(SUMMARY_PICTURES),
  ]);
  return {
    order_number: orderNumber(order.id),
    order_date: Math.floor(order.createdAt.getTime() / 1000),
    currency: order.currency,
    total_order_amount: toAmount(order.total, order.currency),
    status: order.status,
    item_count: count?.items ?? 0,
    images: pictures.map((line) => line.imageUrl).filter((url) => url !== ""),
  };
}
