// Test harness: a fresh database per suite (in-memory PGlite, or a throw-away database on the
// PostgreSQL server named by TEST_DATABASE_URL) and the real app on top of it.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type Database, type Db, openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { migratedPgliteDump, migratedPostgresTemplate } from "#db/migrated-templates.ts";
import { NO_CONSENT } from "#kernel/consent.ts";
import { requireMarket } from "#modules/markets/markets.service.ts";
import type { PublicAddresses } from "#modules/markets/public-addresses.ts";
import { type BuildAppOptions, buildApp } from "./app.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import { CSRF_COOKIE, csrfBindingOfCookie, issueCsrfToken } from "./plugins/csrf.ts";
import type { ShopRequestContext } from "./request-context.ts";

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A migrated, empty database for one suite, copied from a migrated template (`#db/migrated-templates.ts`);
 * on PostgreSQL a pool of 12 unless told otherwise.
 */
export async function createTestDatabase(
  pool: { poolSize?: number; acquireTimeoutMs?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: os.tmpdir(),
      inMemory: true,
      fromDump: await migratedPgliteDump(),
    });
    // Finds the copy up to date: a no-op kept so a database is never handed out unmigrated.
    await runMigrations(database);
    return { database, url: undefined, drop: async () => database.close() };
  }
  const template = await migratedPostgresTemplate(serverUrl);
  const name = `pitchside_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: os.tmpdir(),
    poolSize: pool.poolSize ?? 12,
    acquireTimeoutMs: pool.acquireTimeoutMs,
  });
  await runMigrations(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database; `env` adds environment variables as the process would read them
 * (DATABASE_POOL_SIZE and DATABASE_ACQUIRE_TIMEOUT_MS shape the PostgreSQL pool when given);
 * `build.clock` is the time the app's limits count with (a test moves it on instead of waiting).
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  build: Pick<BuildAppOptions, "clock"> = {},
): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: "test", ...env },
    {
      dataDir: path.join(os.tmpdir(), `pitchside-test-${crypto.randomBytes(4).toString("hex")}`),
      ...overrides,
    },
  );
  const testDb = await createTestDatabase({
    poolSize: env.DATABASE_POOL_SIZE ? config.databasePoolSize : undefined,
    acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS ? config.databaseAcquireTimeoutMs : undefined,
  });
  // The app closes the database on close; dropping the throw-away database follows.
  const app = await buildApp(
    config,
    { ...testDb.database, close: async () => {} },
    { pages: { mode: "none" }, ...build },
  );
  await app.ready();
  return {
    app,
    config,
    database: testDb.database,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * Headers a browser page of the shop would send on a state-changing call: a token for the session
 * named by `cookies.sessionid` (none without one), and the shop's own Origin.
 */
export function csrfHeaders(config: AppConfig, cookies: Record<string, string> = {}) {
  const token = issueCsrfToken(config.sessionSecret, csrfBindingOfCookie(cookies.sessionid));
  const cookie = Object.entries({ ...cookies, [CSRF_COOKIE]: token })
    .map(([key, value]) => `${key}=${value}`)
    .join("; ");
  return { cookie, "x-csrftoken": token, origin: "http://localhost:80" };
}

/** Cookies set by a response, as name → value. */
export function cookiesFrom(response: {
  cookies: Array<{ name: string; value: string }>;
}): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/** Counts the statements a test's code sends: every db.execute and every query builder started on db. */
export function countingQueries(db: Db, options: { inTransactions?: boolean } = {}) {
  const counter = { queries: 0 };
  // With inTransactions, statements inside a transaction count too (its own begin and commit do not).
  const counting = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property === "transaction" && options.inTransactions)
          return (fn: (tx: unknown) => unknown, ...rest: unknown[]) =>
            (value as (...a: unknown[]) => unknown).apply(target, [
              (tx: object) => fn(counting(tx)),
              ...rest,
            ]);
        if (!["execute", "select", "insert", "update", "delete"].includes(String(property))) return value;
        return (...args: unknown[]) => {
          counter.queries++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return { proxy: counting(db), counter };
}

/**
 * A browser for API tests: keeps the cookies the shop sets and sends CSRF headers on changes, with
 * the token the shop last handed out (as the storefront reads it from its cookie at every call), or
 * one for its session when it has none yet (as a page would have handed it out).
 */
export function testVisitor(t: TestApp) {
  const jar: Record<string, string> = {};
  const remember = (response: { cookies: Array<{ name: string; value: string }> }) =>
    Object.assign(jar, cookiesFrom(response));
  const cookieHeader = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  const changeHeaders = () => {
    const token = jar[CSRF_COOKIE];
    if (!token) return csrfHeaders(t.config, jar);
    return { cookie: cookieHeader(), "x-csrftoken": token, origin: "http://localhost:80" };
  };
  return {
    jar,
    async form(url: string, body: Record<string, string | number>) {
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
        headers: {
          ...changeHeaders(),
          "content-type": "application/x-www-form-urlencoded",
          "x-requested-with": "XMLHttpRequest",
        },
      });
      remember(response);
      return response;
    },
    async json(url: string, body: unknown) {
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: body as object,
        headers: changeHeaders(),
      });
      remember(response);
      return response;
    },
    async get(url: string) {
      const cookie = cookieHeader();
      const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      remember(response);
      return response;
    },
  };
}

/**
 * The request context the server gives a storefront page (its loader's `shopContext`), for a
 * visitor with no session, no log-in and no consent in market `market`, on the shop's address
 * `publicUrl`: what page loaders are tested with outside a browser.
 */
export function pageContext(
  t: TestApp,
  options: { market: string; publicUrl: string; clientIp?: string; publicAddresses?: PublicAddresses },
): ShopRequestContext {
  const market = requireMarket(options.market);
  const silent = { error() {}, warn() {}, info() {}, debug() {}, child: () => silent };
  return {
    requestId: "test",
    clientIp: options.clientIp ?? "127.0.0.1",
    log: silent as never,
    config: t.config,
    database: t.database,
    market,
    locale: market.locale,
    sessionId: null,
    user: null,
    shopper: { owner: { userId: null, sessionId: null }, market, locale: market.locale },
    csrfToken: "",
    cspNonce: "",
    personalFromBrowser: false,
    pageTexts: null,
    consent: NO_CONSENT,
    preview: false,
    publicUrl: options.publicUrl,
    publicAddresses: options.publicAddresses ?? t.app.publicAddresses,
    reportError() {},
  };
}
