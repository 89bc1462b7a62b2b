import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { lastMailTo } from "../../../tests/support/mail-files.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { orders } from "./orders.schema.ts";
import { ANONYMISED_EMAIL } from "./orders.service.ts";
import { draftOrder } from "./orders.test-helpers.ts";

/**
 * A guest who creates an account from the receipt (decision 0038): once the address is proven with
 * the validation link, the orders placed as a guest with it are the member's; until then, and for
 * anybody else's orders, nothing moves.
 */
let t: TestApp;
const ids: Record<string, number> = {};

const place = async (name: string, overrides: Parameters<typeof draftOrder>[0]) => {
  const placed = await t.database.db.transaction((tx) => insertOrderAndShipments(tx, draftOrder(overrides)));
  ids[name] = placed.id;
};
const ownerOf = async (name: string) =>
  (
    await rows<{ user_id: number | null }>(
      t.database.db,
      sql`select user_id from orders where id = ${ids[name] ?? 0}`,
    )
  )[0]?.user_id ?? null;
const tokenOf = (email: string) =>
  new URL(lastMailTo(path.join(t.config.dataDir, "mail"), email).link).searchParams.get("token") ?? "";

beforeAll(async () => {
  t = await createTestApp();
  const other = testVisitor(t);
  await other.json("/api/auth/signup/", { email: "other@example.com", password: "Correct-Horse-42" });
  const [otherUser] = await rows<{ id: number }>(
    t.database.db,
    sql`select id from users where email = 'other@example.com'`,
  );
  await place("guest", { email: "Mette@Example.com" });
  await place("secondGuest", { email: "mette@example.com" });
  await place("someoneElse", { email: "sofie@example.com" });
  await place("otherMember", { email: "mette@example.com", userId: otherUser?.id ?? null });
  await place("anonymised", { email: ANONYMISED_EMAIL });
});
afterAll(async () => t?.close());

describe("a guest's orders join the account made from the receipt", () => {
  it("stay a guest's while the new account's address is not proven", async () => {
    const visitor = testVisitor(t);
    const signup = await visitor.json("/api/auth/signup/", {
      email: "mette@example.com",
      password: "Correct-Horse-42",
      name: "Mette Jensen",
    });
    expect(signup.statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(await ownerOf("guest")).toBeNull();

    // The link proves the address: both guest orders with it (whatever its case) are the member's.
    const validated = await visitor.json("/api/auth/validate-email/", {
      token: tokenOf("mette@example.com"),
    });
    expect(validated.statusCode).toBe(200);
    const [member] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from users where email = 'mette@example.com'`,
    );
    expect(await ownerOf("guest")).toBe(member?.id);
    expect(await ownerOf("secondGuest")).toBe(member?.id);

    // Another address's order, another member's and an anonymised one are left alone.
    expect(await ownerOf("someoneElse")).toBeNull();
    expect(await ownerOf("otherMember")).not.toBe(member?.id);
    expect(await ownerOf("anonymised")).toBeNull();

    // Logged in by the link in the browser that signed up, the member sees them among their orders.
    const list = await visitor.get("/v1.1/orders/");
    expect(list.statusCode).toBe(200);
    const numbers = list.json().active_orders.map((order: { order_number: string }) => order.order_number);
    expect(numbers).toEqual(expect.arrayContaining([`ST${ids.guest}`, `ST${ids.secondGuest}`]));
  });

  it("does nothing when the same link is used again, nor for an order placed as a guest afterwards", async () => {
    await place("later", { email: "mette@example.com" });
    const again = await testVisitor(t).json("/api/auth/validate-email/", {
      token: tokenOf("mette@example.com"),
    });
    expect(again.statusCode).toBe(400);
    expect(await ownerOf("later")).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, ids.later ?? 0));
    expect(row?.email).toBe("mette@example.com");
  });
});
