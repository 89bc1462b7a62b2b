// The CSRF token is bound to the session and replaced whenever the session changes, so one captured
// before log-in is worth nothing after it; a state-changing request must say where it comes from.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#modules/accounts/session.service.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp } from "../testing.ts";
import { CSRF_COOKIE } from "./csrf.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const signup = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup/",
    payload: { email: "csrf@example.com", password: "long-enough-1", name: "Cee" },
    headers: csrfHeaders(t.config),
  });
  expect(signup.statusCode).toBe(201);
});
afterAll(async () => t?.close());

const ORIGIN = "http://localhost:80";

/** A browser: its cookies, and the token it read from its csrftoken cookie. */
interface Browser {
  cookies: Record<string, string>;
}
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");

/** A state-changing call sending `token` (the browser's own unless another is given). */
async function post(browser: Browser, url: string, payload: object, token = browser.cookies[CSRF_COOKIE]) {
  const response = await t.app.inject({
    method: "POST",
    url,
    payload,
    headers: {
      cookie: cookieHeader({ ...browser.cookies, [CSRF_COOKIE]: token ?? "" }),
      "x-csrftoken": token ?? "",
      origin: ORIGIN,
    },
  });
  for (const [name, value] of Object.entries(cookiesFrom(response))) {
    if (value === "") delete browser.cookies[name];
    else browser.cookies[name] = value;
  }
  return response;
}

/** A visitor with an anonymous session, holding the token a page of the shop handed out. */
async function anonymousBrowser(): Promise<Browser> {
  const { token: session } = await createSession(t.database.db, null);
  const page = await t.app.inject({ method: "GET", url: "/api/csrf/", cookies: { sessionid: session } });
  const token = page.json().csrf_token as string;
  expect(cookiesFrom(page)[CSRF_COOKIE]).toBe(token);
  return { cookies: { sessionid: session, [CSRF_COOKIE]: token } };
}

const logIn = (browser: Browser) =>
  post(browser, "/api/auth/login/", { email: "csrf@example.com", password: "long-enough-1" });

describe("the CSRF token at log-in", () => {
  it("is replaced by the log-in's answer, and the one from before log-in is refused after it", async () => {
    const browser = await anonymousBrowser();
    const before = browser.cookies[CSRF_COOKIE] as string;
    const login = await logIn(browser);
    expect(login.statusCode).toBe(200);
    const after = browser.cookies[CSRF_COOKIE] as string;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    const replayed = await post(browser, "/api/favorites/add/", { product_id: 1 }, before);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json().error).toBe("csrf_failed");
    // The browser's own new token works (the product does not exist: past CSRF, the call answers 404).
    expect((await post(browser, "/api/favorites/add/", { product_id: 1 })).statusCode).toBe(404);
  });

  it("is replaced at log-out too: the member's token is refused in the session that follows", async () => {
    const browser = await anonymousBrowser();
    await logIn(browser);
    const member = browser.cookies[CSRF_COOKIE] as string;
    expect((await post(browser, "/api/auth/logout/", {})).statusCode).toBe(200);
    expect(browser.cookies.sessionid).toBeUndefined();
    expect(browser.cookies[CSRF_COOKIE]).not.toBe(member);
    expect((await post(browser, "/api/auth/logout/", {}, member)).statusCode).toBe(403);
    expect((await post(browser, "/api/auth/logout/", {})).statusCode).toBe(200);
  });

  it("is replaced when a sign-up gives the visitor their first session", async () => {
    const browser: Browser = { cookies: {} };
    const page = await t.app.inject({ method: "GET", url: "/api/csrf/" });
    browser.cookies[CSRF_COOKIE] = page.json().csrf_token;
    const before = browser.cookies[CSRF_COOKIE] as string;
    const signup = await post(browser, "/api/auth/signup/", {
      email: "first-session@example.com",
      password: "long-enough-1",
    });
    expect(signup.statusCode).toBe(201);
    expect(browser.cookies.sessionid).toBeTruthy();
    expect(browser.cookies[CSRF_COOKIE]).not.toBe(before);
    expect((await post(browser, "/api/auth/logout/", {}, before)).statusCode).toBe(403);
    expect((await post(browser, "/api/auth/logout/", {})).statusCode).toBe(200);
  });
});

describe("a CSRF token bound to its session", () => {
  it("is refused in another visitor's session", async () => {
    const mine = await anonymousBrowser();
    const theirs = await anonymousBrowser();
    const stolen = await post(theirs, "/api/auth/logout/", {}, mine.cookies[CSRF_COOKIE]);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error).toBe("csrf_failed");
  });

  it("still works once when the session has ended meanwhile, and a new one comes with the answer", async () => {
    const browser = await anonymousBrowser();
    await logIn(browser);
    // The member's sessions end elsewhere (a password reset): this browser's cookie names a dead session.
    await t.database.db.execute(sql`delete from sessions where user_id is not null`);
    const stale = browser.cookies[CSRF_COOKIE];
    const logout = await post(browser, "/api/auth/logout/", {});
    expect(logout.statusCode).toBe(200);
    expect(browser.cookies[CSRF_COOKIE]).not.toBe(stale);
    expect((await post(browser, "/api/auth/logout/", {})).statusCode).toBe(200);
  });

  it("is handed out unchanged while the session stays the same", async () => {
    const browser = await anonymousBrowser();
    const again = await t.app.inject({
      method: "GET",
      url: "/api/csrf/",
      headers: { cookie: cookieHeader(browser.cookies) },
    });
    expect(again.json().csrf_token).toBe(browser.cookies[CSRF_COOKIE]);
    expect(cookiesFrom(again)[CSRF_COOKIE]).toBeUndefined();
  });
});

describe("where a state-changing request comes from", () => {
  const withHeaders = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: {},
      headers: { ...csrfHeaders(t.config), ...headers },
    });

  it("is refused with 403 JSON when neither Origin nor Referer says", async () => {
    const { origin: _origin, ...withoutOrigin } = csrfHeaders(t.config);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: {},
      headers: withoutOrigin,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "csrf_failed" });
  });

  it("is accepted from the shop's own Origin, or its Referer when there is no Origin", async () => {
    expect((await withHeaders({})).statusCode).toBe(200);
    const { origin: _origin, ...withoutOrigin } = csrfHeaders(t.config);
    const referred = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout/",
      payload: {},
      headers: { ...withoutOrigin, referer: `${ORIGIN}/account/home/` },
    });
    expect(referred.statusCode).toBe(200);
    expect(
      (await withHeaders({ referer: "https://evil.example/", origin: "https://evil.example" })).statusCode,
    ).toBe(403);
  });
});
