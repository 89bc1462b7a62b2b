import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.ts";

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Shared by every process of the shop so that two starting together do not both migrate. */
export const MIGRATION_LOCK_KEY = 7_140_001;

/** Applies the SQL migrations kept in src/db/migrations under an advisory lock. */
export async function runMigrations(database: Database): Promise<void> {
  // pg_trgm must exist before the migrations that create trigram indexes.
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    await db.execute("create extension if not exists pg_trgm");
    if (database.kind === "postgres") {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the Db is the same object.
      await migratePg(db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      await migratePglite(db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
}
