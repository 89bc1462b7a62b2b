import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { paymentAttempts } from "./payments.schema.ts";
import { captureAttempt, releaseStaleAuthorisations } from "./payments.service.ts";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.drop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function attempt(reference: string, status: "authorised" | "captured" | "refused", createdAt: Date) {
  const [row] = await testDb.database.db
    .insert(paymentAttempts)
    .values({
      reference,
      gateway: "test-card",
      amount: 49_900,
      currency: "DKK",
      status,
      pspReference: `PSP-${reference}-${status}`,
      createdAt,
    })
    .returning({ id: paymentAttempts.id });
  return row?.id as number;
}

const statusOf = async (id: number) =>
  (
    await testDb.database.db
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, id))
  )[0]?.status;

describe("stale authorisations", () => {
  it("are released once held longer than the hold; recent ones and captured ones stay", async () => {
    const stale = await attempt("PS-left-after-paying", "authorised", minutesAgo(90));
    const recent = await attempt("PS-paying-now", "authorised", minutesAgo(5));
    const captured = await attempt("PS-ordered", "captured", minutesAgo(120));
    const refused = await attempt("PS-refused", "refused", minutesAgo(120));
    expect(await releaseStaleAuthorisations(testDb.database.db, minutesAgo(60))).toBe(1);
    expect(await statusOf(stale)).toBe("cancelled");
    expect(await statusOf(recent)).toBe("authorised");
    expect(await statusOf(captured)).toBe("captured");
    expect(await statusOf(refused)).toBe("refused");
    // Run again: nothing more to release.
    expect(await releaseStaleAuthorisations(testDb.database.db, minutesAgo(60))).toBe(0);
  });

  it("cannot be captured by an order once released: the order is refused with a clear message", async () => {
    const released = await attempt("PS-too-late", "authorised", minutesAgo(90));
    await releaseStaleAuthorisations(testDb.database.db, minutesAgo(60));
    await expect(testDb.database.db.transaction((tx) => captureAttempt(tx, released))).rejects.toMatchObject({
      statusCode: 409,
      code: "payment_expired",
    });
    expect(await statusOf(released)).toBe("cancelled");
    const [{ authorised }] = (await rows<{ authorised: number }>(
      testDb.database.db,
      sql`select count(*)::int as authorised from payment_attempts where reference = 'PS-too-late' and status = 'captured'`,
    )) as [{ authorised: number }];
    expect(authorised).toBe(0);
  });
});
