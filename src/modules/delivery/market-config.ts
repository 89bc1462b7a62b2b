import { asc, eq } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import { concurrently, type Db, type Tx } from "#db/client.ts";
import { suppliers } from "#modules/catalog/catalog.schema.ts";
import { paymentMethods } from "#modules/payments/payments.schema.ts";
import { deliveryMethods } from "./delivery.schema.ts";

/**
 * A market's delivery and payment methods and the suppliers: the shop's set-up, read by every bag
 * and checkout call. Each process keeps it for 30 seconds, so an operator's change shows within that
 * time; inside a transaction (placing an order) it is always read afresh.
 */
export const MARKET_CONFIG_TTL_MS = 30_000;

async function read(db: Db | Tx, market: string) {
  const [methods, payments, supplierRows] = await concurrently(db, [
    () =>
      db
        .select()
        .from(deliveryMethods)
        .where(eq(deliveryMethods.market, market))
        .orderBy(asc(deliveryMethods.sort), asc(deliveryMethods.id)),
    () =>
      db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.market, market))
        .orderBy(asc(paymentMethods.sort), asc(paymentMethods.id)),
    () => db.select().from(suppliers),
  ] as const);
  return { methods, payments, suppliers: supplierRows };
}

export type MarketConfig = Awaited<ReturnType<typeof read>>;

const caches = new WeakMap<object, LRUCache<string, Promise<MarketConfig>>>();

export function marketConfig(db: Db | Tx, market: string): Promise<MarketConfig> {
  if (db instanceof PgTransaction) return read(db, market);
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Promise<MarketConfig>>({ max: 50, ttl: MARKET_CONFIG_TTL_MS });
    caches.set(db, cache);
  }
  const cached = cache.get(market);
  if (cached) return cached;
  const reading = read(db, market);
  cache.set(market, reading);
  reading.catch(() => cache.delete(market));
  return reading;
}
