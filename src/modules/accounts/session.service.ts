import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { SessionUser } from "#kernel/session-user.ts";
import { sessions, users } from "./accounts.schema.ts";

export const SESSION_COOKIE = "sessionid";
export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function newToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/**
 * A live session as a request sees it: whose it is and until when. Its data (what
 * `updateSessionData` wrote) is not part of it: loaded sessions are cached for a few seconds
 * (decision 0048), so whoever needs the data reads it fresh with `readSessionData`.
 */
export interface LoadedSession {
  id: string;
  user: SessionUser | null;
  expiresAt: Date;
}

/** One query: the session row and its member, or null when unknown or expired. */
export async function loadSession(db: Db, token: string): Promise<LoadedSession | null> {
  const id = hashToken(token);
  const rows = await db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      emailValidatedAt: users.emailValidatedAt,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const user =
    row.userId && row.email && !row.deletedAt
      ? {
          id: row.userId,
          email: row.email,
          name: row.name ?? "",
          emailValidated: row.emailValidatedAt !== null,
        }
      : null;
  return { id: row.id, user, expiresAt: row.expiresAt };
}

/** Creates a session row and returns the cookie token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number | null,
  data: Record<string, unknown> = {},
): Promise<{ token: string; id: string }> {
  const token = newToken();
  const id = hashToken(token);
  await db
    .insert(sessions)
    .values({ id, userId, data, expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS) });
  return { token, id };
}

/**
 * Log-in and log-out issue a new session id so a token planted before log-in is worthless after
 * it. The anonymous session's data (bag, favourites) carries over to the new one.
 */
export async function rotateSession(
  db: Db,
  oldId: string | null,
  userId: number | null,
): Promise<{ token: string; id: string }> {
  return db.transaction(async (tx) => {
    let data: Record<string, unknown> = {};
    if (oldId) {
      const [old] = await tx
        .delete(sessions)
        .where(eq(sessions.id, oldId))
        .returning({ data: sessions.data });
      if (old && userId !== null) data = old.data;
    }
    return createSession(tx as unknown as Db, userId, data);
  });
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The sliding expiry: a session past half its life is extended to a full one (and its last visit
 * noted), so a session is written at most once per half life (15 days), never per request. Called
 * when a process loads the session, not when it finds it in its cache. Answers the session as it now is.
 */
export async function touchSession(db: Db, session: LoadedSession): Promise<LoadedSession> {
  if (session.expiresAt.getTime() - Date.now() > (SESSION_DAYS / 2) * DAY_MS) return session;
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, session.id));
  return { ...session, expiresAt };
}

export async function updateSessionData(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db
    .update(sessions)
    .set({ data: sql`${sessions.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sessions.id, id));
}

/** A session's data (what `updateSessionData` wrote), or an empty object when the session is gone. */
export async function readSessionData(db: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await db.select({ data: sessions.data }).from(sessions).where(eq(sessions.id, id));
  return row?.data ?? {};
}

/**
 * The scheduled purge: a session past its expiry can never be used again (loadSession refuses it),
 * anonymous visitors' and bots' included.
 */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const removed = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return removed.length;
}
