// Sessions without a read per request (decision 0048): a visitor who only looks has no session row;
// a process trusts a session it loaded for SESSION_CACHE_SECONDS; a log-out or password reset in one
// process ends the session in every other within that bound. Two app instances on one database
// stand for two processes; their clock is moved on instead of waiting.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rows } from "#db/client.ts";
import { newResetToken } from "#modules/accounts/accounts.service.ts";
import { DEMO_MEMBER } from "#seed/member-seed.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { buildApp } from "../app.ts";
import { type AppConfig, loadConfig } from "../config.ts";
import { countingQueries, createTestDatabase, type TestDatabase } from "../testing.ts";
import { CSRF_COOKIE } from "./csrf.ts";

let testDb: TestDatabase;
let config: AppConfig;
let clockOffset = 0;
const clock = () => new Date(Date.now() + clockOffset);
const apps: FastifyInstance[] = [];
let first: FastifyInstance;
let second: FastifyInstance;
let size: { product_id: number; size_id: number };

/** A shop process on the shared database (closing it leaves the database to the suite). */
async function shopProcess(database: Database): Promise<FastifyInstance> {
  const app = await buildApp(
    config,
    { ...database, close: async () => {} },
    { pages: { mode: "none" }, clock },
  );
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedDemoShop(testDb.database, { products: 20, seed: 7, dataDir: "" });
  config = loadConfig(
    { NODE_ENV: "test" },
    { dataDir: path.join(os.tmpdir(), `pitchside-test-${crypto.randomBytes(4).toString("hex")}`) },
  );
  first = await shopProcess(testDb.database);
  second = await shopProcess(testDb.database);
  const [found] = await rows<{ product_id: number; size_id: number }>(
    testDb.database.db,
    sql`select s.product_id, s.id as size_id from product_sizes s join products p on p.id = s.product_id
         where p.online and not p.is_exclusive and not p.is_package and s.stock > 2
         order by s.id limit 1`,
  );
  if (!found) throw new Error("the seed has no size in stock");
  size = found;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb?.drop();
});

const sessionRows = async () =>
  (await rows<{ n: number }>(testDb.database.db, sql`select count(*)::int as n from sessions`))[0]?.n;

/** Moves both processes' clock past the bound. */
const afterTheBound = () => {
  clockOffset += config.sessionCacheSeconds * 1000;
};

/** A browser: keeps the cookies the shop sets (a cleared one is dropped) and sends CSRF headers on changes. */
function browser() {
  const jar: Record<string, string> = {};
  const cookie = () =>
    Object.entries(jar)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
  const remember = <R extends { cookies: Array<{ name: string; value: string }> }>(response: R): R => {
    for (const { name, value } of response.cookies) {
      if (value === "") delete jar[name];
      else jar[name] = value;
    }
    return response;
  };
  const get = async (app: FastifyInstance, url: string) =>
    remember(
      await app.inject({ method: "GET", url, headers: Object.keys(jar).length ? { cookie: cookie() } : {} }),
    );
  const change = async (app: FastifyInstance, url: string, body: Record<string, unknown>, form = false) => {
    // As a page would: the CSRF token is handed out before the first change.
    if (!jar[CSRF_COOKIE]) await get(app, "/api/csrf/");
    const headers = {
      cookie: cookie(),
      "x-csrftoken": jar[CSRF_COOKIE] as string,
      origin: "http://localhost:80",
    };
    return remember(
      await app.inject({
        method: "POST",
        url,
        ...(form
          ? {
              payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
              headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
            }
          : { payload: body, headers }),
      }),
    );
  };
  return {
    jar,
    get,
    post: (app: FastifyInstance, url: string, body: Record<string, unknown>) => change(app, url, body),
    form: (app: FastifyInstance, url: string, body: Record<string, unknown>) => change(app, url, body, true),
    logIn: async (app: FastifyInstance, password = DEMO_MEMBER.password) =>
      change(app, "/api/auth/login/", { email: DEMO_MEMBER.email, password }),
  };
}

/** Whether the session cookie `token` is logged in, asked of one process. */
const loggedIn = async (app: FastifyInstance, token: string) =>
  (
    await app.inject({ method: "GET", url: "/api/auth/session/", headers: { cookie: `sessionid=${token}` } })
  ).json().is_logged_in as boolean;

describe("a visitor who only looks", () => {
  it("has no session row after a first and a second visit; adding to the bag makes one", async () => {
    const before = await sessionRows();
    const visitor = browser();
    for (const visit of [1, 2]) {
      for (const url of ["/api/csrf/", "/api/auth/session/", "/cart/data/", "/api/favorites/"]) {
        const response = await visitor.get(first, url);
        expect(response.statusCode, `${url}, visit ${visit}`).toBeLessThan(500);
      }
    }
    expect(visitor.jar.sessionid).toBeUndefined();
    expect(await sessionRows()).toBe(before);
    // The bag of a visitor without a session is empty, asked of either process.
    expect((await visitor.get(second, "/cart/data/")).json().lines).toEqual([]);

    // The CSRF token handed out without a session is accepted for the first change, which makes one.
    const added = await visitor.form(first, "/cart/items/add_to_cart/", {
      product: size.product_id,
      size: size.size_id,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().success).toBe(true);
    expect(visitor.jar.sessionid).toBeTruthy();
    expect(await sessionRows()).toBe((before ?? 0) + 1);
    // The other process finds the new session and its bag.
    expect((await visitor.get(second, "/cart/data/")).json().lines).toHaveLength(1);
  });
});

describe("the session of a request", () => {
  it("is read once per process and bound, not on every request", async () => {
    const { proxy, counter } = countingQueries(testDb.database.db);
    const counted = await shopProcess({ ...testDb.database, db: proxy });
    const member = browser();
    expect((await member.logIn(first)).statusCode).toBe(200);
    const token = member.jar.sessionid as string;

    counter.queries = 0;
    expect(await loggedIn(counted, token)).toBe(true);
    expect(counter.queries).toBe(1);
    counter.queries = 0;
    for (let request = 0; request < 5; request++) expect(await loggedIn(counted, token)).toBe(true);
    expect(counter.queries).toBe(0);

    // Past the bound the process reads it once again.
    afterTheBound();
    counter.queries = 0;
    expect(await loggedIn(counted, token)).toBe(true);
    expect(await loggedIn(counted, token)).toBe(true);
    expect(counter.queries).toBe(1);
  });

  it("is forgotten at once in the process that ends it", async () => {
    const member = browser();
    await member.logIn(first);
    const token = member.jar.sessionid as string;
    expect(await loggedIn(first, token)).toBe(true);
    expect((await member.post(first, "/api/auth/logout/", {})).statusCode).toBe(200);
    expect(member.jar.sessionid).toBeUndefined();
    expect(await loggedIn(first, token)).toBe(false);
  });
});

describe("ending a session everywhere within the bound (SESSION_CACHE_SECONDS)", () => {
  it("log-out in one process ends the session in the other", async () => {
    const member = browser();
    expect((await member.logIn(first)).statusCode).toBe(200);
    const token = member.jar.sessionid as string;
    expect(await loggedIn(second, token)).toBe(true);

    expect((await member.post(first, "/api/auth/logout/", {})).statusCode).toBe(200);
    afterTheBound();
    const after = await second.inject({
      method: "GET",
      url: "/api/auth/session/",
      headers: { cookie: `sessionid=${token}` },
    });
    expect(after.json().is_logged_in).toBe(false);
    // The dead cookie is dropped from the browser.
    expect(after.cookies.find((cookie) => cookie.name === "sessionid")?.value).toBe("");
  });

  it("a password reset ends every session of the member in every process", async () => {
    const phone = browser();
    const laptop = browser();
    await phone.logIn(first);
    await laptop.logIn(second);
    const tokens = [phone.jar.sessionid as string, laptop.jar.sessionid as string];
    for (const app of [first, second])
      for (const token of tokens) expect(await loggedIn(app, token)).toBe(true);

    const reset = await newResetToken(testDb.database.db, DEMO_MEMBER.email, "10.9.0.1");
    const confirmed = await browser().post(first, "/api/auth/password-reset/confirm/", {
      token: reset?.token,
      password: "a-brand-new-password",
    });
    expect(confirmed.statusCode).toBe(200);
    // At once in the process that took the new password.
    for (const token of tokens) expect(await loggedIn(first, token)).toBe(false);
    afterTheBound();
    for (const token of tokens) expect(await loggedIn(second, token)).toBe(false);
    expect((await browser().logIn(second, "a-brand-new-password")).statusCode).toBe(200);
  });
});
