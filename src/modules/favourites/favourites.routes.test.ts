import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";

let t: TestApp;
let product: { id: number };
let member: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 40, seed: 8, dataDir: "" });
  [product] = (await rows<{ id: number }>(
    t.database.db,
    sql`select id from products where online and not is_package order by id limit 1`,
  )) as [{ id: number }];
  member = await signedUpMember("keeper@example.com", "Keeper");
});
afterAll(async () => t?.close());

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
const get = (url: string, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {},
  });
const post = (url: string, body: unknown, cookies: Record<string, string> = {}, ip = "10.1.0.1") =>
  t.app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: csrfHeaders(t.config, cookies),
    remoteAddress: ip,
  });

/** A member who signed up and then logged in (a sign-up logs nobody in); their session cookie. */
async function signedUpMember(email: string, name: string) {
  await post("/api/auth/signup/", { email, password: "long-enough-1", name });
  const login = await post("/api/auth/login/", { email, password: "long-enough-1" });
  expect(login.statusCode).toBe(200);
  return { sessionid: cookiesFrom(login).sessionid as string };
}

describe("favourites", () => {
  it("sends a visitor who is not logged in to log in", async () => {
    expect((await get("/api/favorites/")).statusCode).toBe(401);
    expect((await post("/api/favorites/add/", { product_id: product.id })).statusCode).toBe(401);
  });

  it("answers every favourites call of a visitor, or of an unknown session, with 401 login_required", async () => {
    for (const response of [
      await get("/api/favorites/"),
      await post("/api/favorites/add/", { product_id: product.id }),
      await post("/api/favorites/remove/", { product_id: product.id }),
      await get("/api/favorites/", { sessionid: "not-a-session" }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: "login_required",
        message: "Log in to keep favourites.",
      });
    }
  });

  it("adds, lists and removes a member's favourite; bad input is refused", async () => {
    const cookies = await signedUpMember("fan@example.com", "Fan");
    const added = await post("/api/favorites/add/", { product_id: product.id }, cookies);
    expect(added.statusCode).toBe(200);
    await post("/api/favorites/add/", { product_id: product.id }, cookies);
    expect((await get("/api/favorites/", cookies)).json()).toMatchObject({
      data: [{ product_id: product.id }],
      product_ids: [product.id],
    });
    expect((await post("/api/favorites/add/", { product_id: 99999999 }, cookies)).statusCode).toBe(404);
    expect((await post("/api/favorites/add/", { product_id: "x" }, cookies)).statusCode).toBe(400);
    const removed = await post("/api/favorites/remove/", { product_id: product.id }, cookies);
    expect(removed.json()).toEqual({ data: [] });
    const noCsrf = await t.app.inject({
      method: "POST",
      url: "/api/favorites/add/",
      payload: { product_id: product.id },
      headers: { cookie: `sessionid=${cookies.sessionid}` },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("refuses ids of the wrong type with a field error, and changes nothing", async () => {
    for (const product_id of ["12", 1.5, 0, -3, null, true, [1], { id: 1 }, "", "１２", "😀", "1e3"]) {
      const response = await post("/api/favorites/add/", { product_id }, member);
      expect(response.statusCode, JSON.stringify(product_id)).toBe(400);
      expect(response.json().fields.product_id, JSON.stringify(product_id)).toBeDefined();
    }
    for (const body of [{}, { productId: product.id }]) {
      const response = await post("/api/favorites/add/", body, member);
      expect(response.statusCode).toBe(400);
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/favorites/add/",
      payload: "{product_id: 1",
      headers: { ...csrfHeaders(t.config, member), "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe("malformed_json");
    expect((await get("/api/favorites/", member)).json()).toMatchObject({ data: [], total_count: 0 });
  });

  it("answers huge ids with 400 or 404, never a server error", async () => {
    for (const product_id of [2 ** 31, 2 ** 53, 1e300, Number.MAX_SAFE_INTEGER]) {
      for (const url of ["/api/favorites/add/", "/api/favorites/remove/"]) {
        const response = await post(url, { product_id }, member);
        expect([400, 404], `${url} ${product_id}`).toContain(response.statusCode);
      }
    }
    expect((await get("/api/favorites/", member)).json()).toMatchObject({ data: [], total_count: 0 });
  });

  it("lists the member's favourites newest first", async () => {
    const ids = await rows<{ id: number }>(
      t.database.db,
      sql`select id from products where online order by id limit 3 offset 1`,
    );
    for (const { id } of ids) await post("/api/favorites/add/", { product_id: id }, member);
    const listed = (await get("/api/favorites/", member)).json();
    expect(listed.product_ids).toEqual(ids.map(({ id }) => id).reverse());
    expect(listed.data.map((f: { product_id: number }) => f.product_id)).toEqual(
      ids.map(({ id }) => id).reverse(),
    );
    for (const { id } of ids) await post("/api/favorites/remove/", { product_id: id }, member);
  });

  it("answers a page of 6 favourites as the favourites page shows them, with the count and pages", async () => {
    const cookies = await signedUpMember("collector@example.com", "Collector");
    const ids = (
      await rows<{ id: number }>(
        t.database.db,
        sql`select id from products where online and not is_package order by id limit 8`,
      )
    ).map(({ id }) => id);
    for (const id of ids) await post("/api/favorites/add/", { product_id: id }, cookies);
    const first = (await get("/api/favorites/", cookies)).json();
    expect(first).toMatchObject({ total_count: 8, page: 1, pages: 2, page_size: 6 });
    expect(first.data).toHaveLength(6);
    expect(first.product_ids).toEqual([...ids].reverse());
    expect(first.data.map((f: { product_id: number }) => f.product_id)).toEqual(
      [...ids].reverse().slice(0, 6),
    );
    const favourite = first.data[0];
    expect(favourite).toEqual({
      id: expect.any(Number),
      product_id: ids[7],
      name: expect.any(String),
      brand: expect.any(String),
      image: expect.stringMatching(/^\//),
      relative_url: expect.stringMatching(/^\//),
      is_exclusive: expect.any(Boolean),
      prices: expect.objectContaining({ currency: "DKK", min_price: expect.any(Number) }),
      stock: expect.any(Array),
    });
    for (const size of favourite.stock)
      expect(Object.keys(size).sort()).toEqual(["name", "name_short", "size_id"]);
    const second = (await get("/api/favorites/?page=2", cookies)).json();
    expect(second.data.map((f: { product_id: number }) => f.product_id)).toEqual([...ids].reverse().slice(6));
    expect(second).toMatchObject({ page: 2, pages: 2, total_count: 8 });
    const past = (await get("/api/favorites/?page=3", cookies)).json();
    expect(past).toMatchObject({ data: [], page: 3, pages: 2, total_count: 8 });
  });

  it("prices favourites in the shopper's market currency", async () => {
    const cookies = await signedUpMember("abroad@example.com", "Abroad");
    await post("/api/favorites/add/", { product_id: product.id }, cookies);
    expect((await get("/api/favorites/", cookies)).json().data[0].prices.currency).toBe("DKK");
    const inGermany = (await get("/api/favorites/", { ...cookies, market: "de" })).json();
    expect(inGermany.data[0]).toMatchObject({ product_id: product.id, prices: { currency: "EUR" } });
  });

  it("refuses a page that is not a whole number from 1, with a field error", async () => {
    for (const page of [
      "0",
      "-1",
      "1.5",
      "abc",
      "%F0%9F%98%80",
      "%EF%BC%91",
      "99999999999999999999",
      "100001",
      "",
    ]) {
      const response = await get(`/api/favorites/?page=${page}`, member);
      expect(response.statusCode, page).toBe(400);
      expect(response.json().fields.page, page).toBeDefined();
    }
    expect((await get("/api/favorites/?page=100000", member)).statusCode).toBe(200);
  });

  it("shows a member none of another member's favourites", async () => {
    const owner = await signedUpMember("owner@example.com", "Owner");
    const other = await signedUpMember("other@example.com", "Other");
    await post("/api/favorites/add/", { product_id: product.id }, owner);
    const seen = (await get("/api/favorites/", other)).json();
    expect(seen).toMatchObject({ data: [], product_ids: [], total_count: 0, pages: 0 });
    expect((await get("/api/favorites/", owner)).json().product_ids).toEqual([product.id]);
  });

  it("answers the favourites list privately, never cached", async () => {
    const response = await get("/api/favorites/", member);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });
});
