import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, csrfHeaders, type TestApp } from "./testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the API edge", () => {
  it("answers an unknown call with 404 JSON", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-call/" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "not_found" });
  });

  it("answers malformed JSON with 400 JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/markets/select/",
      headers: { ...csrfHeaders(t.config), "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "malformed_json" });
  });

  it("names the field when a value has the wrong type", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/markets/select/",
      headers: csrfHeaders(t.config),
      payload: { market: 42 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("validation_failed");
    expect(Object.keys(body.fields)).toContain("market");
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/markets/select/",
      headers: { ...csrfHeaders(t.config), "content-type": "application/json" },
      payload: JSON.stringify({ market: "dk", padding: "x".repeat(t.config.bodyLimit + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: "body_too_large" });
  });

  it("switches market and language by cookie", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/markets/select/",
      headers: csrfHeaders(t.config),
      payload: { market: "de", language: "en-GB" },
    });
    expect(response.statusCode).toBe(200);
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    expect(cookies.market).toBe("de");
    expect(cookies.language).toBe("en-GB");
    const after = await t.app.inject({
      method: "GET",
      url: "/api/markets/",
      cookies: { market: "de", language: "en-GB" },
    });
    expect(after.json()).toMatchObject({ current: { code: "de", currency: "EUR" }, language: "en-GB" });
  });

  it("reports readiness from the database", async () => {
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.json()).toEqual({ status: "ready" });
  });
});

describe("sessionless paths", () => {
  it("never makes a session for the route manifest, which races a log-in in the background", async () => {
    const { isSessionless } = await import("./plugins/session.ts");
    expect(isSessionless("/__manifest?paths=%2Faccount&version=1")).toBe(true);
    expect(isSessionless("/account/home/")).toBe(false);
  });
});
