// Headers every answer carries, and which answers no cache may keep (decision 0021). Pages are
// rendered only in the browser journeys (tests/e2e/private-pages.spec.ts); here: calls and files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "#modules/accounts/session.service.ts";
import { type Answer, personalAnswer } from "./plugins/private-answers.ts";
import { isJsonAnswer } from "./plugins/security-headers.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp, testVisitor } from "./testing.ts";

const PRIVATE = "private, no-store";

describe("Cache-Control of personal answers", () => {
  let t: TestApp;
  let anonymousSession: string;
  let memberSession: string;
  let signupCacheControl: unknown;
  beforeAll(async () => {
    t = await createTestApp();
    anonymousSession = (await createSession(t.database.db, null)).token;
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup/",
      payload: { email: "cached@example.com", password: "long-enough-1", name: "Cas" },
      headers: csrfHeaders(t.config),
    });
    expect(signup.statusCode).toBe(201);
    signupCacheControl = signup.headers["cache-control"];
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { email: "cached@example.com", password: "long-enough-1" },
      headers: csrfHeaders(t.config),
    });
    expect(login.statusCode).toBe(200);
    memberSession = cookiesFrom(login).sessionid as string;
  });
  afterAll(async () => t?.close());

  const get = (url: string, session?: string) =>
    t.app.inject({ method: "GET", url, cookies: session ? { sessionid: session } : {} });

  it("marks a member's calls private, whatever the call", async () => {
    for (const url of ["/api/auth/session/", "/api/markets/", "/api/favorites/", "/v1.1/orders/"]) {
      const response = await get(url, memberSession);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe(PRIVATE);
    }
  });

  it("marks calls made in an anonymous session private", async () => {
    for (const url of ["/api/markets/", "/api/auth/session/", "/api/search/?q=boots"]) {
      const response = await get(url, anonymousSession);
      expect(response.headers["cache-control"], url).toBe(PRIVATE);
    }
  });

  it("marks calls about the visitor's own things private even without a session, errors too", async () => {
    for (const url of [
      "/api/auth/session/",
      "/cart/data/",
      "/api/cart/checkout_offers/",
      "/checkout/payment_gateways/",
      "/checkout/delivery_methods/",
      "/customizations/get/1/",
      "/cart/data/999/",
    ]) {
      const response = await get(url);
      expect(response.headers["cache-control"], `${url} (${response.statusCode})`).toBe(PRIVATE);
    }
  });

  it("marks an answer that hands out a cookie private", async () => {
    const visitor = testVisitor(t);
    const response = await visitor.json("/api/markets/select/", { market: "de" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.headers["cache-control"]).toBe(PRIVATE);
    // Sign-up hands out the member's session.
    expect(signupCacheControl).toBe(PRIVATE);
  });

  it("leaves anonymous calls, pictures and terms as their routes set them", async () => {
    expect((await get("/api/markets/")).headers["cache-control"]).toBeUndefined();
    const picture = await get("/media/content/summer-guide.svg", memberSession);
    expect(picture.headers["cache-control"]).toBe("public, max-age=604800");
  });
});

describe("personalAnswer: which answers are personal before the bag is looked at", () => {
  const nobody: Answer = { url: "/", page: true, session: false, member: false, setsCookie: false };
  it.each<[string, Partial<Answer>, boolean]>([
    ["an anonymous page", {}, false],
    ["an anonymous page in a session (the bag decides)", { session: true }, false],
    ["a member's page", { session: true, member: true }, true],
    ["a page that hands out the session", { setsCookie: true }, true],
    ["the bag page", { url: "/cart/" }, true],
    ["a checkout page", { url: "/checkout/receipt/?token=x" }, true],
    ["the account pages", { url: "/account/login/?next=/p/x/" }, true],
    ["a back-in-stock confirmation link", { url: "/stock-alerts/confirm/?token=x" }, true],
    ["a reminder's unsubscribe link", { url: "/reminders/unsubscribe/?token=x" }, true],
    ["the unsubscribe button's call", { url: "/api/reminders/unsubscribe/", page: false }, true],
    ["a guest's order page", { url: "/orders/view/?token=x" }, true],
    ["the order lookup", { url: "/orders/lookup/" }, true],
    ["a path that only starts like the orders", { url: "/ordersfootball/" }, false],
    ["a file for a member", { url: "/robots.txt", page: false, session: true, member: true }, false],
    ["a picture for a member", { url: "/media/content/x.svg", page: false, member: true }, false],
    [
      "terms of sale for a member",
      { url: "/policies/strikon-official-store/", page: false, session: true, member: true },
      false,
    ],
    ["an anonymous call", { url: "/api/search/?q=boots", page: false }, false],
    ["a call in a session", { url: "/api/search/?q=boots", page: false, session: true }, true],
    ["a drop-point search", { url: "/deliverymethod/find_droppoint/?zip=2100", page: false }, false],
    ["a bag call", { url: "/cart/data/", page: false }, true],
    ["an order call", { url: "/v1.1/orders/", page: false }, true],
    ["a path that only starts like the bag", { url: "/cartoons/" }, false],
  ])("%s", (_case, facts, personal) => {
    expect(personalAnswer({ ...nobody, ...facts })).toBe(personal);
  });
});

describe("Permissions-Policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  // Pages are rendered in the browser journeys: `private-pages.spec.ts` reads a page's policy.
  it("is sent on every answer a browser may show as a document: pictures, SVG, text", async () => {
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/media/content/summer-guide.svg" }),
      t.app.inject({ method: "GET", url: "/metrics" }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => String(answer.headers["content-type"]).split(";")[0])).toEqual([
      "image/svg+xml",
      "text/plain",
    ]);
    for (const answer of answers) {
      const policy = String(answer.headers["permissions-policy"]);
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=(self)", "usb=()"]) {
        expect(policy).toContain(feature);
      }
    }
  });

  it("is left off JSON answers, which are data and never a document: calls, refusals, unknown calls, probes", async () => {
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/markets/" }),
      t.app.inject({ method: "POST", url: "/api/markets/select/", payload: { market: "de" } }),
      t.app.inject({ method: "GET", url: "/api/no-such-call/" }),
      t.app.inject({ method: "GET", url: "/healthz" }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.headers["permissions-policy"]).toBeUndefined();
    }
  });

  it.each([
    ["application/json; charset=utf-8", true],
    ["application/json", true],
    ["application/jsonx", false],
    ["Application/Problem+JSON", true],
    ["text/html; charset=utf-8", false],
    ["image/svg+xml", false],
    ["application/pdf", false],
    ["text/json-ish", false],
    [undefined, false],
  ])("tells a JSON answer by its type: %s → %s", (type, json) => {
    expect(isJsonAnswer(type)).toBe(json);
  });
});

describe("API docs", () => {
  const production = { NODE_ENV: "production", SESSION_SECRET: "a-secret-for-the-test", LOG_LEVEL: "silent" };
  const docs = async (env: NodeJS.ProcessEnv) => {
    const t = await createTestApp({}, env);
    try {
      const statuses = [];
      for (const url of ["/api/docs/", "/api/docs/openapi.json", "/api/docs/json"]) {
        statuses.push((await t.app.inject({ method: "GET", url })).statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  };

  it("are not served in production unless API_DOCS=true", async () => {
    expect(await docs(production)).toEqual([404, 404, 404]);
    expect(await docs({ ...production, API_DOCS: "true" })).toEqual([200, 200, 200]);
  });

  it("are served in development and tests", async () => {
    expect(await docs({ NODE_ENV: "test" })).toEqual([200, 200, 200]);
    expect(await docs({ NODE_ENV: "development", LOG_LEVEL: "silent" })).toEqual([200, 200, 200]);
  });
});
