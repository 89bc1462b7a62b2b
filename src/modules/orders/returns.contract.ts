// Self-service returns: what a member sends to return goods, and what the order shows of its
// returns. The returns page's form checks with the same schema (decision 0034).
import { z } from "zod";
import { id } from "#kernel/ids.ts";

/** Why something goes back; the returns page lists them in this order. */
export const RETURN_REASONS = [
  "too_small",
  "too_large",
  "not_as_described",
  "damaged",
  "wrong_item",
  "changed_mind",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Days after delivery within which a member may return goods, as the shop promises. */
export const RETURN_WINDOW_DAYS = 100;

/** `POST /v1.1/orders/{order_number}/returns/`: the lines, how many of each and why. */
export const returnRequestInput = z.object({
  lines: z
    .array(
      z.object({
        line_id: id("returns.error.line"),
        quantity: z
          .number({ error: "returns.error.quantity" })
          .int({ error: "returns.error.quantity" })
          .min(1, { error: "returns.error.quantity" })
          .max(999, { error: "returns.error.quantity" }),
        reason: z.enum(RETURN_REASONS, { error: "returns.error.reason" }),
      }),
    )
    .min(1, { error: "returns.error.noLines" })
    .max(100, { error: "returns.error.noLines" }),
});
export type ReturnRequestInput = z.input<typeof returnRequestInput>;

/**
 * The returns page's form: every returnable line with a quantity (0 keeps it) and a reason. A line
 * with a quantity needs a reason, at least one line needs a quantity, and what is sent is checked
 * by `returnRequestInput` as the server checks it.
 */
export const returnForm = z
  .object({
    lines: z.array(
      z.object({
        line_id: z.number().int(),
        quantity: z.coerce.number().int().min(0),
        reason: z.union([z.enum(RETURN_REASONS), z.literal("")]),
      }),
    ),
  })
  .superRefine((form, ctx) => {
    form.lines.forEach((line, index) => {
      if (line.quantity > 0 && line.reason === "")
        ctx.addIssue({ code: "custom", path: ["lines", index, "reason"], message: "returns.error.reason" });
    });
    if (!form.lines.some((line) => line.quantity > 0))
      ctx.addIssue({ code: "custom", path: ["lines"], message: "returns.error.noLines" });
  })
  .transform((form) => ({ lines: form.lines.filter((line) => line.quantity > 0) }))
  .pipe(returnRequestInput);

export const returnSlipParams = z.object({
  order_number: z.string().max(20),
  return_id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** A return as the order shows it. */
export const returnOutput = z.object({
  id: z.number().int(),
  /** "R" followed by the return's id: written on the slip and named in the mail. */
  return_number: z.string(),
  /** requested until the parcel reaches the warehouse, then received. */
  status: z.enum(["requested", "received"]),
  /** Seconds since 1970. */
  created_at: z.number().int(),
  /** The printable return slip (a PDF; the owner only). */
  slip_url: z.string(),
  /** In the order's currency, once the return is received. */
  refund_amount: z.number().nullable(),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      product: z.string(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      reason: z.enum(RETURN_REASONS),
    }),
  ),
});
export type ReturnOutput = z.output<typeof returnOutput>;

export const returnCreatedOutput = z.object({ success: z.literal(true), return: returnOutput });

/** `POST /api/operator/returns/{return_number}/received/`: the amount refunded, in the order's currency. */
export const returnReceivedInput = z.object({
  refund_amount: z.number().min(0).max(10_000_000),
});
export const returnNumberParams = z.object({ return_number: z.string().trim().min(1).max(20) });

export const returnReceivedOutput = z.object({
  return_number: z.string(),
  order_number: z.string(),
  status: z.literal("received"),
  refund_amount: z.number(),
  currency: z.string(),
  /** false when the return was already received with this refund: nothing was restocked again. */
  changed: z.boolean(),
  /** What went back on the shelf by this call: size and how many. */
  restocked: z.array(z.object({ size_id: z.number().int(), quantity: z.number().int() })),
});
export type ReturnReceivedOutput = z.output<typeof returnReceivedOutput>;

/** What the returns page offers of an order: each line of a delivered own package and how many may go back. */
export const returnableOutput = z.object({
  order_number: z.string(),
  currency: z.string(),
  /** open: something may be returned; not_delivered, closed (past the window) or nothing_left otherwise. */
  state: z.enum(["open", "not_delivered", "closed", "nothing_left"]),
  /** Seconds since 1970: the last moment of the return window (null before delivery). */
  returnable_until: z.number().int().nullable(),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      product: z.string(),
      brand: z.string(),
      size: z.string().nullable(),
      image_url: z.string(),
      bought: z.number().int(),
      returnable: z.number().int(),
      unit_price: z.number(),
    }),
  ),
  returns: z.array(returnOutput),
});
export type ReturnableOutput = z.output<typeof returnableOutput>;
