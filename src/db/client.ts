import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one query-layer type every service takes: both engines give a PgDatabase. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs raw SQL; used by migrations, health checks and the seed's bulk inserts. */
  exec(sql: string): Promise<void>;
  /** Runs fn while holding a PostgreSQL advisory lock (a no-op guard on single-process PGlite). */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** In-memory PGlite for tests: nothing written to disk. */
  inMemory?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: SESSION_SETTINGS });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: "postgres",
    db,
    async exec(sql) {
      await pool.query(sql);
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Db);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * PGlite has no lock between processes: a second process opening the same directory would corrupt
 * it, so the directory is guarded by a lock file holding the owner's pid.
 */
function acquireDirectoryLock(dir: string): () => void {
  const lockFile = path.join(dir, "pitchside.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8"));
      if (owner && isAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. Stop it first, or set DATABASE_URL ` +
            "to run several processes on PostgreSQL.",
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * How alike a search word and a product name must be for the trigram operator (<%) to match: 0.4
 * lets one wrong, missing or extra letter in a product line's name still find it (the default 0.6
 * does not for short names).
 */
const TYPO_THRESHOLD = 0.4;
const SESSION_SETTINGS = `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD}`;

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (options.inMemory) {
    client = await PGlite.create({ extensions: { pg_trgm } });
  } else {
    const dir = path.join(options.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    release = acquireDirectoryLock(options.dataDir);
    try {
      client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
    } catch (error) {
      release();
      throw error;
    }
  }
  await client.exec(`set pg_trgm.word_similarity_threshold = ${TYPO_THRESHOLD}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite runs one query at a time; serialising lock holders keeps the contract of the pg version.
  let lockChain: Promise<unknown> = Promise.resolve();
  return {
    kind: "pglite",
    db,
    async exec(sql) {
      await client.exec(sql);
    },
    withAdvisoryLock(_key, fn) {
      const run = lockChain.then(() => fn(db));
      lockChain = run.catch(() => {});
      return run;
    },
    async ping() {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** A transaction handle: what `db.transaction` passes to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs independent reads at once on the pool, or one after the other inside a transaction (one
 * connection runs one statement at a time; pg refuses overlapping queries on a client).
 */
export async function concurrently<T extends readonly (() => Promise<unknown>)[]>(
  db: Db | Tx,
  tasks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const task of tasks) results.push(await task());
    return results as never;
  }
  return (await Promise.all(tasks.map((task) => task()))) as never;
}
