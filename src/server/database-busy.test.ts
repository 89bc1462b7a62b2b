import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { watchReadiness } from "./plugins/health.ts";
import { createTestApp, type TestApp } from "./testing.ts";

/** Takes every connection of the pool (a transaction each) until release() is called. */
async function holdEveryConnection(database: Database, connections: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = 0;
  let allStarted = () => {};
  const holding = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const transactions = Array.from({ length: connections }, () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      if (++started === connections) allStarted();
      await released;
    }),
  );
  await holding;
  return async () => {
    release();
    await Promise.all(transactions);
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("a pool of one connection, held busy (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { DATABASE_POOL_SIZE: "1", DATABASE_ACQUIRE_TIMEOUT_MS: "300" });
  });
  afterAll(async () => t?.close());

  it("answers a call that finds no free connection in time with 503 database_busy, not 500", async () => {
    const release = await holdEveryConnection(t.database, 1);
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/availability/1/" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("1");
      expect(response.json()).toEqual({
        error: "database_busy",
        message: "The shop is very busy. Please try again in a moment.",
        request_id: expect.any(String),
      });
    } finally {
      await release();
    }
    const after = await t.app.inject({ method: "GET", url: "/api/availability/1/" });
    expect(after.statusCode).toBe(404);
  });

  it("answers a visitor whose session cannot be read in time with 503 too", async () => {
    const release = await holdEveryConnection(t.database, 1);
    try {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/markets/",
        cookies: { sessionid: "a-session-token" },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: "database_busy" });
    } finally {
      await release();
    }
  });

  it("stays ready while every connection of the pool is taken, and shows the pool in the metrics", async () => {
    const release = await holdEveryConnection(t.database, 1);
    try {
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });
      const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
      expect(metrics).toMatch(/^pitchside_db_pool_max_connections 1$/m);
      expect(metrics).toMatch(/^pitchside_db_pool_connections 1$/m);
      expect(metrics).toMatch(/^pitchside_db_pool_idle_connections 0$/m);
      expect(metrics).toMatch(/^pitchside_db_pool_acquire_timeouts_total [1-9]\d*$/m);
    } finally {
      await release();
    }
  });
});

describe("readiness", () => {
  const database = (answers: boolean[]) =>
    ({ ping: async () => answers.shift() ?? false }) as unknown as Database;

  it("is what the database last answered, asked in the background", async () => {
    const answers = [true, false];
    const readiness = await watchReadiness(database(answers), 5);
    expect(readiness.ready()).toBe(true);
    await expect.poll(() => readiness.ready()).toBe(false);
    readiness.stop();
  });

  it("is not ready when the database never answered", async () => {
    const readiness = await watchReadiness(database([false]), 60_000);
    expect(readiness.ready()).toBe(false);
    readiness.stop();
  });
});
