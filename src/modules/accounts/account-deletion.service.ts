import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { renderLinkMail } from "#modules/mail/mail.service.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import { isUiLocale } from "#modules/markets/markets.service.ts";
import { authTokens, sessions, users } from "./accounts.schema.ts";
import { addresses } from "./addresses.schema.ts";
import { emailChanges } from "./email-changes.schema.ts";

/** The member being erased, as the other modules' steps need them. */
export interface ErasedMember {
  id: number;
  email: string;
}

/**
 * What the shop erases of a member in the modules above accounts (favourites, the bag, back-in-stock
 * sign-ups, the orders to anonymise), run in the deletion's transaction before the account goes. The
 * composition root supplies it, since accounts may not import those modules.
 */
export type EraseMemberElsewhere = (tx: Tx, member: ErasedMember) => Promise<void>;

/**
 * Deletes a member's account for good: the other modules' steps run first, then the accounts' own
 * rows go (addresses, one-time links, a change of e-mail address, every session, the account itself, so its e-mail is free for a
 * new sign-up and nobody can log in with it again), and the confirmation mail is queued in the same
 * transaction, in the member's language.
 */
export async function deleteAccount(
  db: Db,
  mail: { outbox: MailOutbox; publicUrl: string },
  userId: number,
  eraseElsewhere: EraseMemberElsewhere,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!member) throw new HttpError(401, "login_required", "account.error.login");
    await eraseElsewhere(tx, { id: member.id, email: member.email });
    await tx.delete(addresses).where(eq(addresses.userId, member.id));
    await tx.delete(authTokens).where(eq(authTokens.userId, member.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, member.id));
    await tx.delete(sessions).where(eq(sessions.userId, member.id));
    await tx.delete(users).where(eq(users.id, member.id));
    const locale = isUiLocale(member.locale) ? member.locale : "en";
    await mail.outbox.queue(tx, {
      to: member.email,
      ...renderLinkMail("deleted", locale, {
        name: member.name || member.email,
        link: `${mail.publicUrl}/account/login/`,
      }),
    });
  });
}
