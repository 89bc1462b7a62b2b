import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { DataExport, DataExportElsewhere } from "./accounts.contract.ts";
import { users } from "./accounts.schema.ts";
import { addresses } from "./addresses.schema.ts";
import { emailChanges } from "./email-changes.schema.ts";

/**
 * What the modules above accounts hold about the member, for the export. The composition root
 * supplies it, since accounts may not import those modules.
 */
export type ExportMemberElsewhere = (
  db: Db,
  member: { id: number; email: string },
) => Promise<DataExportElsewhere>;

/**
 * Everything the shop holds about a member, as the GDPR data export. Columns are picked one by one,
 * so the password hash (and any token hash) can never slip in.
 */
export async function exportMemberData(
  db: Db,
  userId: number,
  elsewhere: ExportMemberElsewhere,
  now = new Date(),
): Promise<DataExport> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      gender: users.gender,
      teamsportAssociation: users.teamsportAssociation,
      newsletter: users.newsletter,
      emailNotifications: users.emailNotifications,
      sms: users.sms,
      frequency: users.frequency,
      locale: users.locale,
      market: users.market,
      emailValidatedAt: users.emailValidatedAt,
      oauthProvider: users.oauthProvider,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(401, "login_required", "account.error.login");
  const [change] = await db
    .select({
      newEmail: emailChanges.newEmail,
      createdAt: emailChanges.createdAt,
      expiresAt: emailChanges.expiresAt,
      confirmedAt: emailChanges.confirmedAt,
    })
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId));
  const book = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return {
    exported_at: now.toISOString(),
    account: {
      email: user.email,
      name: user.name,
      gender: user.gender,
      teamsport_association: user.teamsportAssociation,
      language: user.locale,
      market: user.market,
      email_validated: user.emailValidatedAt !== null,
      social_sign_in: user.oauthProvider,
      created_at: user.createdAt.toISOString(),
    },
    newsletter: {
      newsletter: user.newsletter,
      email_notifications: user.emailNotifications,
      sms: user.sms,
      frequency: user.frequency,
    },
    email_change: change
      ? {
          new_email: change.newEmail,
          requested_at: change.createdAt.toISOString(),
          expires_at: change.expiresAt.toISOString(),
          confirmed_at: change.confirmedAt?.toISOString() ?? null,
        }
      : null,
    addresses: book.map((a) => ({
      name: a.name,
      company: a.company,
      address: a.address,
      address2: a.address2,
      addr_number: a.addrNumber,
      post_nummer: a.postNummer,
      town: a.town,
      country: a.country,
      state: a.state,
      phone: a.phone,
      default_delivery: a.defaultDelivery,
      default_billing: a.defaultBilling,
    })),
    ...(await elsewhere(db, { id: user.id, email: user.email })),
  };
}
