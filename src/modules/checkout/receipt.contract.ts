// What `GET /checkout/receipt_data/` answers: the order as placed, for the receipt page and its
// purchase tracking. Amounts are decimals of the order's currency; keys are listed in the order they
// are sent.
import { z } from "zod";
import { pickupAddressOutput } from "#modules/orders/orders.contract.ts";
import { addressFieldsSchema } from "./checkout.contract.ts";

/** One package of the order and how it travels. */
const receiptShipment = z.object({
  supplier_name: z.string(),
  delivery_method: z.string(),
  info_text: z.string(),
  delivery_time: z.object({ min_days: z.number().int(), max_days: z.number().int() }),
  droppoint: pickupAddressOutput.nullable(),
  products_quantity: z.number().int(),
});

export const receiptOutput = z.object({
  order_id: z.number().int(),
  /** "ST" followed by the order's id. */
  order_number: z.string(),
  created_at: z.string(),
  billing_address: addressFieldsSchema.nullable(),
  delivery_address: addressFieldsSchema.nullable(),
  customer_info: z.object({ email: z.string(), phone: z.string() }),
  /** The shop's own package when there is one, else the first supplier's. */
  main_supplier: receiptShipment.nullable(),
  additional_suppliers: z.array(receiptShipment),
  currency: z.string(),
  totals: z.object({
    goods: z.number(),
    delivery: z.number(),
    payment_fee: z.number(),
    vat: z.number(),
    total: z.number(),
    gift_cards: z.number(),
    amount_due: z.number(),
  }),
  /** The payment method's name as the shopper chose it ("giftcard" when gift cards paid it all). */
  payment_method: z.string(),
  /** Placed without an account: the receipt offers to make one from the order. */
  guest: z.boolean(),
  /** What was bought, as the receipt lists it: the order's lines as they were priced. */
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      product_id: z.number().int(),
      /** The product's name with its brand once. */
      name: z.string(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      line_total: z.number(),
      image_url: z.string(),
      url: z.string(),
      /** Prints and package parts, as one text each. */
      sublines: z.array(z.string()),
    }),
  ),
  /** The purchase event's items. */
  items: z.array(
    z.object({
      item_id: z.string(),
      item_name: z.string(),
      item_brand: z.string(),
      item_variant: z.string().nullable(),
      price: z.number(),
      quantity: z.number().int(),
    }),
  ),
  /** For the purchase event: hashed, so the e-mail and phone never reach the tag manager in clear. */
  user_data: z.object({
    sha256_email_address: z.string(),
    sha256_phone_number: z.string().nullable(),
  }),
  /** The satisfaction-survey opt-in, when the shop has a merchant id for it. */
  google_surveyoptin: z
    .object({
      merchant_id: z.string(),
      order_id: z.string(),
      email: z.string(),
      delivery_country: z.string(),
      estimated_delivery_date: z.string(),
    })
    .nullable(),
});
export type ReceiptOutput = z.output<typeof receiptOutput>;
