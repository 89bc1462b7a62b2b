import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { HttpError, RetryLaterError } from "#kernel/errors.ts";

/** What time it is; the limits take it as a parameter so tests can move time on instead of waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * Log-in attempts one IP address may make per minute (across accounts), and password-reset requests
 * per minute per IP address and per account.
 */
export const ATTEMPTS_PER_MINUTE = 10;
/** Wrong passwords one IP address may try on one account before it is stopped for that account. */
export const LOGIN_FAILURES_PER_IP_AND_ACCOUNT = 5;
/** How long that stop lasts, counted from the first of those wrong passwords. */
export const IP_AND_ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** Wrong passwords an account takes from anywhere before each further attempt must wait. */
export const LOGIN_FREE_FAILURES = 10;
/** The longest wait between two attempts on an account, however many wrong passwords it has seen. */
export const LOGIN_DELAY_CAP_SECONDS = 15 * 60;
/** An account's wrong passwords are forgotten after this long without one. */
export const LOGIN_FAILURE_MEMORY_SECONDS = 24 * 3600;
/** Accounts one address may create per minute: offices and mobile networks share addresses. */
export const SIGNUPS_PER_MINUTE_PER_IP = 10;
/** Accounts the whole shop creates per minute: each costs a password hash, which must not be a lever. */
export const SIGNUPS_PER_MINUTE = 60;
/** Validation mails one e-mail address receives per hour, however they are asked for. */
export const VALIDATION_MAILS_PER_HOUR = 3;
/** Validation mails one IP address may ask for per minute (across e-mail addresses). */
export const VALIDATION_MAILS_PER_MINUTE_PER_IP = 10;

/**
 * Counts one attempt against each key in a fixed one-minute window, kept in the database so every
 * process behind a load balancer counts together. Throws 429 once a key is over the limit.
 */
export async function countAttempt(
  db: Db,
  keys: string[],
  limit = ATTEMPTS_PER_MINUTE,
  windowSeconds = 60,
  now = new Date(),
): Promise<void> {
  let over = false;
  for (const key of keys) {
    const count = await countInWindow(db, key, windowSeconds, now);
    if (count > limit) over = true;
  }
  if (over) throw new HttpError(429, "rate_limited", "Too many attempts. Wait a minute and try again.");
}

/** One more in the key's fixed window (a new window once the last one is over); the count so far. */
async function countInWindow(db: Db, key: string, windowSeconds: number, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await rows<{ count: number }>(
    db,
    sql`
      insert into rate_limit_hits (key, window_start, count) values (${key}, ${at}, 1)
      on conflict (key) do update set
        count = case when rate_limit_hits.window_start <= ${at} - make_interval(secs => ${windowSeconds})
                     then 1 else rate_limit_hits.count + 1 end,
        window_start = case when rate_limit_hits.window_start <= ${at} - make_interval(secs => ${windowSeconds})
                     then ${at} else rate_limit_hits.window_start end
      returning count`,
  );
  return row?.count ?? 0;
}

// ------------------------------------------------------------------------------------------------
// Log-in: three limits, none of which lets a stranger lock a member out (decision 0025).

const ipKey = (ip: string) => `login:ip:${ip}`;
const ipAndAccountKey = (ip: string, email: string) => `login:ip-account:${ip}|${email}`;
const accountKey = (email: string) => `login:account-failures:${email}`;

/** How long an account makes the next attempt wait after `failures` wrong passwords in a row. */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_DELAY_CAP_SECONDS);
}

const paused = (seconds: number) =>
  new RetryLaterError("login_delayed", "account.error.loginDelayed", Math.max(1, Math.ceil(seconds)));

/**
 * Lets a log-in attempt through to the password check, or throws 429:
 *  - per IP address, across accounts: ATTEMPTS_PER_MINUTE attempts a minute (`rate_limited`);
 *  - per IP address and account: after LOGIN_FAILURES_PER_IP_AND_ACCOUNT wrong passwords that
 *    address is stopped for that account until its window is over (`login_delayed`);
 *  - per account, from anywhere: after LOGIN_FREE_FAILURES wrong passwords each further attempt
 *    must wait 2^k seconds (k = wrong passwords beyond the free ones, at most
 *    LOGIN_DELAY_CAP_SECONDS) after the last one (`login_delayed`, with Retry-After). Attempts
 *    refused while waiting do not count and do not lengthen the wait, so once it has passed the
 *    member's next attempt is checked like any other, from whichever address.
 * The account's attempt is counted as a wrong password as it is let through (so that attempts sent
 * at the same moment cannot all pass one free slot); `loginSucceeded` clears it.
 * Accounts that do not exist are limited the same way, so the answers reveal nothing.
 */
export async function admitLogIn(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await countAttempt(db, [ipKey(ip)], ATTEMPTS_PER_MINUTE, 60, now);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [pair] = await rows<{ count: number; window_start: string | Date }>(
    db,
    sql`select count, window_start from rate_limit_hits
        where key = ${ipAndAccountKey(ip, email)}
          and window_start > ${at} - make_interval(secs => ${IP_AND_ACCOUNT_WINDOW_SECONDS})`,
  );
  if (pair && pair.count >= LOGIN_FAILURES_PER_IP_AND_ACCOUNT) {
    const ends = new Date(pair.window_start).getTime() + IP_AND_ACCOUNT_WINDOW_SECONDS * 1000;
    throw paused((ends - now.getTime()) / 1000);
  }
  // One statement decides and counts, so that parallel attempts cannot share one free moment.
  const admitted = await rows<{ count: number }>(
    db,
    sql`
      insert into rate_limit_hits (key, window_start, count) values (${accountKey(email)}, ${at}, 1)
      on conflict (key) do update set
        count = case when rate_limit_hits.window_start <= ${at} - make_interval(secs => ${LOGIN_FAILURE_MEMORY_SECONDS})
                     then 1 else rate_limit_hits.count + 1 end,
        window_start = ${at}
      where rate_limit_hits.count < ${LOGIN_FREE_FAILURES}
         or rate_limit_hits.window_start <= ${at} - make_interval(secs => least(
              power(2, rate_limit_hits.count - ${LOGIN_FREE_FAILURES}), ${LOGIN_DELAY_CAP_SECONDS}))
      returning count`,
  );
  if (admitted.length > 0) return;
  const [account] = await rows<{ count: number; window_start: string | Date }>(
    db,
    sql`select count, window_start from rate_limit_hits where key = ${accountKey(email)}`,
  );
  const last = account ? new Date(account.window_start).getTime() : now.getTime();
  const wait = loginDelaySeconds(account?.count ?? LOGIN_FREE_FAILURES) * 1000;
  throw paused((last + wait - now.getTime()) / 1000);
}

/** A wrong password: counted against this IP address for this account (the account's is counted). */
export async function loginFailed(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await countInWindow(db, ipAndAccountKey(ip, email), IP_AND_ACCOUNT_WINDOW_SECONDS, now);
}

/**
 * A new password set with a reset link (whoever did it owns the mailbox): the account's wrong
 * passwords are forgotten, so the member can log in at once.
 */
export async function forgetLoginFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where key = ${accountKey(email)}`);
}

/** The right password: the account's wrong passwords, and this address's on it, are forgotten. */
export async function loginSucceeded(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(
    sql`delete from rate_limit_hits where key in (${accountKey(email)}, ${ipAndAccountKey(ip, email)})`,
  );
}

/**
 * A sign-up is counted before its password is hashed: per IP address, for the whole shop, and as a
 * validation mail to its e-mail address. Throws 429 when any is over.
 */
export async function countSignUp(db: Db, ip: string, email: string): Promise<void> {
  await countAttempt(db, [`signup:ip:${ip}`], SIGNUPS_PER_MINUTE_PER_IP);
  await countAttempt(db, ["signup:all"], SIGNUPS_PER_MINUTE);
  await countValidationMail(db, ip, email);
}

/**
 * A validation mail asked for (at sign-up or again): a few per e-mail address an hour, whether or not
 * it has an account (the answer must not tell), and a limit per IP address.
 */
export async function countValidationMail(db: Db, ip: string, email: string): Promise<void> {
  await countAttempt(db, [`validation-mail:ip:${ip}`], VALIDATION_MAILS_PER_MINUTE_PER_IP);
  await countAttempt(
    db,
    [`validation-mail:address:${email.trim().toLowerCase()}`],
    VALIDATION_MAILS_PER_HOUR,
    3600,
  );
}

/** The longest window a limit counts in; a row older than this counts for nothing. */
export const LONGEST_RATE_WINDOW_SECONDS = 86_400;

/** The scheduled purge: counters whose window ended long ago are only weight. */
export async function purgeRateLimitHits(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_RATE_WINDOW_SECONDS * 1000);
  const purged = await rows<{ key: string }>(
    db,
    sql`delete from rate_limit_hits where window_start < ${before.toISOString()}::timestamptz returning key`,
  );
  return purged.length;
}
