import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { purgeAbandonedCarts } from "./abandoned-carts.ts";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.drop());

describe("the purge of abandoned bags", () => {
  it("removes anonymous bags untouched for 30 days or whose session is gone, and keeps members' bags", async () => {
    const { db } = testDb.database;
    await db.execute(sql`
      insert into sessions (id, expires_at) values
        ('visitor-today', now() + interval '30 days'),
        ('visitor-last-month', now() + interval '5 days')`);
    await db.execute(sql`
      insert into users (email, password_hash, name, locale, market)
      values ('member@example.com', 'x', 'Member', 'da', 'dk')`);
    await db.execute(sql`
      insert into carts (session_id, user_id, updated_at) values
        ('visitor-today', null, now()),
        ('visitor-last-month', null, now() - interval '31 days'),
        ('visitor-purged', null, now() - interval '1 day'),
        (null, (select id from users where email = 'member@example.com'), now() - interval '400 days')`);
    expect(await purgeAbandonedCarts(db, new Date())).toBe(2);
    const left = await rows<{ session_id: string | null; user_id: number | null }>(
      db,
      sql`select session_id, user_id from carts order by id`,
    );
    expect(left).toEqual([
      { session_id: "visitor-today", user_id: null },
      { session_id: null, user_id: expect.any(Number) },
    ]);
  });
});
