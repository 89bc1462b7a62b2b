import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { carts } from "#modules/cart/cart.schema.ts";
import { favourites } from "#modules/favourites/favourites.schema.ts";
import { insertOrderAndShipments } from "#modules/orders/order-placement.steps.ts";
import { orders } from "#modules/orders/orders.schema.ts";
import { draftOrder } from "#modules/orders/orders.test-helpers.ts";
import { stockAlerts } from "#modules/product/stock-alerts.schema.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { mailsToIn } from "../../../tests/support/mail-files.ts";
import { sessions, users } from "./accounts.schema.ts";
import { addresses } from "./addresses.schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 4, seed: 12, dataDir: "" });
});
afterAll(async () => t?.close());

const PASSWORD = "Correct-Horse-42";

/** The mails the shop has sent to an address (what is queued is sent first). */
async function mailsTo(email: string): Promise<string[]> {
  await t.app.jobs.drain();
  return mailsToIn(path.join(t.config.dataDir, "mail"), email);
}

/** A logged-in member with a favourite, a saved address, an order, a bag and a back-in-stock alert. */
async function memberWithBelongings(email: string) {
  const visitor = testVisitor(t);
  expect(
    (await visitor.json("/api/auth/signup/", { email, password: PASSWORD, name: "Mette" })).statusCode,
  ).toBe(201);
  expect((await visitor.json("/api/auth/login/", { email, password: PASSWORD })).statusCode).toBe(200);
  const { db } = t.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = (user as { id: number }).id;
  const [size] = await rows<{ product_id: number; size_id: number }>(
    db,
    sql`select product_id, id as size_id from product_sizes order by id limit 1`,
  );
  const { product_id, size_id } = size as { product_id: number; size_id: number };
  expect((await visitor.json("/api/favorites/add/", { product_id })).statusCode).toBe(200);
  await db.insert(addresses).values({
    userId,
    name: "Mette Jensen",
    address: "Stadionvej",
    postNummer: "2100",
    town: "København Ø",
    country: "dnk",
    phone: "+45 20 30 40 50",
  });
  await db.insert(carts).values({ userId });
  await db
    .insert(stockAlerts)
    .values({ email, productId: product_id, sizeId: size_id, locale: "da", market: "dk" });
  const placed = await db.transaction((tx) => insertOrderAndShipments(tx, draftOrder({ userId, email })));
  return { visitor, userId, orderId: placed.id, email };
}

describe("POST /delete-account/", () => {
  it("erases the member's data, keeps the order anonymised, ends the sessions and mails one confirmation", async () => {
    const member = await memberWithBelongings("leaving@example.com");
    const other = await memberWithBelongings("staying@example.com");
    const { db } = t.database;
    const mailsBefore = (await mailsTo("leaving@example.com")).length;

    const response = await member.visitor.json("/delete-account/", {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, redirect: "/account/login/" });

    // Log-in fails; the session the browser held is no longer logged in.
    const login = await testVisitor(t).json("/api/auth/login/", { email: member.email, password: PASSWORD });
    expect(login.statusCode).toBe(400);
    const session = await member.visitor.get("/api/auth/session/");
    expect(session.json().is_logged_in).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toEqual([]);

    // The order stays for the bookkeeping, naming nobody.
    const [order] = await db.select().from(orders).where(eq(orders.id, member.orderId));
    expect(order).toBeDefined();
    expect(order?.userId).toBeNull();
    expect(JSON.stringify(order)).not.toContain("leaving@example.com");
    expect(JSON.stringify(order)).not.toContain("Mette");
    expect(JSON.stringify(order)).not.toContain("Stadionvej");
    expect(JSON.stringify(order)).not.toContain("+45");

    expect(await db.select().from(favourites).where(eq(favourites.userId, member.userId))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.userId, member.userId))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.userId, member.userId))).toEqual([]);
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.email, member.email))).toEqual([]);

    const mails = await mailsTo("leaving@example.com");
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)).toContain("/account/login/");

    // The second member keeps everything.
    expect((await other.visitor.get("/api/auth/session/")).json().is_logged_in).toBe(true);
    expect(await db.select().from(favourites).where(eq(favourites.userId, other.userId))).toHaveLength(1);
    expect(await db.select().from(addresses).where(eq(addresses.userId, other.userId))).toHaveLength(1);
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.email, other.email))).toHaveLength(1);
    const [kept] = await db.select().from(orders).where(eq(orders.id, other.orderId));
    expect(kept?.email).toBe("staying@example.com");
    expect(kept?.userId).toBe(other.userId);
  });

  it("leaves the e-mail free for a new sign-up", async () => {
    const member = await memberWithBelongings("again@example.com");
    expect((await member.visitor.json("/delete-account/", {})).statusCode).toBe(200);
    const fresh = testVisitor(t);
    await fresh.json("/api/auth/signup/", { email: "again@example.com", password: PASSWORD, name: "New" });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "again@example.com"));
    expect(user?.name).toBe("New");
  });

  it("answers a guest 401", async () => {
    const response = await testVisitor(t).json("/delete-account/", {});
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("login_required");
  });

  it("refuses a call without the CSRF token (403) and deletes nothing", async () => {
    const member = await memberWithBelongings("csrf@example.com");
    const response = await t.app.inject({
      method: "POST",
      url: "/delete-account/",
      payload: {},
      headers: { cookie: `sessionid=${member.visitor.jar.sessionid}` },
    });
    expect(response.statusCode).toBe(403);
    expect((await member.visitor.get("/api/auth/session/")).json().is_logged_in).toBe(true);
  });
});

describe("GET /v1.1/profile/export/", () => {
  it("answers a guest 401", async () => {
    const response = await testVisitor(t).get("/v1.1/profile/export/");
    expect(response.statusCode).toBe(401);
  });

  it("hands the member a JSON file of everything the shop holds about them, and only theirs", async () => {
    const member = await memberWithBelongings("export@example.com");
    await memberWithBelongings("neighbour@example.com");
    const response = await member.visitor.get("/v1.1/profile/export/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe("attachment; filename=pitchside-data.json");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const data = response.json();
    expect(data.account).toMatchObject({ email: "export@example.com", name: "Mette" });
    expect(data.newsletter).toMatchObject({ newsletter: false, frequency: "usual" });
    expect(data.addresses).toEqual([
      expect.objectContaining({ name: "Mette Jensen", address: "Stadionvej", town: "København Ø" }),
    ]);
    expect(data.favourites).toHaveLength(1);
    expect(data.favourites[0].name).toEqual(expect.any(String));
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      email: "export@example.com",
      lines: [expect.objectContaining({ quantity: 1 })],
    });
    expect(data.back_in_stock_alerts).toHaveLength(1);
    expect(response.body).not.toContain("neighbour@example.com");
  });

  it("never holds a password hash or a token hash", async () => {
    const member = await memberWithBelongings("secrets@example.com");
    const { db } = t.database;
    await db
      .update(stockAlerts)
      .set({ tokenHash: "f".repeat(64) })
      .where(eq(stockAlerts.email, member.email));
    const [user] = await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, member.userId));
    const [token] = await rows<{ token_hash: string }>(
      db,
      sql`select token_hash from auth_tokens where user_id = ${member.userId}`,
    );
    const response = await member.visitor.get("/v1.1/profile/export/");
    expect(response.statusCode).toBe(200);
    expect(user?.hash).toBeTruthy();
    expect(response.body).not.toContain(user?.hash as string);
    expect(token?.token_hash).toBeTruthy();
    expect(response.body).not.toContain(token?.token_hash as string);
    expect(response.body).not.toContain("f".repeat(64));
    expect(response.body).not.toMatch(/hash|password/i);
  });
});
