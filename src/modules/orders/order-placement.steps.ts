import { inArray } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { dropPoints } from "#modules/delivery/delivery.schema.ts";
import { orderLines, orderShipments, orders, type PickupAddress } from "./orders.schema.ts";

type OrderValues = Omit<
  typeof orders.$inferInsert,
  "id" | "token" | "status" | "confirmationSentAt" | "createdAt"
>;
type ShipmentValues = Omit<
  typeof orderShipments.$inferInsert,
  "id" | "orderId" | "pickupAddress" | "status" | "trackAndTrace"
>;
type LineValues = Omit<typeof orderLines.$inferInsert, "id" | "orderId" | "shipmentId">;

/** One package of the order to write: how it travels (and to which drop point), and its lines. */
export interface ShipmentDraft extends ShipmentValues {
  dropPointId: number | null;
  lines: LineValues[];
}

/** An order as priced when it is placed, ready to be written: nothing in it is read again later. */
export interface OrderDraft {
  order: OrderValues;
  shipments: ShipmentDraft[];
}

/**
 * Writes the order with one shipment per package and each package's lines, inside the order's
 * transaction. A drop point's address is copied onto its shipment, so the order keeps where it went
 * even when the point later moves or closes.
 */
export async function insertOrderAndShipments(
  tx: Tx,
  draft: OrderDraft,
): Promise<{ id: number; token: string }> {
  const [order] = await tx
    .insert(orders)
    .values(draft.order)
    .returning({ id: orders.id, token: orders.token });
  const { id: orderId, token } = order as { id: number; token: string };
  const pointIds = draft.shipments.map((s) => s.dropPointId).filter((id): id is number => !!id);
  const points = pointIds.length
    ? await tx.select().from(dropPoints).where(inArray(dropPoints.id, pointIds))
    : [];
  for (const { dropPointId, lines, ...values } of draft.shipments) {
    const point = points.find((p) => p.id === dropPointId);
    const pickupAddress: PickupAddress | null = point
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
      .values({ ...values, orderId, pickupAddress })
      .returning({ id: orderShipments.id });
    const shipmentId = (shipment as { id: number }).id;
    if (lines.length)
      await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId, shipmentId })));
  }
  return { id: orderId, token };
}
