// The operator API's calls on an order's packages (decision 0033): what they take and answer.
import { z } from "zod";
import { CARRIER_CODES } from "./carriers.ts";

/** A package's states, in the order it goes through them (decision 0033). */
export const SHIPMENT_STATUSES = ["placed", "packed", "shipped", "delivered", "cancelled"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** `/api/operator/orders/{order_number}/shipments/{shipment}/…/`: the package by supplier name or id. */
export const shipmentParams = z.object({
  order_number: z.string().min(1).max(20),
  shipment: z.string().trim().min(1).max(60),
});

/** `…/ship/`: the carrier (a code of carriers.ts, any case) and the parcel's number at it. */
export const shipInput = z.object({
  carrier: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(CARRIER_CODES, { error: `One of: ${CARRIER_CODES.join(", ")}.` })),
  tracking_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/, { error: "4 to 40 letters, digits or hyphens." }),
});
export type ShipInput = z.output<typeof shipInput>;

/** pack, deliver and cancel take nothing (an empty or absent body). */
export const emptyInput = z.object({}).nullish();

export const shipmentChangeOutput = z.object({
  order_number: z.string(),
  /** The order's status after the change: placed, shipped, completed or cancelled. */
  order_status: z.enum(["placed", "shipped", "completed", "cancelled"]),
  /** false when the package already was where the call would take it: nothing was recorded or mailed. */
  changed: z.boolean(),
  shipment: z.object({
    id: z.number().int(),
    supplier: z.string(),
    status: z.enum(SHIPMENT_STATUSES),
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    track_and_trace: z.string().nullable(),
  }),
});
export type ShipmentChangeOutput = z.output<typeof shipmentChangeOutput>;
