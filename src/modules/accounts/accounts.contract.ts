import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password-rules.ts";

/**
 * One contract per form: the browser validates with it, the calls parse with it. Messages are
 * translation ids (the browser shows them in the shopper's language).
 */
export const emailField = z
  .string({ error: "form.email.required" })
  .trim()
  .min(1, "form.email.required")
  .max(255, "form.email.tooLong")
  .pipe(z.email({ error: "form.email.invalid" }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: "form.password.required" })
  .min(PASSWORD_MIN, "form.password.tooShort")
  .max(PASSWORD_MAX, "form.password.tooLong");

export const signupInput = z.object({
  email: emailField,
  password: passwordField,
  name: z.string().trim().max(100, "form.name.tooLong").optional().default(""),
  newsletter: z.boolean().optional().default(false),
});

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: "form.password.required" }).min(1, "form.password.required").max(PASSWORD_MAX),
});

export const emailInput = z.object({ email: emailField });
export const tokenInput = z.object({ token: z.string().min(10, "account.error.invalidToken").max(200) });
export const resetConfirmInput = z.object({
  token: z.string().min(10, "account.error.invalidToken").max(200),
  password: passwordField,
});

export const memberOutput = z.object({
  name: z.string(),
  email: z.string(),
  email_validated: z.boolean(),
});

export const sessionOutput = z.object({
  is_logged_in: z.boolean(),
  user: memberOutput.nullable(),
  oauth: z.object({ name: z.string(), start_url: z.string() }).nullable(),
});

export const successOutput = z.object({ success: z.boolean(), message: z.string().optional() });

/** Sign-up, log-in and e-mail validation: the member as the session now knows them. */
export const signedInOutput = z.object({ success: z.literal(true), user: memberOutput });

export type SignupInput = z.infer<typeof signupInput>;
export type LoginInput = z.infer<typeof loginInput>;

/** Errors as the server's error handler sends them (the kernel's contract, for every module). */
export { errorOutput } from "#kernel/errors.ts";

/** The social sign-in calls when no provider is configured. */
export const notSetUpOutput = z.object({ error: z.literal("not_found"), message: z.string() });

/**
 * A redirect has no body, only its Location header: documented in the API description, never
 * serialised (Fastify sends an empty body as it is).
 */
export const redirectOutput = (where: string) => z.undefined().describe(`Redirect: ${where}`);

/** The answer to a deleted account: where the storefront goes next (the log-in landing). */
export const accountDeletedOutput = z.object({
  success: z.literal(true),
  redirect: z.literal("/account/login/"),
});

const exportedAddress = z.record(z.string(), z.string());

/**
 * The member's data export (GET /v1.1/profile/export/): everything the shop holds about them. Never
 * a password hash or a token hash. The sections after `addresses` come from the modules above
 * accounts (favourites, orders, back-in-stock alerts).
 */
export const dataExportOutput = z.object({
  exported_at: z.string(),
  account: z.object({
    email: z.string(),
    name: z.string(),
    gender: z.string().nullable(),
    teamsport_association: z.string().nullable(),
    language: z.string(),
    market: z.string(),
    email_validated: z.boolean(),
    social_sign_in: z.string().nullable(),
    created_at: z.string(),
  }),
  newsletter: z.object({
    newsletter: z.boolean(),
    email_notifications: z.boolean(),
    sms: z.boolean(),
    frequency: z.string(),
  }),
  /** The last change of e-mail address asked for, while the shop keeps it (decision 0027). */
  email_change: z
    .object({
      new_email: z.string(),
      requested_at: z.string(),
      expires_at: z.string(),
      confirmed_at: z.string().nullable(),
    })
    .nullable(),
  addresses: z.array(
    z.object({
      name: z.string(),
      company: z.string(),
      address: z.string(),
      address2: z.string(),
      addr_number: z.string(),
      post_nummer: z.string(),
      town: z.string(),
      country: z.string(),
      state: z.string(),
      phone: z.string(),
      default_delivery: z.boolean(),
      default_billing: z.boolean(),
    }),
  ),
  favourites: z.array(z.object({ product_id: z.number(), name: z.string(), added_at: z.string() })),
  orders: z.array(
    z.object({
      number: z.string(),
      placed_at: z.string(),
      status: z.string(),
      currency: z.string(),
      total: z.number(),
      email: z.string(),
      phone: z.string(),
      billing_address: exportedAddress,
      delivery_address: exportedAddress,
      comment: z.string(),
      payment_method: z.string(),
      subscribe_newsletters: z.boolean(),
      lines: z.array(
        z.object({
          product_id: z.number(),
          name: z.string(),
          brand: z.string(),
          size: z.string().nullable(),
          quantity: z.number(),
          line_total: z.number(),
        }),
      ),
    }),
  ),
  back_in_stock_alerts: z.array(
    z.object({
      product_id: z.number(),
      size_id: z.number(),
      newsletter: z.boolean(),
      confirmed: z.boolean(),
      notified: z.boolean(),
      created_at: z.string(),
    }),
  ),
  /** The tastemaker programme application, if the member sent one (the tastemakers module). */
  tastemaker_application: z
    .object({
      status: z.string(),
      applied_at: z.string(),
      language: z.string(),
      market: z.string(),
      birth_year: z.number(),
      gender: z.string(),
      position: z.string(),
      boot_size: z.string(),
      level: z.string(),
      favorite_brand: z.string().nullable(),
      phone_number: z.string().nullable(),
      motivation: z.string(),
      instagram: z.string().nullable(),
      instagram_followers: z.string().nullable(),
      instagram_account: z.string().nullable(),
      tiktok: z.string().nullable(),
      tiktok_followers: z.string().nullable(),
      tiktok_account: z.string().nullable(),
      youtube: z.string().nullable(),
      youtube_followers: z.string().nullable(),
    })
    .nullable(),
});
export type DataExport = z.output<typeof dataExportOutput>;
/** The sections of the export that modules above accounts supply. */
export type DataExportElsewhere = Pick<
  DataExport,
  "favourites" | "orders" | "back_in_stock_alerts" | "tastemaker_application"
>;
