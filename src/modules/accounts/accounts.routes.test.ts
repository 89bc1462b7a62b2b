import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { lastMailTo as readLastMail } from "../../../tests/support/mail-files.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, cookies: Record<string, string> = {}, ip = "10.0.0.1") =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: csrfHeaders(t.config, cookies),
    remoteAddress: ip,
  });

const lastMailTo = (email: string) => readLastMail(path.join(t.config.dataDir, "mail"), email);
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get("token") ?? "");

describe("sign-up", () => {
  it("creates the member, logs them in and mails a validation link", async () => {
    const response = await post("/api/auth/signup/", {
      email: "Kai@Example.com",
      password: "long-enough-1",
      name: "Kai",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toEqual({ name: "Kai", email: "kai@example.com", email_validated: false });
    const session = cookiesFrom(response).sessionid;
    expect(session).toBeTruthy();
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/session/",
      headers: { cookie: `sessionid=${session}` },
    });
    expect(me.json()).toMatchObject({ is_logged_in: true, user: { email: "kai@example.com" } });
    const mail = lastMailTo("kai@example.com");
    expect(mail.link).toContain("/account/validate/?token=");
    expect(mail.text).toContain("Content-Type: text/html");
  });

  it("refuses a taken address, a bad address and short or long passwords with field errors", async () => {
    const taken = await post("/api/auth/signup/", { email: "kai@example.com", password: "long-enough-1" });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.email).toEqual(["account.error.emailTaken"]);
    const bad = await post("/api/auth/signup/", { email: "not-an-address", password: "short" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["email", "password"]);
    const long = await post("/api/auth/signup/", { email: "long@example.com", password: "x".repeat(129) });
    expect(long.json().fields.password).toEqual(["form.password.tooLong"]);
    const missing = await post("/api/auth/signup/", {});
    expect(missing.statusCode).toBe(400);
  });

  it("validates the address once with the mailed token; a used or made-up token is refused", async () => {
    const token = tokenOf(lastMailTo("kai@example.com").link);
    const first = await post("/api/auth/validate-email/", { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email_validated).toBe(true);
    const again = await post("/api/auth/validate-email/", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_token");
    expect((await post("/api/auth/validate-email/", { token: "made-up-token-value" })).statusCode).toBe(400);
    expect((await post("/api/auth/validate-email/", { token: 42 })).statusCode).toBe(400);
  });
});

describe("log-in and log-out", () => {
  it("logs in with a new session id and logs out by destroying it", async () => {
    const anonymous = "anonymous-session-token";
    const login = await post(
      "/api/auth/login/",
      { email: "KAI@example.com", password: "long-enough-1" },
      { sessionid: anonymous },
      "10.0.0.2",
    );
    expect(login.statusCode).toBe(200);
    const session = cookiesFrom(login).sessionid;
    expect(session).toBeTruthy();
    expect(session).not.toBe(anonymous);
    const logout = await post("/api/auth/logout/", {}, { sessionid: session as string }, "10.0.0.2");
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/auth/session/",
      headers: { cookie: `sessionid=${session}` },
    });
    expect(after.json().is_logged_in).toBe(false);
  });

  it("answers a wrong password with a field error that does not say which part was wrong", async () => {
    const wrong = await post(
      "/api/auth/login/",
      { email: "kai@example.com", password: "wrong-password" },
      {},
      "10.0.0.3",
    );
    const unknown = await post(
      "/api/auth/login/",
      { email: "nobody@example.com", password: "wrong-password" },
      {},
      "10.0.0.3",
    );
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it("answers the 11th attempt on one account within a minute with 429, even from other addresses", async () => {
    await post(
      "/api/auth/signup/",
      { email: "target@example.com", password: "long-enough-1" },
      {},
      "10.1.0.0",
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await post(
        "/api/auth/login/",
        { email: "target@example.com", password: `wrong-${i}` },
        {},
        `10.1.0.${i + 1}`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await post(
      "/api/auth/login/",
      { email: "target@example.com", password: "long-enough-1" },
      {},
      "10.1.1.1",
    );
    expect(right.statusCode).toBe(429);
  });

  it("answers the 11th attempt from one IP address within a minute with 429, across accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await post(
        "/api/auth/login/",
        { email: `someone${i}@example.com`, password: "whatever-1" },
        {},
        "10.2.0.1",
      );
      statuses.push(response.statusCode);
    }
    expect(statuses[9]).toBe(400);
    expect(statuses[10]).toBe(429);
    expect(
      (
        await post("/api/auth/login/", { email: "x@example.com", password: "whatever-1" }, {}, "10.2.0.1")
      ).json().error,
    ).toBe("rate_limited");
  });

  it("refuses a log-in without the CSRF header", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { email: "kai@example.com", password: "long-enough-1" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("password reset", () => {
  it("mails a one-time link, sets the new password with it, and ends the member's sessions", async () => {
    const login = await post(
      "/api/auth/login/",
      { email: "kai@example.com", password: "long-enough-1" },
      {},
      "10.3.0.1",
    );
    const oldSession = cookiesFrom(login).sessionid as string;
    const request = await post("/api/auth/password-reset/", { email: "kai@example.com" }, {}, "10.3.0.2");
    expect(request.json()).toEqual({ success: true });
    const token = tokenOf(lastMailTo("kai@example.com").link);
    const short = await post(
      "/api/auth/password-reset/confirm/",
      { token, password: "short" },
      {},
      "10.3.0.2",
    );
    expect(short.statusCode).toBe(400);
    const done = await post(
      "/api/auth/password-reset/confirm/",
      { token, password: "brand-new-password" },
      {},
      "10.3.0.2",
    );
    expect(done.statusCode).toBe(200);
    expect(
      (
        await post(
          "/api/auth/password-reset/confirm/",
          { token, password: "another-password" },
          {},
          "10.3.0.2",
        )
      ).statusCode,
    ).toBe(400);
    const old = await t.app.inject({
      method: "GET",
      url: "/api/auth/session/",
      headers: { cookie: `sessionid=${oldSession}` },
    });
    expect(old.json().is_logged_in).toBe(false);
    const relog = await post(
      "/api/auth/login/",
      { email: "kai@example.com", password: "brand-new-password" },
      {},
      "10.3.0.3",
    );
    expect(relog.statusCode).toBe(200);
  });

  it("answers the same for unknown addresses and sends them nothing", async () => {
    const response = await post("/api/auth/password-reset/", { email: "ghost@example.com" }, {}, "10.4.0.1");
    expect(response.json()).toEqual({ success: true });
    expect(() => lastMailTo("ghost@example.com")).toThrow();
    expect((await post("/api/auth/password-reset/", { email: "nope" }, {}, "10.4.0.1")).statusCode).toBe(400);
  });

  it("mails in the member's language", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/signup/",
      payload: { email: "lena@example.com", password: "long-enough-1", name: "Lena" },
      headers: { ...csrfHeaders(t.config, { language: "de" }) },
      remoteAddress: "10.5.0.1",
    });
    expect(lastMailTo("lena@example.com").text).toContain("Bestätige deine E-Mail-Adresse");
  });
});

describe("social sign-in", () => {
  it("is not offered when no provider is configured", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/session/" })).json().oauth).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/oauth/start/" })).statusCode).toBe(404);
  });
});
