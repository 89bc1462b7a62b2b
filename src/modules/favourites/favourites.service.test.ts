import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#modules/accounts/accounts.schema.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { favourites } from "./favourites.schema.ts";
import { countFavourites } from "./favourites.service.ts";

let t: TestDatabase;
let memberId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoShop(t.database, { products: 120, seed: 3, dataDir: "" });
  const { db } = t.database;
  const [member] = await db.insert(users).values({ email: "fan@example.com" }).returning({ id: users.id });
  memberId = member?.id as number;
  const [one, two, three] = await db.select({ id: products.id }).from(products).limit(3);
  await db.insert(favourites).values([
    { userId: memberId, productId: one?.id as number },
    { userId: memberId, productId: two?.id as number },
    { sessionId: "visitor", productId: three?.id as number },
  ]);
});
afterAll(async () => t?.drop());

describe("favourites count", () => {
  it("counts a member's favourites, else the session's, else none", async () => {
    const { db } = t.database;
    expect(await countFavourites(db, { userId: memberId, sessionId: "visitor" })).toBe(2);
    expect(await countFavourites(db, { userId: null, sessionId: "visitor" })).toBe(1);
    expect(await countFavourites(db, { userId: null, sessionId: "someone-else" })).toBe(0);
    expect(await countFavourites(db, { userId: null, sessionId: null })).toBe(0);
  });
});
