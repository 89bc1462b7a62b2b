import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { productStockChanges } from "./catalog.schema.ts";

/**
 * Which products' stock changed, per process (decision 0097): the rows a trigger writes for each stock
 * change (migration 0032), read once for every move of the stock revision. A card kept at stock
 * revision S is still right at a later revision when its product's last change is at S or before.
 */

/**
 * How long a change's row is kept. Longer than a card is ever kept (CATALOGUE_MAX_AGE_MS): a process
 * that has not read the changes for longer than this holds no card they could concern.
 */
export const STOCK_CHANGE_KEEP_MS = 10 * 60_000;

interface Tracker {
  /** Every change up to this stock revision has been read. */
  known: number;
  /** Product id → the latest stock revision that changed it, of those read. */
  lastChange: Map<number, number>;
  reading: Promise<void> | null;
}

const trackers = new WeakMap<Db, Tracker>();

/**
 * Starts following the changes from `stock` on, for the cards kept from then (the card cache calls
 * it when it is made, before it keeps a card).
 */
export function followStockChanges(db: Db, stock: number): void {
  if (!trackers.has(db)) trackers.set(db, { known: stock, lastChange: new Map(), reading: null });
}

/**
 * The latest stock revision at which each product changed (products absent did not change since
 * this process began following), with every change up to `stock` read first: callers asking while a
 * read is under way share it. A change written but not yet committed when it is read is missed; the
 * cards' time limit (CATALOGUE_MAX_AGE_MS) bounds how long that shows, as for every catalogue cache.
 */
export async function lastStockChanges(db: Db, stock: number): Promise<ReadonlyMap<number, number>> {
  const tracker = trackers.get(db);
  if (!tracker) throw new Error("stock changes are not followed for this database");
  while (tracker.known < stock) {
    if (!tracker.reading) {
      const from = tracker.known;
      tracker.reading = rows<{ product_id: number; revision: number | string }>(
        db,
        sql`select product_id, revision from product_stock_changes where revision > ${from}`,
      )
        .then((changes) => {
          let known = Math.max(tracker.known, stock);
          for (const change of changes) {
            const revision = Number(change.revision);
            const productId = Number(change.product_id);
            if (revision > (tracker.lastChange.get(productId) ?? 0))
              tracker.lastChange.set(productId, revision);
            known = Math.max(known, revision);
          }
          tracker.known = known;
        })
        .finally(() => {
          tracker.reading = null;
        });
    }
    await tracker.reading;
  }
  return tracker.lastChange;
}

/** Removes the changes older than STOCK_CHANGE_KEEP_MS (a scheduled job); how many it removed. */
export async function purgeStockChanges(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STOCK_CHANGE_KEEP_MS);
  const purged = await db
    .delete(productStockChanges)
    .where(sql`${productStockChanges.changedAt} < ${before.toISOString()}::timestamptz`)
    .returning({ productId: productStockChanges.productId });
  return purged.length;
}
