import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import {
  cachedAtRevision,
  cachedByCatalogue,
  catalogueRevision,
  moveCatalogueRevision,
  reuseRevisionReads,
} from "./catalogue-cache.ts";

/** The catalogue revision as every process reads it: at once, or within the reuse time. */
describe("catalogueRevision", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb?.drop());

  const change = () => testDb.database.db.execute(sql`select nextval('catalogue_revision')`);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("moves with the next read when reads are not reused", async () => {
    const { db } = testDb.database;
    reuseRevisionReads(db, 0);
    const before = await catalogueRevision(db);
    await change();
    expect(await catalogueRevision(db)).not.toBe(before);
  });

  it("answers from the last read within the reuse time, and moves once it has passed", async () => {
    const { db } = testDb.database;
    reuseRevisionReads(db, 500);
    const before = await catalogueRevision(db);
    await change();
    // Within the reuse time the last read stands (the stated bound)…
    expect(await catalogueRevision(db)).toBe(before);
    await sleep(550);
    // …and after it the change is seen.
    const after = await catalogueRevision(db);
    expect(after).not.toBe(before);
    reuseRevisionReads(db, 0);
  });

  it("after a change has committed, ends a value kept at a revision read before the commit", async () => {
    const { db } = testDb.database;
    reuseRevisionReads(db, 0);
    // The trigger has moved the revision; a page read before the commit keeps what was there before.
    await change();
    await cachedAtRevision(db, "reviews:page", await catalogueRevision(db), async () => "Mette J. wrote it");
    expect(await cachedByCatalogue(db, "reviews:page", async () => "read again")).toBe("Mette J. wrote it");
    // The writer moves it once more once committed (moveCatalogueRevision): the next read is fresh.
    await moveCatalogueRevision(db);
    expect(await cachedByCatalogue(db, "reviews:page", async () => "read again")).toBe("read again");
  });
});
