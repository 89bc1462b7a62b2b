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

export type SignupInput = z.infer<typeof signupInput>;
export type LoginInput = z.infer<typeof loginInput>;
