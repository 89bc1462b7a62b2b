import { sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { productStockChanges } from "./catalog.schema.ts";

/**
 * Which products' stock changed, per process (decision 0097): the rows a deferred trigger writes for
 * each stock change as its transaction commits (migration 0032), read once for every move of the
 * stock revision. A card kept at stock revision S is still right at a later revision when its
 * product's last change is at S or before, and was read before the card was (decision 0106: a
 * change takes its revision a moment before it can be read, so a card read in that moment holds the
 * stock from before a change at S or earlier).
 */

/**
 * How long a change's row is kept. Longer than a card is ever kept (CATALOGUE_MAX_AGE_MS): a process
 * that has not read the changes for longer than this holds no card they could concern.
 */
export const STOCK_CHANGE_KEEP_MS = 10 * 60_000;

/**
 * How many revisions each read goes back over what the last one read. The trigger takes a change's
 * revision as its transaction commits, a moment before the row can be read: a read in that moment
 * misses the row, and the next reads, going back this far, find it.
 */
const REREAD_REVISIONS = 100;

interface Tracker {
  /** The first stock revision followed: a card kept at an earlier one is not known to be right. */
  since: number;
  /** Every change up to this stock revision has been read. */
  known: number;
  /** Product id → the latest stock revision that changed it, of those read. */
  lastChange: Map<number, number>;
  /** Product id → the last read (counted from 1) that found a change of it not found before. */
  learnedIn: Map<number, number>;
  /**
   * The changes ("revision:product") the last read found. Each read goes back over the one before,
   * so a change it finds that is not here is new to the process, whatever its revision: two sales of
   * one product can become readable in the other order than their revisions.
   */
  found: Set<string>;
  /** How many reads of the changes have ended. */
  reads: number;
  reading: Promise<void> | null;
}

/** The changes a process has read so far. */
export interface StockChanges {
  /** Product id → the latest stock revision that changed it (products absent did not change). */
  readonly lastChange: ReadonlyMap<number, number>;
  /** Product id → the last read that found a change of it not found before. */
  readonly learnedIn: ReadonlyMap<number, number>;
  /** How many reads had ended: a value read after this many knows of every change they found. */
  readonly reads: number;
}

const trackers = new WeakMap<Db, Tracker>();

/**
 * Follows the changes of `db` from `stock` on (from the first revision it is called with), and gives
 * the revision it follows them since: the card cache keeps no card as right from before it.
 */
export function followStockChanges(db: Db, stock: number): number {
  let tracker = trackers.get(db);
  if (!tracker) {
    tracker = {
      since: stock,
      known: stock,
      lastChange: new Map(),
      learnedIn: new Map(),
      found: new Set(),
      reads: 0,
      reading: null,
    };
    trackers.set(db, tracker);
  }
  return tracker.since;
}

/** The changes read so far, without reading (null before the process follows any). */
export function knownStockChanges(db: Db): StockChanges | null {
  return trackers.get(db) ?? null;
}

/**
 * The changes read up to `stock` (products absent did not change since the process began
 * following), or null when that would need a read and `mayRead` is false: a caller inside a
 * transaction must not wait for another connection's read (PGlite's one connection would wait for
 * that transaction). Callers asking while a read is under way share it.
 */
export async function lastStockChanges(db: Db, stock: number, mayRead = true): Promise<StockChanges | null> {
  const tracker = trackers.get(db);
  if (!tracker) return null;
  while (tracker.known < stock) {
    if (!mayRead) return null;
    if (!tracker.reading) {
      const from = tracker.known - REREAD_REVISIONS;
      tracker.reading = rows<{ product_id: number; revision: number | string }>(
        db,
        sql`select product_id, revision from product_stock_changes where revision > ${from}`,
      )
        .then((changes) => {
          const read = tracker.reads + 1;
          const found = new Set<string>();
          let known = Math.max(tracker.known, stock);
          for (const change of changes) {
            const revision = Number(change.revision);
            const productId = Number(change.product_id);
            const key = `${revision}:${productId}`;
            found.add(key);
            if (!tracker.found.has(key)) tracker.learnedIn.set(productId, read);
            if (revision > (tracker.lastChange.get(productId) ?? 0))
              tracker.lastChange.set(productId, revision);
            known = Math.max(known, revision);
          }
          tracker.known = known;
          tracker.found = found;
          tracker.reads = read;
        })
        .finally(() => {
          tracker.reading = null;
        });
    }
    await tracker.reading;
  }
  return tracker;
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
