import { z } from "zod";

/**
 * The checkout's inputs. Addresses are checked against their country's form definitions
 * (address-forms.ts), so the address body here is only "strings by field name".
 */
export const addressInput = z.record(
  z.string(),
  z.union([z.string().max(300), z.number(), z.boolean(), z.null()]),
);

export const addressFormQuery = z.object({
  type: z.enum(["billing", "shipping"]).default("billing"),
  country_code: z.string().trim().min(2).max(3).optional(),
});

const id = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const selectDeliveryInput = z.object({
  package: z.string().trim().min(1).max(20),
  delivery_method: id("checkout.error.deliveryMethod"),
  droppoint_id: id("checkout.error.dropPoint").nullish(),
});

export const deliverySubmitInput = z.object({
  delivery_method: id("checkout.error.deliveryMethod").optional(),
  droppoint_id: id("checkout.error.dropPoint").nullish(),
  post_number: z.string().max(12).optional(),
  sms_number: z.string().max(20).optional(),
});

export const findDropPointQuery = z.object({
  provider: z.string().trim().min(1).max(40),
  post_code: z.string().max(12),
  country_code: z.string().trim().min(2).max(3),
});

export const paymentSubmitInput = z.object({
  payment_gateway: z.string().trim().min(1).max(20),
  method_id: id("checkout.error.paymentMethod"),
});

export const commentInput = z.object({
  comment: z.string().max(500, { error: "checkout.comment.tooLong" }).default(""),
});

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

/** `POST /checkout/step_review_submit/`. Any totals a client adds are ignored: the server prices. */
export const reviewSubmitInput = z.object({
  policy: flag.default(false),
  subscribe_newsletters: flag.default(false),
  source: z.string().max(40).default("web"),
  device: z.enum(["mobile", "desktop"]).default("desktop"),
  signup: flag.default(false),
});

/** The card form: holder name required, no billing address. */
export const cardInput = z.object({
  holderName: z.string().max(100).default(""),
  number: z.string().max(30).default(""),
  expiryMonth: z.string().max(2).default(""),
  expiryYear: z.string().max(4).default(""),
  cvc: z.string().max(4).default(""),
});

export const splitPaymentInput = z.object({
  data: z.object({ paymentMethod: cardInput.extend({ type: z.literal("scheme").default("scheme") }) }),
});

export const authorizationTokenInput = z.object({
  authorization_token: z.string().trim().min(1, { error: "payment.bnpl.error.notApproved" }).max(100),
});

export const paymentResultQuery = z.object({
  authResult: z.string().max(40).default(""),
  merchantReference: z.string().max(80).default(""),
});

export const receiptQuery = z.object({ token: z.uuid({ error: "checkout.error.receiptNotFound" }) });
