// Test harness: a fresh database per suite (in-memory PGlite, or a throw-away database on the
// PostgreSQL server named by TEST_DATABASE_URL) and the real app on top of it.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type Database, type Db, openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { buildApp } from "./app.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import { CSRF_COOKIE, issueCsrfToken } from "./plugins/csrf.ts";

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/** A migrated, empty database for one suite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir(), inMemory: true });
    await runMigrations(database);
    return { database, url: undefined, drop: async () => database.close() };
  }
  const name = `pitchside_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 12 });
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

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: "test" },
    {
      dataDir: path.join(os.tmpdir(), `pitchside-test-${crypto.randomBytes(4).toString("hex")}`),
      ...overrides,
    },
  );
  // The app closes the database on close; dropping the throw-away database follows.
  const app = await buildApp(
    config,
    { ...testDb.database, close: async () => {} },
    { pages: { mode: "none" } },
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

/** Headers a browser page of the shop would send on a state-changing call. */
export function csrfHeaders(config: AppConfig, cookies: Record<string, string> = {}) {
  const token = issueCsrfToken(config.sessionSecret);
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
export function countingQueries(db: Db) {
  const counter = { queries: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!["execute", "select", "insert", "update", "delete"].includes(String(property))) return value;
      return (...args: unknown[]) => {
        counter.queries++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { proxy, counter };
}

/** A browser for API tests: keeps the cookies the shop sets and sends CSRF headers on changes. */
export function testVisitor(t: TestApp) {
  const jar: Record<string, string> = {};
  const remember = (response: { cookies: Array<{ name: string; value: string }> }) =>
    Object.assign(jar, cookiesFrom(response));
  const cookieHeader = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  return {
    jar,
    async form(url: string, body: Record<string, string | number>) {
      const response = await t.app.inject({
        method: "POST",
        url,
        payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
        headers: {
          ...csrfHeaders(t.config, jar),
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
        headers: csrfHeaders(t.config, jar),
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
