import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import type { SessionUser } from "#kernel/session-user.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import type { LoginInput, SignupInput } from "./accounts.contract.ts";
import { authTokens, users } from "./accounts.schema.ts";
import { hashNewPassword, hashPassword, verifyPassword } from "./password.ts";
import {
  admitLogIn,
  type Clock,
  countAttempt,
  forgetLoginFailures,
  loginFailed,
  loginSucceeded,
  systemClock,
} from "./rate-limit.service.ts";
import { destroyUserSessions, hashToken, newToken } from "./session.service.ts";

export const VALIDATION_HOURS = 48;
export const RESET_HOURS = 2;
const HOUR = 3_600_000;

// A hash to verify against when the account does not exist, so a wrong e-mail costs as much time
// as a wrong password and the answer time does not tell which accounts exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return decoyHash;
};

const toSessionUser = (row: typeof users.$inferSelect): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  emailValidated: row.emailValidatedAt !== null,
});

/**
 * What a sign-up did. The caller answers both the same way, so the answer does not tell whether the
 * address has an account; only the mail differs, and it goes to the address's owner.
 */
export type SignUpOutcome =
  | { created: true; user: SessionUser; validationToken: string }
  | { created: false; owner: { email: string; name: string }; locale: UiLocale };

/**
 * A new account, or the account that already has this address. Both cost the same work: the
 * password is checked and hashed first (so a common password is refused on both paths alike), then
 * one insert is tried.
 */
export async function signUp(
  db: Db,
  input: SignupInput,
  context: { locale: UiLocale; market: string },
): Promise<SignUpOutcome> {
  const passwordHash = await hashNewPassword(input.password);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        name: input.name,
        newsletter: input.newsletter,
        locale: context.locale,
        market: context.market,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) {
      const [owner] = await tx
        .select({ email: users.email, name: users.name, locale: users.locale })
        .from(users)
        .where(eq(users.email, input.email));
      if (!owner) throw new Error("sign-up: the insert met an account that is not there");
      return {
        created: false as const,
        owner: { email: owner.email, name: owner.name },
        locale: owner.locale as UiLocale,
      };
    }
    const validationToken = await issueToken(tx as unknown as Db, row.id, "validate_email", VALIDATION_HOURS);
    return { created: true as const, user: toSessionUser(row), validationToken };
  });
}

async function issueToken(
  db: Db,
  userId: number,
  purpose: "validate_email" | "reset_password",
  hours: number,
) {
  const token = newToken();
  await db.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + hours * HOUR),
  });
  return token;
}

/**
 * Checks the password within the log-in limits (rate-limit.service.ts, decision 0025): a wrong one
 * is counted against the account and against this IP address on it; the right one clears both.
 * `clock` is the time the limits count with.
 */
export async function logIn(
  db: Db,
  input: LoginInput,
  ip: string,
  clock: Clock = systemClock,
): Promise<SessionUser> {
  const now = clock();
  await admitLogIn(db, input.email, ip, now);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)));
  const valid = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyPassword(await decoy(), input.password).then(() => false);
  if (!row || !valid) {
    await loginFailed(db, input.email, ip, now);
    throw new HttpError(400, "invalid_credentials", "The e-mail address or the password is not right.", {
      password: ["account.error.invalidCredentials"],
    });
  }
  await loginSucceeded(db, input.email, ip);
  return toSessionUser(row);
}

/** Uses a mail link once. Unknown, used and expired links are all "not valid". */
async function consumeToken(db: Db, token: string, purpose: "validate_email" | "reset_password") {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!row)
    throw new HttpError(400, "invalid_token", "This link is not valid any more. Ask for a new one.", {
      token: ["account.error.invalidToken"],
    });
  return row.userId;
}

/**
 * Confirms the address a validation link was sent to. `onValidated` runs in the same transaction,
 * for what the modules above accounts do once an address is proven (guest orders placed with it
 * join the account, decision 0038).
 */
export async function validateEmail(
  db: Db,
  token: string,
  onValidated?: (tx: Db, user: SessionUser) => Promise<void>,
): Promise<SessionUser> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx as unknown as Db, token, "validate_email");
    const [row] = await tx
      .update(users)
      .set({ emailValidatedAt: sql`coalesce(${users.emailValidatedAt}, now())` })
      .where(eq(users.id, userId))
      .returning();
    const user = toSessionUser(row as typeof users.$inferSelect);
    await onValidated?.(tx as unknown as Db, user);
    return user;
  });
}

/** A new validation link for an account that has not confirmed its address yet; null otherwise. */
export async function newValidationToken(
  db: Db,
  email: string,
): Promise<{ user: SessionUser; locale: UiLocale; token: string } | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), isNull(users.emailValidatedAt)));
  if (!row) return null;
  return {
    user: toSessionUser(row),
    locale: row.locale as UiLocale,
    token: await issueToken(db, row.id, "validate_email", VALIDATION_HOURS),
  };
}

/** Rate-limited like log-in; null for unknown addresses, which the caller must not reveal. */
export async function newResetToken(
  db: Db,
  email: string,
  ip: string,
): Promise<{ user: SessionUser; locale: UiLocale; token: string } | null> {
  await countAttempt(db, [`reset:ip:${ip}`, `reset:account:${email}`]);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (!row) return null;
  return {
    user: toSessionUser(row),
    locale: row.locale as UiLocale,
    token: await issueToken(db, row.id, "reset_password", RESET_HOURS),
  };
}

/**
 * Sets the new password with a reset link's token, then ends every session of the member (whoever
 * was logged in with the old password is logged out) and lifts any wait on the account's log-in.
 * Answers the member's id.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<number> {
  const passwordHash = await hashNewPassword(password);
  const member = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx as unknown as Db, token, "reset_password");
    // Whoever could open the mail owns the address, so the reset also confirms it.
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailValidatedAt: sql`coalesce(${users.emailValidatedAt}, now())` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email });
    return row as { id: number; email: string };
  });
  await destroyUserSessions(db, member.id);
  await forgetLoginFailures(db, member.email);
  return member.id;
}

/** Social sign-in: the provider's verified address finds or makes the member. */
export async function findOrCreateOAuthUser(
  db: Db,
  profile: { provider: string; subject: string; email: string; name: string },
  context: { locale: UiLocale; market: string },
): Promise<SessionUser> {
  const email = profile.email.toLowerCase();
  const [bySubject] = await db
    .select()
    .from(users)
    .where(and(eq(users.oauthProvider, profile.provider), eq(users.oauthSubject, profile.subject)));
  if (bySubject) return toSessionUser(bySubject);
  const [byEmail] = await db.select().from(users).where(eq(users.email, email));
  if (byEmail) {
    const [linked] = await db
      .update(users)
      .set({
        oauthProvider: profile.provider,
        oauthSubject: profile.subject,
        emailValidatedAt: sql`coalesce(${users.emailValidatedAt}, now())`,
      })
      .where(eq(users.id, byEmail.id))
      .returning();
    return toSessionUser(linked as typeof users.$inferSelect);
  }
  const [created] = await db
    .insert(users)
    .values({
      email,
      name: profile.name,
      oauthProvider: profile.provider,
      oauthSubject: profile.subject,
      emailValidatedAt: new Date(),
      locale: context.locale,
      market: context.market,
    })
    .returning();
  return toSessionUser(created as typeof users.$inferSelect);
}
