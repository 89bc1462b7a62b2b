// What the member area's order calls answer (the spec's Order and Order line entities). Amounts are
// decimals of the order's currency; keys are listed in the order they are sent.
import { z } from "zod";
import { returnOutput } from "./returns.contract.ts";

/** A drop point's address as it was when the order was placed. */
export const pickupAddressOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  street2: z.string(),
  zip: z.string(),
  city: z.string(),
});

export const orderOutput = z.object({
  /** "ST" followed by the order's id. */
  order_number: z.string(),
  /** Seconds since 1970. */
  order_date: z.number().int(),
  currency: z.string(),
  total_order_amount: z.number(),
  vat_amount: z.number(),
  delivery_cost: z.number(),
  payment_fee: z.object({ amount: z.number() }),
  /** The vouchers the order used, each with what it took off. */
  coupons: z.array(z.object({ code: z.string(), amount: z.number() })),
  /** The gift cards that paid part of it (code as "…" and the card's last four), each with its part. */
  giftcards: z.array(z.object({ code: z.string(), amount: z.number() })),
  status: z.enum(["placed", "shipped", "completed", "cancelled"]),
  /** The first package's delivery. */
  delivery_method: z.object({
    is_pickup: z.boolean(),
    pickup_address: z
      .object({
        name: z.string(),
        street: z.string(),
        address: z.string(),
        street_address2: z.string(),
        zip: z.string(),
        city: z.string(),
      })
      .nullable(),
    info_text: z.string(),
    name: z.string(),
  }),
  delivery_address: z.object({
    name: z.string(),
    street_address: z.string(),
    street_address2: z.string(),
    postal_code: z.string(),
    city: z.string(),
  }),
  /** One per package. */
  suppliers: z.array(
    z.object({
      supplier: z.string(),
      status: z.string(),
      delivery_method: z.string(),
      pickup_address: pickupAddressOutput.nullable(),
      /** The carrier's public tracking page for the parcel, once shipped. */
      track_and_trace: z.string().nullable(),
      /** The carrier's name and the parcel's number at it, once shipped. */
      carrier: z.string().nullable().optional(),
      tracking_number: z.string().nullable().optional(),
      /** Seconds since 1970, once delivered. */
      delivered_at: z.number().int().nullable().optional(),
      /** Only on the shop's own package: the page where the member returns goods of it. */
      returns_url: z.string().optional(),
      /** Only on the shop's own package once delivered: the last moment goods may be returned (seconds). */
      returnable_until: z.number().int().nullable().optional(),
      items: z.array(
        z.object({
          line_id: z.number().int(),
          product: z.string(),
          product_url: z.string(),
          product_image_url: z.string(),
          size: z.string().nullable(),
          quantity: z.number().int(),
          total_net_price: z.number(),
          total_recommended_retail_price: z.number(),
          line_net_price: z.number(),
          sublines: z.array(
            z.object({
              product: z.string(),
              product_id: z.number().int().nullable(),
              image_url: z.string().nullable(),
              total_sale_price: z.number(),
            }),
          ),
        }),
      ),
    }),
  ),
  /** The order's returns, oldest first (decision 0034). */
  returns: z.array(returnOutput).optional(),
});
export type OrderOutput = z.output<typeof orderOutput>;

/** `GET /v1.1/orders/`: placed and shipped orders are active, the rest completed; newest first. */
export const orderListOutput = z.object({
  active_orders: z.array(orderOutput),
  completed_orders: z.array(orderOutput),
});
export type OrderListOutput = z.output<typeof orderListOutput>;

/** An order named in a path: its number as the member area shows it (ST…). */
export const orderNumberParams = z.object({ order_number: z.string().max(20) });

/**
 * `GET /checkout/invoice_download/{order}/`: where the order's invoice is. The address is on the
 * host the member called from and answers only to the order's owner (decision 0036).
 */
export const invoiceDownloadOutput = z.object({
  success: z.literal(true),
  /** The PDF's address: …/checkout/invoice/{order_number}.pdf */
  invoice: z.string(),
});
export type InvoiceDownloadOutput = z.output<typeof invoiceDownloadOutput>;

/**
 * A PDF answer (the invoice, a return slip), sent as it is (Fastify serialises only objects), so the
 * schema documents the body rather than checks it.
 */
export const pdfAttachmentResponse = (description: string) => ({
  description,
  content: {
    "application/pdf": { schema: z.instanceof(Buffer).meta({ type: "string", format: "binary" }) },
  },
});

export const invoicePdfResponse = pdfAttachmentResponse(
  "The order's invoice as a PDF (attachment), for the order's owner only",
);
