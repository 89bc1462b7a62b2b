import { count } from "drizzle-orm";
import type { Database } from "../client.ts";
import { users } from "../schema.ts";

export interface SeedOptions {
  products: number;
  seed: number;
  dataDir: string;
}

export interface SeedResult {
  products: number;
  ms: number;
}

/** Seeds the demo shop when the database holds no data yet; returns null when it already had some. */
export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<SeedResult | null> {
  const [row] = await database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  return seedDemoShop(database, options);
}

export async function seedDemoShop(_database: Database, _options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  return { products: 0, ms: Date.now() - started };
}
