import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { createSession } from "./session.service.ts";

// A stand-in for the provider: a token endpoint and a profile endpoint, each answering by the code.
const profiles: Record<string, Record<string, unknown>> = {
  good: { sub: "sub-1", email: "Ola@Example.com", name: "Ola", email_verified: true },
  unverified: { sub: "sub-2", email: "eve@example.com", name: "Eve", email_verified: false },
  "no-email": { sub: "sub-3", name: "Nobody" },
};
const tokenRequests: URLSearchParams[] = [];
let provider: http.Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  provider = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.url === "/token") {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        const code = form.get("code") ?? "";
        if (!(code in profiles))
          return response.writeHead(400).end(JSON.stringify({ error: "invalid_grant" }));
        return response.end(JSON.stringify({ access_token: `at-${code}` }));
      }
      const code = (request.headers.authorization ?? "").replace(/^Bearer at-/, "");
      const profile = profiles[code];
      if (!profile) return response.writeHead(401).end("{}");
      return response.end(JSON.stringify(profile));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  // Behind a trusted proxy, on PUBLIC_URL and a host of its own for Germany.
  t = await createTestApp(
    {
      publicUrl: "https://shop.example",
      hostMarkets: { "pitchside.de": "de" },
      oauth: {
        name: "Testbook",
        authorizeUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        userInfoUrl: `${base}/userinfo`,
        clientId: "shop-client",
        clientSecret: "shop-secret",
        scope: "openid email profile",
      },
    },
    { TRUST_PROXY: "true" },
  );
  await seedDemoShop(t.database, { products: 20, seed: 4, dataDir: "" });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

const get = (url: string, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url,
    headers: {
      ...headers,
      cookie: Object.entries(cookies)
        .map(([key, value]) => `${key}=${value}`)
        .join("; "),
    },
  });

/** Starts a sign-in and returns the state the shop expects back, with its cookie. */
async function start(cookies: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const response = await get("/api/auth/oauth/start/", cookies, headers);
  const state = cookiesFrom(response).oauth_state as string;
  return { response, state, cookies: { ...cookies, oauth_state: state } };
}

const callback = (
  query: Record<string, string>,
  cookies: Record<string, string>,
  headers: Record<string, string> = {},
) => get(`/api/auth/oauth/callback/?${new URLSearchParams(query)}`, cookies, headers);

describe("social sign-in", () => {
  it("is offered on the session call", async () => {
    expect((await get("/api/auth/session/")).json().oauth).toEqual({
      name: "Testbook",
      start_url: "/api/auth/oauth/start/",
    });
  });

  it("starts at the provider with a fresh state kept in a short-lived cookie", async () => {
    const { response, state } = await start();
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      response_type: "code",
      client_id: "shop-client",
      redirect_uri: "https://shop.example/api/auth/oauth/callback/",
      scope: "openid email profile",
      state,
    });
    expect(state).toMatch(/^[\w-]{32}$/);
    const cookie = response.cookies.find((c) => c.name === "oauth_state");
    expect(cookie).toMatchObject({ path: "/api/auth/oauth/", httpOnly: true, sameSite: "Lax", maxAge: 600 });
    expect((await start()).state).not.toBe(state);
  });

  it("sends the visitor back to log in when the state is missing or not the one it gave", async () => {
    const { cookies, state } = await start();
    for (const [query, jar] of [
      [{ code: "good", state: "forged" }, cookies],
      [{ code: "good" }, cookies],
      [{ code: "good", state }, {}],
      [{ state }, cookies],
    ] as const) {
      const response = await callback(query, jar);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/account/login/?oauth_error=state");
      expect(cookiesFrom(response).sessionid).toBeUndefined();
    }
    expect(tokenRequests).toHaveLength(0);
  });

  it("exchanges the code, makes the member and logs them in, keeping what they gathered before", async () => {
    const anonymous = await createSession(t.database.db, null);
    const [product] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from products order by id limit 1`,
    );
    await t.database.db.execute(
      sql`insert into favourites (session_id, product_id) values (${anonymous.id}, ${product?.id})`,
    );
    const { cookies, state } = await start({ sessionid: anonymous.token });
    const response = await callback({ code: "good", state }, cookies);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/account/home/");
    expect(response.cookies.find((c) => c.name === "oauth_state")?.value).toBe("");
    const exchange = tokenRequests.at(-1);
    expect(Object.fromEntries(exchange ?? [])).toEqual({
      grant_type: "authorization_code",
      code: "good",
      redirect_uri: "https://shop.example/api/auth/oauth/callback/",
      client_id: "shop-client",
      client_secret: "shop-secret",
    });
    const session = { sessionid: cookiesFrom(response).sessionid as string };
    expect(session.sessionid).toBeTruthy();
    expect(session.sessionid).not.toBe(anonymous.token);
    expect((await get("/api/auth/session/", session)).json().user).toEqual({
      name: "Ola",
      email: "ola@example.com",
      email_validated: true,
    });
    expect((await get("/api/favorites/", session)).json().product_ids).toEqual([product?.id]);

    // The same provider account signs in to the same member again.
    const again = await start();
    const second = await callback({ code: "good", state: again.state }, again.cookies);
    expect(second.headers.location).toBe("/account/home/");
    const [members] = await rows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from users where oauth_subject = 'sub-1'`,
    );
    expect(members?.count).toBe(1);
  });

  it("refuses a profile without a verified address", async () => {
    for (const code of ["unverified", "no-email"]) {
      const { cookies, state } = await start();
      const response = await callback({ code, state }, cookies);
      expect(response.headers.location, code).toBe("/account/login/?oauth_error=profile");
      expect(cookiesFrom(response).sessionid, code).toBeUndefined();
    }
  });

  it("sends the visitor back to log in when the provider refuses the code", async () => {
    const { cookies, state } = await start();
    const response = await callback({ code: "expired", state }, cookies);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/account/login/?oauth_error=provider");
    expect(cookiesFrom(response).sessionid).toBeUndefined();
  });

  it("refuses an over-long code or state as a bad request", async () => {
    const { cookies } = await start();
    expect((await callback({ code: "x".repeat(2001), state: "s" }, cookies)).statusCode).toBe(400);
    expect((await callback({ code: "good", state: "s".repeat(201) }, cookies)).statusCode).toBe(400);
  });

  it("has the provider send the shopper back to a configured address, never to Host or X-Forwarded-Host", async () => {
    for (const [headers, cookies, address] of [
      [{ host: "attacker.example" }, {}, "https://shop.example"],
      [{ host: "shop.example", "x-forwarded-host": "attacker.example" }, {}, "https://shop.example"],
      [{ host: "pitchside.de", "x-forwarded-host": "attacker.example" }, {}, "https://pitchside.de"],
      // The state cookie lives on the host the shopper is on: the provider sends them back there,
      // whichever market their cookie chose.
      [{ host: "shop.example" }, { market: "de" }, "https://shop.example"],
    ] as const) {
      const started = await start(cookies, headers);
      const redirectUri = new URL(started.response.headers.location as string).searchParams.get(
        "redirect_uri",
      );
      expect(redirectUri, JSON.stringify(headers)).toBe(`${address}/api/auth/oauth/callback/`);
      const back = await callback({ code: "good", state: started.state }, started.cookies, headers);
      expect(back.headers.location).toBe("/account/home/");
      expect(tokenRequests.at(-1)?.get("redirect_uri")).toBe(`${address}/api/auth/oauth/callback/`);
    }
  });

  it("comes back to the page the log-in started from, kept beside the state and never sent to the provider", async () => {
    const next = "/p/some-boot/?colour=red&size=42";
    const started = await get(`/api/auth/oauth/start/?next=${encodeURIComponent(next)}`);
    const state = cookiesFrom(started).oauth_state as string;
    const kept = started.cookies.find((c) => c.name === "oauth_next");
    expect(kept).toMatchObject({
      value: next,
      path: "/api/auth/oauth/",
      httpOnly: true,
      sameSite: "Lax",
      maxAge: 600,
    });
    expect(started.headers.location).not.toContain("some-boot");
    const back = await callback({ code: "good", state }, { oauth_state: state, oauth_next: next });
    expect(back.headers.location).toBe(next);
    expect(back.cookies.find((c) => c.name === "oauth_next")?.value).toBe("");
    // A sign-in that fails goes back to log in, still knowing where the visitor was going.
    const again = await get(`/api/auth/oauth/start/?next=${encodeURIComponent(next)}`);
    const againState = cookiesFrom(again).oauth_state as string;
    const failed = await callback(
      { code: "expired", state: againState },
      { oauth_state: againState, oauth_next: next },
    );
    expect(failed.headers.location).toBe(
      `/account/login/?oauth_error=provider&next=${encodeURIComponent(next)}`,
    );
  });

  it("keeps no `next` that leads off the shop, and follows no planted one", async () => {
    for (const next of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "/\tevil",
      "javascript:alert(1)",
      "/%2F%2Fevil.example",
      "x".repeat(3000),
    ]) {
      const started = await get(`/api/auth/oauth/start/?next=${encodeURIComponent(next)}`);
      expect([302, 400], next).toContain(started.statusCode);
      if (started.statusCode === 400) continue;
      expect(cookiesFrom(started).oauth_next ?? "", next).toBe("");
      const state = cookiesFrom(started).oauth_state as string;
      // A cookie planted by someone else is checked again before it is followed.
      const back = await callback(
        { code: "good", state },
        { oauth_state: state, oauth_next: encodeURIComponent(next) },
      );
      expect(back.headers.location, next).toBe("/account/home/");
      const failed = await callback(
        { code: "good", state: "forged" },
        { oauth_state: state, oauth_next: encodeURIComponent(next) },
      );
      expect(failed.headers.location, next).toBe("/account/login/?oauth_error=state");
    }
  });

  it("makes the products whose hearts the visitor tapped before signing in favourites", async () => {
    const [product] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from products where online order by id desc limit 1`,
    );
    const productId = product?.id as number;
    const tapped = await t.app.inject({
      method: "POST",
      url: "/api/favorites/pending/",
      payload: { product_id: productId },
      headers: csrfHeaders(t.config),
    });
    expect(tapped.statusCode).toBe(200);
    const visitor = { sessionid: cookiesFrom(tapped).sessionid as string };
    const { cookies, state } = await start(visitor);
    const back = await callback({ code: "good", state }, cookies);
    expect(back.headers.location).toBe("/account/home/");
    const session = { sessionid: cookiesFrom(back).sessionid as string };
    expect((await get("/api/favorites/", session)).json().product_ids).toContain(productId);
  });
});
