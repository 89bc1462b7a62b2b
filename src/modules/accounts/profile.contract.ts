import { z } from "zod";
import { emailField } from "./accounts.contract.ts";
import { TEAMSPORT_ASSOCIATION_VALUES } from "./teamsport-associations.ts";

/** Gender as the spec's Profile has it: M, F or O (none given: null). */
export const GENDERS = ["M", "F", "O"] as const;
/** How often the newsletter comes (spec §9). */
export const FREQUENCIES = ["usual", "weekly", "monthly"] as const;
/** The longest name a profile keeps (as at sign-up). */
export const NAME_MAX = 100;

export const nameField = z
  .string({ error: "form.name.required" })
  .trim()
  .min(1, "form.name.required")
  .max(NAME_MAX, "form.name.tooLong");

/**
 * `POST /v1.1/profile/`: the whole profile, as the settings page's three forms send it together.
 * `username` is the e-mail address, under the shop's one e-mail rule; a new one is not taken at once
 * but confirmed through a link mailed to it. `teamsport_association` is sent as its value.
 */
export const profileInput = z.object({
  name: nameField,
  username: emailField,
  gender: z.enum(GENDERS, { error: "settings.gender.invalid" }).nullable(),
  teamsport_association: z
    .enum(TEAMSPORT_ASSOCIATION_VALUES, { error: "settings.association.invalid" })
    .nullable(),
  newsletter: z.boolean({ error: "settings.choice.invalid" }),
  email_notifications: z.boolean({ error: "settings.choice.invalid" }),
  sms: z.boolean({ error: "settings.choice.invalid" }),
  frequency: z.enum(FREQUENCIES, { error: "settings.frequency.invalid" }),
});
export type ProfileInput = z.output<typeof profileInput>;

/** The settings page's forms, one per tab, each a part of the one contract. */
export const profileTabInput = profileInput.pick({ name: true, username: true });
export const preferencesTabInput = profileInput.pick({ gender: true, teamsport_association: true });
export const notificationsTabInput = profileInput.pick({
  newsletter: true,
  email_notifications: true,
  sms: true,
  frequency: true,
});

/** The Profile entity (spec §3), plus the address a change is waiting to be confirmed for. */
export const profileOutput = z.object({
  name: z.string(),
  username: z.string(),
  gender: z.enum(GENDERS).nullable(),
  teamsport_association: z.object({ value: z.string(), name: z.string() }).nullable(),
  newsletter: z.boolean(),
  email_notifications: z.boolean(),
  sms: z.boolean(),
  frequency: z.enum(FREQUENCIES),
  /** A new address mailed a confirmation link that has not been followed yet (and has not expired). */
  pending_email: z.string().nullable(),
});
export type Profile = z.output<typeof profileOutput>;

/** `GET /v1.1/profile/`: the profile and what its choice fields may hold. */
export const profileReadOutput = profileOutput.extend({
  choices: z.object({
    gender: z.array(z.enum(GENDERS)),
    frequency: z.array(z.enum(FREQUENCIES)),
    /** The member's market's association first. */
    teamsport_association: z.array(z.object({ value: z.string(), name: z.string() })),
  }),
});

/** `POST /v1.1/profile/`: saved; says whether a confirmation link went to a new address. */
export const profileSavedOutput = z.object({
  success: z.literal(true),
  email_confirmation_sent: z.boolean(),
  profile: profileOutput,
});

/** What a link from the e-mail change mail stands for, as its page shows it. */
export type EmailChangeLink =
  | { state: "pending" | "confirmed" | "expired"; email: string }
  | { state: "unknown" };

/** `POST /api/auth/email-change/confirm/`: the new address is the member's now. */
export const emailChangeConfirmedOutput = z.object({
  success: z.literal(true),
  status: z.enum(["confirmed", "already_confirmed"]),
  email: z.string(),
});
