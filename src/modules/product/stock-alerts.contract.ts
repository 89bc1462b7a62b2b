import { z } from "zod";

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
  product_id: z.coerce.number().int().positive({ error: "notify.error.product" }),
  size_id: z.coerce.number({ error: "notify.error.size" }).int().positive({ error: "notify.error.size" }),
  sku_id: z.string().max(64).optional(),
  size_name: z.string().max(64).optional(),
  terms: z.boolean().optional(),
});
export type StockAlertInput = z.output<typeof stockAlertInput>;
