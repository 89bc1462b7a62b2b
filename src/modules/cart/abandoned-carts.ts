import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";

/** An anonymous bag untouched this long is abandoned: its session has long expired too. */
export const ABANDONED_CART_DAYS = 30;

/**
 * The scheduled purge of anonymous bags nobody can reach any more: untouched for 30 days, or whose
 * session is gone (expired and purged, or ended at log-out). Lines, vouchers, gift cards and the
 * checkout go with the bag (on delete cascade). Members' bags are kept: they are the member's.
 */
export async function purgeAbandonedCarts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_CART_DAYS * 86_400_000);
  const purged = await rows<{ id: number }>(
    db,
    sql`delete from carts c
         where c.user_id is null
           and (c.updated_at < ${before.toISOString()}::timestamptz
                or c.session_id is null
                or not exists (select 1 from sessions s where s.id = c.session_id))
        returning c.id`,
  );
  return purged.length;
}
