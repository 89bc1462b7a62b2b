import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { purgeRateLimitHits } from "./rate-limit.service.ts";
import { purgeExpiredSessions } from "./session.service.ts";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.drop());

const ids = async (query: ReturnType<typeof sql>) =>
  (await rows<{ id: string }>(testDb.database.db, query)).map((row) => row.id).sort();

describe("scheduled purges of accounts' tables", () => {
  it("remove sessions past their expiry, anonymous or not, and keep live ones", async () => {
    const { db } = testDb.database;
    await db.execute(sql`
      insert into sessions (id, expires_at) values
        ('expired-bot-visit', now() - interval '1 day'),
        ('expired-anonymous', now() - interval '1 minute'),
        ('live-anonymous', now() + interval '29 days')`);
    expect(await purgeExpiredSessions(db)).toBe(2);
    expect(await ids(sql`select id from sessions`)).toEqual(["live-anonymous"]);
  });

  it("remove rate-limit counters whose window ended more than a day ago", async () => {
    const { db } = testDb.database;
    const now = new Date("2026-11-23T12:00:00Z");
    await db.execute(sql`
      insert into rate_limit_hits (key, window_start, count) values
        ('login:ip:10.0.0.1', ${"2026-11-23T11:59:30Z"}::timestamptz, 3),
        ('signup:ip:10.0.0.2', ${"2026-11-22T13:00:00Z"}::timestamptz, 9),
        ('validation:account:old@example.com', ${"2026-11-21T08:00:00Z"}::timestamptz, 3)`);
    expect(await purgeRateLimitHits(db, now)).toBe(1);
    expect(await ids(sql`select key as id from rate_limit_hits`)).toEqual([
      "login:ip:10.0.0.1",
      "signup:ip:10.0.0.2",
    ]);
  });
});
