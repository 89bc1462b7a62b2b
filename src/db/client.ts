import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { fromPglite, type ConstructorOptions as JobQueueConnection } from "pg-boss";
/**
 * The one query-layer type every service takes: both engines give a PgDatabase. It knows no module's
 * tables: services import their own table definitions and use the query builder or raw SQL, so the
 * database layer stays below every module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs raw SQL; used by migrations and the seed's bulk inserts. */
  exec(sql: string): Promise<void>;
  /** Runs fn while holding a PostgreSQL advisory lock (a no-op guard on single-process PGlite). */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Whether the database answers. On PostgreSQL through a connection of its own, outside the pool,
   * so a probe never queues behind shoppers' queries (and never takes a connection from them).
   */
  ping(): Promise<boolean>;
  /** The pool's connections right now; null on PGlite, which has no pool. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
  /**
   * PGlite only: its data directory as a tarball, which `OpenDatabaseOptions.fromDump` starts another
   * from (tests start each database from one migrated copy instead of running initdb and the
   * migrations again).
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * How the job queue reaches this database: its own small pool on PostgreSQL, the one embedded
   * connection on PGlite.
   */
  jobQueueConnection: Pick<JobQueueConnection, "connectionString" | "db" | "backend" | "max">;
}

export interface PoolStats {
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  max: number;
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
  /** Waits that gave up after the acquire timeout (each a 503 database_busy), since the start. */
  acquireTimeouts: number;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** In-memory PGlite for tests: nothing written to disk. */
  inMemory?: boolean;
  /** With inMemory: start from this data directory (a `dumpDataDir()`), not from an empty cluster. */
  fromDump?: Blob;
  poolSize?: number;
  /** How long a query waits for a connection of the pool before it fails with DatabaseBusyError. */
  acquireTimeoutMs?: number;
}

/**
 * No connection of the pool came free (or could be opened) within the acquire timeout: the database
 * is overloaded or out of reach for now. The server answers 503, never 500, and the client may retry.
 */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super("No database connection came free in time.", { cause });
    this.name = "DatabaseBusyError";
  }
}

/** Whether the error, or an error it wraps (Drizzle wraps the driver's), is a DatabaseBusyError. */
export function isDatabaseBusy(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof DatabaseBusyError) return true;
    current = current.cause;
  }
  return false;
}

/** What pg-pool rejects with when connectionTimeoutMillis passes: waiting for a connection, or opening one. */
const ACQUIRE_TIMEOUTS = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.acquireTimeoutMs ?? 5000);
  return openPglite(options);
}

/** The health probe's limits: a database that does not answer within them is not ready. */
const PROBE_TIMEOUT_MS = 1000;

/**
 * A connection of its own for ping(), opened on first use and opened again after a failure. One
 * probe at a time: a second caller shares the answer of the probe under way.
 */
function healthProbe(url: string) {
  let client: pg.Client | null = null;
  let running: Promise<boolean> | null = null;
  let closed = false;
  const drop = () => {
    client?.end().catch(() => {});
    client = null;
  };
  const probe = async () => {
    try {
      if (!client) {
        const fresh = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: PROBE_TIMEOUT_MS,
          query_timeout: PROBE_TIMEOUT_MS,
          statement_timeout: PROBE_TIMEOUT_MS,
          application_name: "pitchside-health",
        });
        fresh.on("error", () => {
          if (client === fresh) client = null;
        });
        client = fresh;
        await fresh.connect();
      }
      await client.query("select 1");
      return true;
    } catch {
      drop();
      return false;
    }
  };
  return {
    ping(): Promise<boolean> {
      if (closed) return Promise.resolve(false);
      running ??= probe().finally(() => {
        running = null;
      });
      return running;
    },
    async close() {
      closed = true;
      await running;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

async function openPostgres(url: string, poolSize: number, acquireTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: acquireTimeoutMs,
    options: SESSION_SETTINGS,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Every query and transaction takes its connection through connect() (pool.query too): a wait that
  // times out becomes a DatabaseBusyError, which the server answers 503.
  let acquireTimeouts = 0;
  const busy = (error: unknown) => {
    if (!(error instanceof Error) || !ACQUIRE_TIMEOUTS.has(error.message)) return error;
    acquireTimeouts++;
    return new DatabaseBusyError(error);
  };
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (callback)
      return connect((error, client, done) => callback(busy(error) as Error | undefined, client, done));
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw busy(error);
    });
  }) as typeof pool.connect;
  const probe = healthProbe(url);
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: "postgres",
    db,
    jobQueueConnection: { connectionString: url, max: 3 },
    async exec(sql) {
      await pool.query(sql);
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        try {
          return await fn(drizzlePg(client) as unknown as Db);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [key]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => probe.ping(),
    poolStats: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      acquireTimeouts,
    }),
    async close() {
      await probe.close();
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
/**
 * random_page_cost 1.1 (SSD storage) instead of 4 (spinning disks): with the default the planner
 * reads all 50,000 search documents rather than the text-search index for a word on a tenth of the
 * products (30 ms by the index against 500 ms by the scan, decision 0039).
 */
const SESSION_SETTINGS = `-c pg_trgm.word_similarity_threshold=${TYPO_THRESHOLD} -c random_page_cost=1.1`;

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (options.inMemory) {
    client = await PGlite.create({ loadDataDir: options.fromDump, extensions: { pg_trgm } });
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
  const db = drizzlePglite(client) as unknown as Db;
  // PGlite runs one query at a time; serialising lock holders keeps the contract of the pg version.
  let lockChain: Promise<unknown> = Promise.resolve();
  return {
    kind: "pglite",
    db,
    jobQueueConnection: { backend: "pglite", db: fromPglite(client) },
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
    poolStats: () => null,
    dumpDataDir: () => client.dumpDataDir("none"),
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

/**
 * The rows of a raw `db.execute(sql…)`, typed by the caller. Both engines answer `{ rows }`; the cast
 * lives here once instead of beside every read-model query.
 */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
