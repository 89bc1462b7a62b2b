import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { hashToken, readSessionData, updateSessionData } from "#modules/accounts/session.service.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, csrfHeaders, type TestApp, testVisitor } from "#server/testing.ts";
import { lastMailTo } from "../../../tests/support/mail-files.ts";
import { countFavourites } from "./favourites.service.ts";
import {
  MAX_PENDING_FAVOURITES,
  PENDING_FAVOURITES,
  pendingFavouriteIds,
  pendingFavouritesNotice,
} from "./pending-favourites.ts";

let t: TestApp;
let onSale: number[];
let offline: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 40, seed: 8, dataDir: "" });
  const found = await rows<{ id: number }>(
    t.database.db,
    sql`select id from products where online order by id limit 16`,
  );
  onSale = found.map((row) => row.id);
  offline = onSale.pop() as number;
  await t.database.db.update(products).set({ online: false }).where(eq(products.id, offline));
});
afterAll(async () => t?.close());

const PASSWORD = "long-enough-1";
let members = 0;

/** A member who has signed up (nobody is logged in by that), in a browser of their own. */
async function member() {
  members += 1;
  const email = `pending-${members}@example.com`;
  const browser = testVisitor(t);
  expect(
    (await browser.json("/api/auth/signup/", { email, password: PASSWORD, name: "Pia" })).statusCode,
  ).toBe(201);
  return email;
}

type Visitor = ReturnType<typeof testVisitor>;
const favouriteIds = async (visitor: Visitor) =>
  (await visitor.get("/api/favorites/")).json().product_ids as number[];
const logIn = (visitor: Visitor, email: string) =>
  visitor.json("/api/auth/login/", { email, password: PASSWORD });

describe("a heart tapped before logging in", () => {
  it("keeps the product in the visitor's session, and makes it a favourite at log-in", async () => {
    const email = await member();
    const guest = testVisitor(t);
    const kept = await guest.json("/api/favorites/pending/", { product_id: onSale[0] });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ success: true, pending: true });
    expect(kept.headers["cache-control"]).toBe("private, no-store");
    // Not a favourite yet, and nothing a page's header would count: pages stay as cacheable as before.
    expect((await guest.get("/api/favorites/")).statusCode).toBe(401);
    expect(await countFavourites(t.database.db, { userId: null, sessionId: sessionIdOf(guest) })).toBe(0);
    expect(await pendingFavouritesNotice(t.database.db, sessionIdOf(guest))).toEqual({
      name: expect.any(String),
      count: 1,
    });

    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual([onSale[0]]);
    // The session forgets it: logging out and in again adds nothing, and a removed favourite stays removed.
    await guest.json("/api/favorites/remove/", { product_id: onSale[0] });
    await guest.json("/api/auth/logout/", {});
    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual([]);
  });

  it("keeps up to 10, newest first, a product tapped again moving to the front", async () => {
    const email = await member();
    const guest = testVisitor(t);
    const tapped = onSale.slice(0, 12);
    for (const id of tapped)
      expect((await guest.json("/api/favorites/pending/", { product_id: id })).statusCode).toBe(200);
    expect((await guest.json("/api/favorites/pending/", { product_id: tapped[5] })).statusCode).toBe(200);
    const kept = pendingFavouriteIds(await readSessionData(t.database.db, sessionIdOf(guest)));
    expect(kept).toHaveLength(MAX_PENDING_FAVOURITES);
    expect(kept[0]).toBe(tapped[5]);
    expect(kept).not.toContain(tapped[0]);

    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual(kept);
  });

  it("becomes a favourite when the sign-up is confirmed in the same browser", async () => {
    const guest = testVisitor(t);
    await guest.json("/api/favorites/pending/", { product_id: onSale[1] });
    const email = "pending-signup@example.com";
    expect((await guest.json("/api/auth/signup/", { email, password: PASSWORD })).statusCode).toBe(201);
    await t.app.jobs.drain();
    const mail = await lastMailTo(path.join(t.config.dataDir, "mail"), email);
    const token = decodeURIComponent(new URL(mail.link).searchParams.get("token") ?? "");
    expect((await guest.json("/api/auth/validate-email/", { token })).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual([onSale[1]]);
  });

  it("is a favourite at once for a member, and one already a favourite stays one", async () => {
    const email = await member();
    const browser = testVisitor(t);
    await logIn(browser, email);
    const answer = await browser.json("/api/favorites/pending/", { product_id: onSale[2] });
    expect(answer.json()).toEqual({ success: true, pending: false });
    expect(await favouriteIds(browser)).toEqual([onSale[2]]);

    const guest = testVisitor(t);
    await guest.json("/api/favorites/pending/", { product_id: onSale[2] });
    await guest.json("/api/favorites/pending/", { product_id: onSale[3] });
    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect((await favouriteIds(guest)).sort()).toEqual([onSale[2], onSale[3]].sort());
  });

  it("is left out at log-in when the product went off sale meanwhile, and the log-in still works", async () => {
    const email = await member();
    const guest = testVisitor(t);
    await guest.json("/api/favorites/pending/", { product_id: onSale[4] });
    await guest.json("/api/favorites/pending/", { product_id: onSale[6] });
    await t.database.db
      .update(products)
      .set({ online: false })
      .where(eq(products.id, onSale[6] as number));
    expect(await pendingFavouritesNotice(t.database.db, sessionIdOf(guest))).toMatchObject({ count: 1 });
    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual([onSale[4]]);
    await t.database.db
      .update(products)
      .set({ online: true })
      .where(eq(products.id, onSale[6] as number));
  });

  it("ignores whatever else the session data holds under its key", async () => {
    const email = await member();
    const guest = testVisitor(t);
    await guest.json("/api/favorites/pending/", { product_id: onSale[7] });
    const sessionId = sessionIdOf(guest);
    await updateSessionData(t.database.db, sessionId, {
      [PENDING_FAVOURITES]: [
        onSale[7],
        "1; drop table favourites",
        -1,
        0,
        1.5,
        2 ** 40,
        null,
        { id: 1 },
        99_999_999,
      ],
    });
    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual([onSale[7]]);
    expect(pendingFavouriteIds({ [PENDING_FAVOURITES]: "12" })).toEqual([]);
    expect(pendingFavouriteIds({})).toEqual([]);
  });

  it("is never another visitor's: one session's taps reach only that session's log-in", async () => {
    const email = await member();
    const someoneElse = testVisitor(t);
    await someoneElse.json("/api/favorites/pending/", { product_id: onSale[8] });
    const guest = testVisitor(t);
    await guest.get("/api/csrf/");
    expect((await logIn(guest, email)).statusCode).toBe(200);
    expect(await favouriteIds(guest)).toEqual([]);
  });

  it("refuses bad ids with a field error, unknown or off-sale products with 404, and keeps nothing", async () => {
    const guest = testVisitor(t);
    for (const product_id of [
      "12",
      1.5,
      0,
      -3,
      null,
      true,
      [1],
      { id: 1 },
      "",
      "１２",
      "😀",
      "1e3",
      2 ** 31,
      1e300,
    ]) {
      const response = await guest.json("/api/favorites/pending/", { product_id });
      expect(response.statusCode, JSON.stringify(product_id)).toBe(400);
      expect(response.json().fields.product_id, JSON.stringify(product_id)).toBeDefined();
    }
    expect((await guest.json("/api/favorites/pending/", {})).statusCode).toBe(400);
    for (const product_id of [2_147_483_647, offline]) {
      const response = await guest.json("/api/favorites/pending/", { product_id });
      expect(response.statusCode, String(product_id)).toBe(404);
      expect(response.json().error).toBe("product_not_found");
    }
    const sessionId = guest.jar.sessionid ? sessionIdOf(guest) : null;
    expect(await pendingFavouritesNotice(t.database.db, sessionId)).toBeNull();
  });

  it("is a change: refused without the CSRF token", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/favorites/pending/",
      payload: { product_id: onSale[0] },
    });
    expect(response.statusCode).toBe(403);
    const withToken = await t.app.inject({
      method: "POST",
      url: "/api/favorites/pending/",
      payload: { product_id: onSale[0] },
      headers: { ...csrfHeaders(t.config), origin: "https://evil.example" },
    });
    expect(withToken.statusCode).toBe(403);
  });
});

/** The session row's id for a visitor's cookie (only its hash is stored). */
function sessionIdOf(visitor: Visitor): string {
  const token = visitor.jar.sessionid;
  if (!token) throw new Error("no session");
  return hashToken(token);
}
