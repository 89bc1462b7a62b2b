import { LRUCache } from "lru-cache";
import type { Db } from "#db/client.ts";
import { CATALOGUE_MAX_AGE_MS, revisionParts } from "./catalogue-cache.ts";
import { followStockChanges, lastStockChanges } from "./stock-changes.ts";

interface Kept<T> {
  /** The catalogue part of the revision the value was read at, and the stock part. */
  structural: string;
  stock: number;
  value: T;
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
    const found = new Map<number, T>();
    const missing = new Set<number>();
    /** Kept at another stock revision: right unless the product's stock changed since. */
    const toCheck: { id: number; hit: Kept<T> }[] = [];
    for (const id of productIds) {
      if (found.has(id) || missing.has(id)) continue;
      const hit = cache.get(`${variant}:${id}`);
      if (!hit || hit.structural !== structural) missing.add(id);
      else if (hit.stock === stock) found.set(id, hit.value);
      // (With no stock part, nothing was followed: `followedSince` is infinite.)
      else if (!(hit.stock >= followedSince)) missing.add(id);
      else toCheck.push({ id, hit });
    }
    if (toCheck.length > 0) {
      const lastChange = await lastStockChanges(cacheOf, stock, mayReadChanges);
      for (const { id, hit } of toCheck) {
        if (lastChange && (lastChange.get(id) ?? 0) <= hit.stock) found.set(id, hit.value);
        else missing.add(id);
      }
    }
    if (missing.size > 0)
      for (const [id, value] of await readMissing([...missing])) {
        found.set(id, value);
        cache.set(`${variant}:${id}`, { structural, stock, value });
      }
    return found;
  }
}
