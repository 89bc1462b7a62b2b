import { and, eq, gt, isNull, lt, ne } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { renderLinkMail } from "#modules/mail/mail.service.ts";
import { isUiLocale } from "#modules/markets/markets.service.ts";
import type { AccountMail } from "./account-mail.ts";
import { users } from "./accounts.schema.ts";
import { emailChanges } from "./email-changes.schema.ts";
import {
  type EmailChangeLink,
  FREQUENCIES,
  GENDERS,
  type Profile,
  type ProfileInput,
} from "./profile.contract.ts";
import { countAttempt } from "./rate-limit.service.ts";
import { hashToken, newToken } from "./session.service.ts";
import { teamsportAssociation, teamsportAssociationsFor } from "./teamsport-associations.ts";

/** How long the link that confirms a new e-mail address works (decision 0027). */
export const EMAIL_CHANGE_HOURS = 24;
/**
 * Changes of e-mail address one member may ask for per hour, whether or not the address is free:
 * each mails a stranger's address, and each tells whether an address has an account.
 */
export const EMAIL_CHANGES_PER_HOUR = 5;
/** How long a confirmed or expired change is kept, so its link's page can still say so. */
export const EMAIL_CHANGE_KEPT_DAYS = 7;
const HOUR = 3_600_000;

/** Where the link in the confirmation mail goes: a page whose button confirms (decision 0027). */
export const EMAIL_CONFIRM_PATH = "/account/email/confirm/";

const fail = (status: number, code: string, field: string, message: string) =>
  new HttpError(status, code, message, { [field]: [message] });

const loginRequired = () => new HttpError(401, "login_required", "account.error.login");

/** The member's profile as the spec's Profile entity, with a change of address still to confirm. */
export async function readProfile(db: Db | Tx, userId: number, now = new Date()): Promise<Profile> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      gender: users.gender,
      teamsportAssociation: users.teamsportAssociation,
      newsletter: users.newsletter,
      emailNotifications: users.emailNotifications,
      sms: users.sms,
      frequency: users.frequency,
      pendingEmail: emailChanges.newEmail,
    })
    .from(users)
    .leftJoin(
      emailChanges,
      and(
        eq(emailChanges.userId, users.id),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .where(eq(users.id, userId));
  if (!row) throw loginRequired();
  const association = teamsportAssociation(row.teamsportAssociation);
  return {
    name: row.name,
    username: row.email,
    gender: GENDERS.find((gender) => gender === row.gender) ?? null,
    teamsport_association: association ? { value: association.value, name: association.name } : null,
    newsletter: row.newsletter,
    email_notifications: row.emailNotifications,
    sms: row.sms,
    frequency: FREQUENCIES.find((frequency) => frequency === row.frequency) ?? "usual",
    pending_email: row.pendingEmail,
  };
}

/** What the profile's choice fields may hold; the market's own association first. */
export function profileChoices(market: string) {
  return {
    gender: [...GENDERS],
    frequency: [...FREQUENCIES],
    teamsport_association: teamsportAssociationsFor(market),
  };
}

/**
 * Saves the whole profile in one transaction. Everything but the e-mail address is written at once.
 * A different address is not: when no other account has it, a single-use link is mailed to it (the
 * address changes when the link is followed, `confirmEmailChange`); when another account has it, the
 * whole save is refused with a field error on `username` that says only that it cannot be used.
 * Asking for a change counts against the member's hourly limit first, taken address or not.
 */
export async function saveProfile(
  db: Db,
  mail: AccountMail,
  userId: number,
  input: ProfileInput,
  now = new Date(),
): Promise<{ profile: Profile; emailConfirmationSent: boolean }> {
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw loginRequired();
  const changingEmail = input.username !== current.email;
  if (changingEmail)
    await countAttempt(db, [`email-change:member:${userId}`], EMAIL_CHANGES_PER_HOUR, 3600, now);

  const emailConfirmationSent = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!member) throw loginRequired();
    await tx
      .update(users)
      .set({
        name: input.name,
        gender: input.gender,
        teamsportAssociation: input.teamsport_association,
        newsletter: input.newsletter,
        emailNotifications: input.email_notifications,
        sms: input.sms,
        frequency: input.frequency,
      })
      .where(eq(users.id, member.id));
    if (input.username === member.email) return false;

    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.username), ne(users.id, member.id)));
    if (holder) throw fail(400, "email_unavailable", "username", "settings.email.unavailable");

    const token = newToken();
    const change = {
      newEmail: input.username,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_HOURS * HOUR),
      confirmedAt: null,
      createdAt: now,
    };
    // One change per member: a newer request replaces the last, whose link stops working.
    await tx
      .insert(emailChanges)
      .values({ userId: member.id, ...change })
      .onConflictDoUpdate({ target: emailChanges.userId, set: change });
    await mail.outbox.queue(tx, {
      to: input.username,
      ...renderLinkMail("emailChange", isUiLocale(member.locale) ? member.locale : "en", {
        name: input.name || member.name || input.username,
        email: input.username,
        link: `${mail.publicUrl}${EMAIL_CONFIRM_PATH}?token=${encodeURIComponent(token)}`,
        hours: EMAIL_CHANGE_HOURS,
      }),
    });
    return true;
  });
  return { profile: await readProfile(db, userId, now), emailConfirmationSent };
}

/** A token as the shop makes them (32 random bytes, base64url); anything else is unknown unread. */
const plausibleToken = (token: string) => /^[\w-]{20,100}$/.test(token);

/** What a confirmation link stands for, for its page: nothing is changed by reading it. */
export async function readEmailChangeLink(db: Db, token: string, now = new Date()): Promise<EmailChangeLink> {
  if (!plausibleToken(token)) return { state: "unknown" };
  const [change] = await db
    .select({
      email: emailChanges.newEmail,
      expiresAt: emailChanges.expiresAt,
      confirmedAt: emailChanges.confirmedAt,
    })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, hashToken(token)));
  if (!change) return { state: "unknown" };
  const state = change.confirmedAt ? "confirmed" : change.expiresAt <= now ? "expired" : "pending";
  return { state, email: change.email };
}

/**
 * A member withdrew their consent to news by e-mail through a mail's unsubscribe link (decision 0058),
 * without logging in: the settings' newsletter switch is off afterwards, as if they had turned it off.
 */
export async function withdrawNewsletterConsent(db: Db | Tx, userId: number): Promise<void> {
  await db.update(users).set({ newsletter: false }).where(eq(users.id, userId));
}

/** The old address as the notice to it names the new one: enough to recognise, not to copy. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  return `${Array.from(local)[0] ?? ""}•••${email.slice(at)}`;
}

const isUniqueViolation = (error: unknown): boolean => {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = current.cause;
  }
  return false;
};

/**
 * Follows a confirmation link: the member's e-mail address (their username) becomes the new one,
 * confirmed, and a notice goes to the old address, in the same transaction. Single use: a link
 * followed again answers `already_confirmed` and changes nothing. Unknown (never sent, or replaced by
 * a newer request) and expired links are refused with a field error on `token`, as is an address
 * that another account took in the meantime. Answers whose address it is too.
 */
export async function confirmEmailChange(
  db: Db,
  mail: AccountMail,
  token: string,
  now = new Date(),
): Promise<{ status: "confirmed" | "already_confirmed"; email: string; userId: number }> {
  const taken = () => fail(400, "email_unavailable", "token", "settings.emailConfirm.taken");
  if (!plausibleToken(token)) throw fail(400, "invalid_token", "token", "settings.emailConfirm.unknown");
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.tokenHash, hashToken(token)))
        .for("update");
      if (!change) throw fail(400, "invalid_token", "token", "settings.emailConfirm.unknown");
      if (change.confirmedAt)
        return { status: "already_confirmed" as const, email: change.newEmail, userId: change.userId };
      if (change.expiresAt <= now) throw fail(400, "expired_token", "token", "settings.emailConfirm.expired");
      const [member] = await tx
        .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
        .from(users)
        .where(eq(users.id, change.userId))
        .for("update");
      if (!member) throw fail(400, "invalid_token", "token", "settings.emailConfirm.unknown");
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, change.newEmail), ne(users.id, member.id)));
      if (holder) throw taken();
      await tx
        .update(users)
        .set({ email: change.newEmail, emailValidatedAt: now })
        .where(eq(users.id, member.id));
      await tx.update(emailChanges).set({ confirmedAt: now }).where(eq(emailChanges.userId, member.id));
      if (member.email !== change.newEmail)
        await mail.outbox.queue(tx, {
          to: member.email,
          ...renderLinkMail("emailChanged", isUiLocale(member.locale) ? member.locale : "en", {
            name: member.name || member.email,
            email: maskEmail(change.newEmail),
            link: `${mail.publicUrl}/faq/`,
          }),
        });
      return { status: "confirmed" as const, email: change.newEmail, userId: member.id };
    });
  } catch (error) {
    // Someone signed up with the address between the check and the update.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The scheduled purge: changes confirmed or expired more than a week ago are only personal data. */
export async function purgeEmailChanges(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EMAIL_CHANGE_KEPT_DAYS * 24 * HOUR);
  const purged = await db
    .delete(emailChanges)
    .where(lt(emailChanges.expiresAt, before))
    .returning({ userId: emailChanges.userId });
  return purged.length;
}
