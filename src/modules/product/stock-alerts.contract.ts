import { z } from "zod";
import { coercedId } from "#kernel/ids.ts";

export const STOCK_ALERT_EMAIL_MAX = 255;

/**
 * `POST /api/products/notify_sold_out/`, and the back-in-stock form in the browser: the e-mail is
 * required, valid and at most 255 characters; a size is required; the newsletter opt-in is optional.
 */
export const stockAlertInput = z.object({
  email: z
    .string({ error: "notify.error.emailRequired" })
    .trim()
    .min(1, { error: "notify.error.emailRequired" })
    .max(STOCK_ALERT_EMAIL_MAX, { error: "notify.error.emailLength" })
    .pipe(z.email({ error: "notify.error.email" })),
  newsletter: z.boolean().default(false),
  product_id: coercedId("notify.error.product"),
  size_id: coercedId("notify.error.size"),
  sku_id: z.string().max(64).optional(),
  size_name: z.string().max(64).optional(),
  terms: z.boolean().optional(),
});
export type StockAlertInput = z.output<typeof stockAlertInput>;

/**
 * `POST /api/products/notify_sold_out/`: the sign-up is taken and a confirmation link mailed (or
 * not, when one went out minutes ago or the alert is already confirmed). The answer is the same
 * either way, so it tells nobody whether an address has signed up.
 */
export const stockAlertOutput = z.object({ success: z.literal(true) });

/**
 * The confirmation link's token as the mail carries it (base64url, 43 characters). Anything else —
 * empty, too long, other characters — is a link the shop never sent.
 */
export const stockAlertToken = z
  .string({ error: "notify.confirm.error.unknown" })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "notify.confirm.error.unknown" });

/** `POST /api/products/notify_sold_out/confirm/`: the token from the confirmation mail's link. */
export const stockAlertConfirmInput = z.object({ token: stockAlertToken });

/** The product and size an alert is about, as the confirmation page shows them. */
export const stockAlertSubject = z.object({
  product: z.object({ name: z.string(), relative_url: z.string() }),
  size: z.string(),
  /** The size is in stock right now: buy it, the alert mails only after it sells out and returns. */
  in_stock: z.boolean(),
});
export type StockAlertSubject = z.output<typeof stockAlertSubject>;

/**
 * `POST /api/products/notify_sold_out/confirm/`: the alert is confirmed (now, or it already was).
 * An unknown or expired token is a 400 with a field error on `token`.
 */
export const stockAlertConfirmOutput = stockAlertSubject.extend({
  success: z.literal(true),
  status: z.enum(["confirmed", "already_confirmed"]),
});
export type StockAlertConfirmOutput = z.output<typeof stockAlertConfirmOutput>;
