// Test databases start from one migrated copy instead of an empty cluster: on PGlite a dump of a
// migrated data directory, on PostgreSQL a template database. Starting a PGlite cluster and running the
// migrations took about 4 s a database on a two-core machine, and the suites make about two hundred;
// loading the dump takes about 0.6 s. Both copies are named by a hash of the migrations and of what
// applies them (migrationsKey), so a changed migration makes a new copy and an old one is never used.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "./client.ts";
import { MIGRATIONS_FOLDER, runMigrations } from "./migrate.ts";

/** Held while one process builds the PostgreSQL template, so two suites starting together build it once. */
const TEMPLATE_LOCK_KEY = 7_140_002;

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function packageVersion(name: string): string {
  let folder = path.dirname(fileURLToPath(import.meta.resolve(name)));
  while (!fs.existsSync(path.join(folder, "package.json"))) folder = path.dirname(folder);
  return JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8")).version;
}

/**
 * A short hash of every migration file's name and text, and of what applies them: the shop's
 * migrate.ts, Drizzle's version (its migrations table) and, for the dump, PGlite's version.
 */
export function migrationsKey(engine: "pglite" | "postgres", folder = MIGRATIONS_FOLDER): string {
  const hash = crypto
    .createHash("sha256")
    .update(engine === "pglite" ? `pglite ${packageVersion("@electric-sql/pglite")}` : "postgres")
    .update(`drizzle-orm ${packageVersion("drizzle-orm")}`)
    .update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "..", "migrate.ts")));
  for (const file of filesUnder(folder))
    hash.update(path.relative(folder, file)).update("\0").update(fs.readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * A migrated PGlite data directory as a tarball, from a file in the system's temporary folder that
 * the first suite writes (whole, by rename) and later suites read.
 */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(os.tmpdir(), `pitchside-pglite-migrated-${migrationsKey("pglite")}.tar`);
    if (fs.existsSync(file)) return new Blob([await fs.promises.readFile(file)]);
    const database = await openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir(), inMemory: true });
    try {
      await runMigrations(database);
      const dump = await (database.dumpDataDir as () => Promise<Blob>)();
      // A name of its own, written whole and synced before the rename: a reader never sees part of one.
      const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.partial`;
      const handle = await fs.promises.open(partial, "wx");
      try {
        await handle.writeFile(Buffer.from(await dump.arrayBuffer()));
        await handle.sync();
        await handle.close();
        await fs.promises.rename(partial, file);
      } catch (error) {
        await handle.close().catch(() => {});
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return dump;
    } finally {
      await database.close();
    }
  })();
  pgliteDump.catch(() => {
    pgliteDump = undefined;
  });
  return pgliteDump;
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database on the server, built once under an advisory lock: it is
 * migrated under another name and renamed when whole, so no suite copies a half-migrated one.
 */
export function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (template) return template;
  template = (async () => {
    const name = `pitchside_template_${migrationsKey("postgres")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        // A name of its own: the lock is per database, and a run whose TEST_DATABASE_URL names another
        // database on the same server may be building the same template at the same time.
        const building = `${name}_b_${crypto.randomBytes(4).toString("hex")}`;
        await admin.query(`create database ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        try {
          const database = await openDatabase({
            databaseUrl: url.toString(),
            dataDir: os.tmpdir(),
            poolSize: 1,
          });
          try {
            await runMigrations(database);
          } finally {
            await database.close();
          }
          await admin.query(`alter database ${building} rename to ${name}`);
        } catch (error) {
          await admin.query(`drop database if exists ${building} with (force)`);
          // 42P04: another run's template took the name first; it is as good as this one.
          if ((error as { code?: string }).code !== "42P04") throw error;
        }
      }
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => {});
      await admin.end();
    }
  })();
  postgresTemplates.set(serverUrl, template);
  template.catch(() => postgresTemplates.delete(serverUrl));
  return template;
}
