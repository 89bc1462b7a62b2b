// The guest's ways to an order (decision 0035): the order number with the e-mail it was placed with,
// or the confirmation mail's link, which carries the order's token. Messages are translation ids.
import { z } from "zod";
import { emailField } from "#modules/accounts/accounts.contract.ts";

/**
 * An order number as a shopper types it: "ST1234", "st 1234" or just the digits. Up to 9 digits, so
 * every number that passes names an id in the database's range.
 */
export const ORDER_NUMBER_PATTERN = /^(?:ST)?\s*(\d{1,9})$/i;

export const orderNumberField = z
  .string({ error: "orders.lookup.numberRequired" })
  .trim()
  .min(1, "orders.lookup.numberRequired")
  .max(20, "orders.lookup.numberInvalid")
  .regex(ORDER_NUMBER_PATTERN, "orders.lookup.numberInvalid");

/** `POST /v1.1/orders/lookup/`: the order number and the e-mail address the order was placed with. */
export const orderLookupInput = z.object({
  order_number: orderNumberField,
  email: emailField,
});
export type OrderLookupInput = z.output<typeof orderLookupInput>;

/** A lookup that matched: this session may read the order for a while, at `redirect_url`. */
export const orderLookupOutput = z.object({
  success: z.literal(true),
  order_number: z.string(),
  redirect_url: z.string(),
});

/** `GET /v1.1/orders/view/{token}/`: the confirmation mail's key to the order. */
export const orderTokenParams = z.object({
  token: z.uuid({ error: "orders.error.notFound" }),
});

/** `GET /v1.1/orders/guest/{order_number}/`: an order this session looked up. */
export const guestOrderParams = z.object({ order_number: z.string().max(20) });
