import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#server/plugins/errors.ts";

/** Log-in and password-reset attempts allowed per minute, per IP address and per account. */
export const ATTEMPTS_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

/**
 * Counts one attempt against each key in a fixed one-minute window, kept in the database so every
 * process behind a load balancer counts together. Throws 429 once a key is over the limit.
 */
export async function countAttempt(db: Db, keys: string[], limit = ATTEMPTS_PER_MINUTE): Promise<void> {
  let over = false;
  for (const key of keys) {
    const result = await db.execute(sql`
      insert into rate_limit_hits (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limit_hits.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
                     then 1 else rate_limit_hits.count + 1 end,
        window_start = case when rate_limit_hits.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
                     then now() else rate_limit_hits.window_start end
      returning count`);
    const [row] = (result as unknown as { rows: { count: number }[] }).rows;
    if ((row?.count ?? 0) > limit) over = true;
  }
  if (over) throw new HttpError(429, "rate_limited", "Too many attempts. Wait a minute and try again.");
}
