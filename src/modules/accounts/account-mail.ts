import type { Db } from "#db/client.ts";
import { renderLinkMail } from "#modules/mail/mail.service.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import type { SignupInput } from "./accounts.contract.ts";
import {
  newResetToken,
  newValidationToken,
  RESET_HOURS,
  signUp,
  VALIDATION_HOURS,
} from "./accounts.service.ts";

/**
 * What account mail needs: the mail outbox, and the configured public address (of the request's
 * market) to build links on.
 */
export interface AccountMail {
  outbox: MailOutbox;
  publicUrl: string;
}

const LINKS = {
  validate: { path: "/account/validate/", hours: VALIDATION_HOURS },
  reset: { path: "/account/reset/confirm/", hours: RESET_HOURS },
  // To the owner of an address someone tried to sign up with: the page that asks for a reset link.
  exists: { path: "/account/reset/", hours: RESET_HOURS },
} as const;

/**
 * Mails a one-time link (address validation or password reset) in the member's language. The link
 * is built on the configured public address, never on the request's Host header: whoever sends the
 * request chooses that header, and a forged one would mail the member their token on a link to
 * someone else's site.
 */
async function mailLink(
  db: Db,
  mail: AccountMail,
  kind: keyof typeof LINKS,
  to: { email: string; name: string },
  locale: UiLocale,
  token: string | null,
): Promise<void> {
  const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
  const link = `${mail.publicUrl}${LINKS[kind].path}${query}`;
  await mail.outbox.queue(db, {
    to: to.email,
    ...renderLinkMail(kind, locale, { name: to.name || to.email, link, hours: LINKS[kind].hours }),
  });
}

/**
 * Sign-up: the account is made and its validation link mailed; when the address already has an
 * account, its owner is mailed instead that someone tried (with the way to a new password). The
 * caller answers both alike: nothing returned tells them apart.
 */
export async function signUpAndMail(
  db: Db,
  mail: AccountMail,
  input: SignupInput,
  context: { locale: UiLocale; market: string },
): Promise<void> {
  const outcome = await signUp(db, input, context);
  if (outcome.created)
    await mailLink(db, mail, "validate", outcome.user, context.locale, outcome.validationToken);
  else await mailLink(db, mail, "exists", outcome.owner, outcome.locale, null);
}

/** A new validation link, mailed only to an account that has not confirmed its address yet. */
export async function mailValidationLink(db: Db, mail: AccountMail, email: string): Promise<void> {
  const found = await newValidationToken(db, email);
  if (found) await mailLink(db, mail, "validate", found.user, found.locale, found.token);
}

/** A password-reset link (rate-limited like log-in), mailed only when the account exists. */
export async function mailResetLink(db: Db, mail: AccountMail, email: string, ip: string): Promise<void> {
  const found = await newResetToken(db, email, ip);
  if (found) await mailLink(db, mail, "reset", found.user, found.locale, found.token);
}
