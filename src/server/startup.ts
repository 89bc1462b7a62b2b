import { type Database, openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { seedIfEmpty } from "#seed/seed.ts";
import type { AppConfig } from "./config.ts";

interface Logger {
  info(message: string): void;
}

/** Opens the database, applies migrations and seeds the demo shop on first start. */
export async function prepareDatabase(config: AppConfig, log: Logger): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    acquireTimeoutMs: config.databaseAcquireTimeoutMs,
  });
  try {
    await runMigrations(database);
    const seeded = await seedIfEmpty(database, {
      products: config.seedProducts,
      seed: config.seed,
      dataDir: config.dataDir,
    });
    if (seeded) log.info(`Seeded the demo shop: ${seeded.products} products in ${seeded.ms} ms`);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
