// The unsubscribe link of every reminder mail (decision 0058): a token naming the address mailed,
// a page in the shop's language that withdraws the consent with a button, and the one-click POST
// a mail client sends for the mail's List-Unsubscribe header (RFC 8058). No log-in either way.
import crypto from "node:crypto";
import { eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { maskEmail, withdrawNewsletterConsent } from "#modules/accounts/profile.service.ts";
import type { ReminderUnsubscribeOutput } from "./cart.contract.ts";
import { reminderOptOuts, reminderUnsubscribeTokens } from "./cart.schema.ts";

/** The page (GET) and the one-click address (POST) of the link, on the market's configured host. */
export const REMINDER_UNSUBSCRIBE_PATH = "/reminders/unsubscribe/";
/** How long an unsubscribe link works: long after the mail, as a mailbox keeps it. */
export const REMINDER_UNSUBSCRIBE_DAYS = 365;
/** Tries of the page and its button one address may make per minute (a token cannot be guessed). */
export const UNSUBSCRIBES_PER_MINUTE = 30;
/**
 * One-click requests per minute from one address: they come from the mail providers' servers, which
 * unsubscribe many shoppers from the same few addresses.
 */
export const ONE_CLICK_UNSUBSCRIBES_PER_MINUTE = 600;

const DAY = 86_400_000;
/** 32 random bytes in base64url; only the SHA-256 is kept. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** What a link stands for, for its page (reading changes nothing: mail scanners open links). */
export type ReminderUnsubscribeLink =
  | { state: "pending" | "withdrawn"; email: string; member: boolean }
  | { state: "expired" | "unknown" };

/**
 * Makes the unsubscribe link of one reminder mail, in the transaction that queues the mail: the
 * address mailed and, for a member, the account. Answers the token for the link.
 */
export async function issueReminderUnsubscribe(
  tx: Db | Tx,
  recipient: { email: string; userId: number | null },
  now: Date,
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(reminderUnsubscribeTokens).values({
    tokenHash: hashToken(token),
    email: recipient.email,
    userId: recipient.userId,
    expiresAt: new Date(now.getTime() + REMINDER_UNSUBSCRIBE_DAYS * DAY),
  });
  return token;
}

async function findLink(db: Db | Tx, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select()
    .from(reminderUnsubscribeTokens)
    .where(eq(reminderUnsubscribeTokens.tokenHash, hashToken(token)));
  return row ?? null;
}

/** The page's view of a link: still to use, used already, expired, or not one the shop made. */
export async function readReminderUnsubscribe(
  db: Db,
  token: string,
  now: Date,
): Promise<ReminderUnsubscribeLink> {
  const row = await findLink(db, token);
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "withdrawn", email: maskEmail(row.email), member: row.userId !== null };
  if (row.expiresAt <= now) return { state: "expired" };
  return { state: "pending", email: maskEmail(row.email), member: row.userId !== null };
}

/**
 * Withdraws the consent a reminder was sent on: a guest's address goes on the list no reminder is
 * sent to; a member's newsletter consent goes off (the account's settings show it). The first use
 * records when and how; using the link again answers `already` and changes nothing. An unknown or
 * malformed token is refused with a field error on `token`; so is an expired one never used.
 */
export async function withdrawReminderConsent(
  db: Db,
  token: string,
  via: "page" | "one-click",
  now: Date,
): Promise<ReminderUnsubscribeOutput> {
  return db.transaction(async (tx) => {
    const row = await findLink(tx, token);
    if (!row)
      throw new HttpError(400, "invalid_token", "This unsubscribe link is not valid.", {
        token: ["reminders.unsubscribe.unknown"],
      });
    const answer = { success: true as const, email: maskEmail(row.email), member: row.userId !== null };
    if (row.usedAt) return { ...answer, status: "already" as const };
    if (row.expiresAt <= now)
      throw new HttpError(400, "expired_token", "This unsubscribe link has expired.", {
        token: ["reminders.unsubscribe.expired"],
      });
    const [claimed] = await tx
      .update(reminderUnsubscribeTokens)
      .set({ usedAt: now })
      .where(
        sql`${reminderUnsubscribeTokens.tokenHash} = ${row.tokenHash} and ${reminderUnsubscribeTokens.usedAt} is null`,
      )
      .returning({ tokenHash: reminderUnsubscribeTokens.tokenHash });
    // The same link used twice at once: the other use recorded it.
    if (!claimed) return { ...answer, status: "already" as const };
    if (row.userId !== null) await withdrawNewsletterConsent(tx, row.userId);
    else
      await tx
        .insert(reminderOptOuts)
        .values({ email: row.email.toLowerCase(), withdrawnAt: now, via })
        .onConflictDoNothing();
    return { ...answer, status: "withdrawn" as const };
  });
}

/** Links a month past their year go with the reminders' run (until then the page says "expired"). */
export async function purgeExpiredUnsubscribeLinks(db: Db | Tx, now: Date): Promise<void> {
  await db
    .delete(reminderUnsubscribeTokens)
    .where(lte(reminderUnsubscribeTokens.expiresAt, new Date(now.getTime() - 30 * DAY)));
}
