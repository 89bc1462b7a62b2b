import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./password.ts";

/** One contract per form: the browser validates with it, the calls parse with it. */
export const emailField = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(255, "An e-mail address has at most 255 characters.")
  .pipe(z.email({ error: "Enter a valid e-mail address." }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: "Enter a password." })
  .min(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`);

export const signupInput = z.object({
  email: emailField,
  password: passwordField,
  name: z.string().trim().max(100, "A name has at most 100 characters.").optional().default(""),
  newsletter: z.boolean().optional().default(false),
});

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(PASSWORD_MAX),
});

export const emailInput = z.object({ email: emailField });
export const tokenInput = z.object({ token: z.string().min(10, "The link is not valid.").max(200) });
export const resetConfirmInput = z.object({
  token: z.string().min(10, "The link is not valid.").max(200),
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
