import { LRUCache } from "lru-cache";
import type { Db } from "#db/client.ts";
import { CATALOGUE_MAX_AGE_MS, revisionParts } from "./catalogue-cache.ts";
import {
  followStockChanges,
  knownStockChanges,
  lastStockChanges,
  type StockChanges,
} from "./stock-changes.ts";

interface Kept<T> {
  /** The catalogue part of the revision the value was read at, and the stock part. */
  structural: string;
  stock: number;
  /** How many reads of the stock changes had ended before the value was read. */
  changesRead: number;
  value: T;
}

/**
 * Whether the product's latest stock change may be missing from a kept value: one at a later stock
 * revision, or one found by a read of the changes that ended after the value was read. A change
 * takes its revision a moment before it can be read (migration 0032), so a value read in that moment
 * holds the stock from before a change at its own revision or earlier; a read of the changes that
 * ended before the value was read found only changes the value's read could see.
 */
function mayMissChange(changes: StockChanges | null, id: number, kept: Kept<unknown>): boolean {
  if (!changes) return false;
  const last = changes.lastChange.get(id);
  if (last === undefined) return false;
  return last > kept.stock || (changes.learnedIn.get(id) ?? 0) > kept.changesRead;
}

/**
 * Values read per product (a listing's cards, the product facts a bag shows) and kept per process
 * and per database, for at most the catalogue cache's age (decisions 0096, 0097 and 0106). A kept
 * value serves while the catalogue revision it was read at holds; a sale moves only the stock
 * revision, and then only the values of the products whose stock changed are read again. Kept
 * values are shared: callers never change them.
 */
export class KeptPerProduct<T> {
  private readonly caches = new WeakMap<Db, LRUCache<string, Kept<T>>>();

  private readonly maxEntries: number;

  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }

  /**
   * The values of `productIds` at `revision` (read just now), by product id: those kept and still
   * right, and the others read with `readMissing` (each id once) and kept. `variant` tells apart
   * values of one product that differ (a currency). `cacheOf` is the database the values belong to;
   * with `mayReadChanges` false (a caller inside a transaction) the stock changes are not read, and
   * a value they would have to vouch for is read again instead. A product `readMissing` does not
   * answer is left out.
   */
  async get(
    cacheOf: Db,
    variant: string,
    productIds: readonly number[],
    revision: string,
    mayReadChanges: boolean,
    readMissing: (productIds: number[]) => Promise<Iterable<readonly [number, T]>>,
  ): Promise<Map<number, T>> {
    const { structural, stock } = revisionParts(revision);
    let cache = this.caches.get(cacheOf);
    if (!cache) {
      cache = new LRUCache<string, Kept<T>>({ max: this.maxEntries, ttl: CATALOGUE_MAX_AGE_MS });
      this.caches.set(cacheOf, cache);
    }
    // Values kept at a stock revision before the changes were followed are not known to be right.
    const followedSince = Number.isNaN(stock) ? Number.POSITIVE_INFINITY : followStockChanges(cacheOf, stock);
    // What the process has read of the changes already: a value at this very revision is checked
    // against it without reading again.
    const known = knownStockChanges(cacheOf);
    const found = new Map<number, T>();
    const missing = new Set<number>();
    /** Kept at another stock revision: right unless the product's stock changed since. */
    const toCheck: { id: number; hit: Kept<T> }[] = [];
    /** Kept at this very revision and found right by the changes known before this call's read. */
    const atRevision: { id: number; hit: Kept<T> }[] = [];
    const seen = new Set<number>();
    for (const id of productIds) {
      if (seen.has(id)) continue;
      seen.add(id);
      const hit = cache.get(`${variant}:${id}`);
      if (!hit || hit.structural !== structural) missing.add(id);
      else if (hit.stock === stock) {
        if (mayMissChange(known, id, hit)) missing.add(id);
        else {
          found.set(id, hit.value);
          atRevision.push({ id, hit });
        }
      }
      // (With no stock part, nothing was followed: `followedSince` is infinite.)
      else if (!(hit.stock >= followedSince)) missing.add(id);
      else toCheck.push({ id, hit });
    }
    if (toCheck.length > 0) {
      const changes = await lastStockChanges(cacheOf, stock, mayReadChanges);
      for (const { id, hit } of toCheck) {
        if (changes && !mayMissChange(changes, id, hit)) found.set(id, hit.value);
        else missing.add(id);
      }
      // The read just made may have found a change those values could not see.
      for (const { id, hit } of atRevision)
        if (mayMissChange(changes, id, hit)) {
          found.delete(id);
          missing.add(id);
        }
    }
    if (missing.size > 0) {
      // Taken before the read: a read of the changes ending during it may find one it did not see.
      const changesRead = knownStockChanges(cacheOf)?.reads ?? 0;
      for (const [id, value] of await readMissing([...missing])) {
        found.set(id, value);
        cache.set(`${variant}:${id}`, { structural, stock, changesRead, value });
      }
    }
    return found;
  }
}
