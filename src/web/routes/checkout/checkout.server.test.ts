import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireMarket } from "#modules/markets/markets.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { loadReceipt } from "./checkout.server.ts";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb?.drop());

const shop = () =>
  ({
    database: testDb.database,
    config: { surveyMerchantId: null },
    user: null,
    shopper: { owner: { userId: null, sessionId: null }, market: requireMarket("dk"), locale: "da" },
  }) as unknown as ShopRequestContext;

describe("the receipt page's data", () => {
  it("answers 404 for a token that is not a UUID, however much it looks like one", async () => {
    for (const token of [null, "ST1", "-".repeat(36), "0".repeat(36), `${"0".repeat(35)}-`]) {
      const answer = await Promise.resolve()
        .then(() => loadReceipt(shop(), token))
        .then(
          () => "found",
          (thrown: unknown) => (thrown instanceof Response ? thrown.status : String(thrown)),
        );
      expect({ token, answer }).toEqual({ token, answer: 404 });
    }
  });
});
