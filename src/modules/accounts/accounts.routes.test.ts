import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailMessages } from "#modules/mail/mail.service.ts";
import { cookiesFrom, createTestApp, csrfHeaders, type TestApp, testVisitor } from "#server/testing.ts";
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

/** Mail is sent by the job queue, after the request: what is queued is sent, then read. */
const lastMailTo = async (email: string) => {
  await t.app.jobs.drain();
  return readLastMail(path.join(t.config.dataDir, "mail"), email);
};
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get("token") ?? "");

const sessionOf = async (cookies: Record<string, string>) =>
  (
    await t.app.inject({
      method: "GET",
      url: "/api/auth/session/",
      headers: { cookie: `sessionid=${cookies.sessionid ?? ""}` },
    })
  ).json();

describe("sign-up", () => {
  it("creates the member and mails a validation link, without logging anyone in", async () => {
    const response = await post("/api/auth/signup/", {
      email: "Kai@Example.com",
      password: "long-enough-1",
      name: "Kai",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().success).toBe(true);
    expect(response.json()).not.toHaveProperty("user");
    expect(await sessionOf(cookiesFrom(response))).toMatchObject({ is_logged_in: false, user: null });
    const mail = await lastMailTo("kai@example.com");
    expect(mail.link).toContain("/account/validate/?token=");
    expect(mail.text).toContain("Content-Type: text/html");
  });

  it("answers an address that has an account exactly as a new one, and mails its owner instead", async () => {
    const answerOf = (response: Awaited<ReturnType<typeof post>>) => ({
      status: response.statusCode,
      body: response.json(),
      cookies: response.cookies.map((cookie) => cookie.name).sort(),
      loggedIn: undefined as unknown,
    });
    const fresh = await post("/api/auth/signup/", { email: "fresh@example.com", password: "long-enough-2" });
    const taken = await post("/api/auth/signup/", { email: "KAI@example.com", password: "long-enough-2" });
    const [a, b] = [answerOf(fresh), answerOf(taken)];
    a.loggedIn = (await sessionOf(cookiesFrom(fresh))).is_logged_in;
    b.loggedIn = (await sessionOf(cookiesFrom(taken))).is_logged_in;
    expect(b).toEqual(a);
    expect(a.status).toBe(201);
    // The owner hears, in their language, that someone tried, with the way to a new password (a page,
    // not a link that does anything); their password is unchanged.
    const note = await lastMailTo("kai@example.com");
    expect(note.text).toContain(mailMessages("da")["mail.exists.intro"]);
    expect(note.text).toContain(`${new URL(t.config.publicUrl).origin}/account/reset/`);
    expect(note.link).toBe("");
    const login = await post(
      "/api/auth/login/",
      { email: "kai@example.com", password: "long-enough-1" },
      {},
      "10.0.9.1",
    );
    expect(login.statusCode).toBe(200);
  });

  it("checks the password on both paths alike: a common one is refused for a known address too", async () => {
    for (const email of ["kai@example.com", "unknown-yet@example.com"]) {
      const refused = await post("/api/auth/signup/", { email, password: "password1" });
      expect(refused.statusCode, email).toBe(400);
      expect(refused.json().fields, email).toEqual({ password: ["form.password.common"] });
    }
  });

  it("refuses a bad address and short or long passwords with field errors", async () => {
    const bad = await post("/api/auth/signup/", { email: "not-an-address", password: "short" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["email", "password"]);
    const long = await post("/api/auth/signup/", { email: "long@example.com", password: "x".repeat(129) });
    expect(long.json().fields.password).toEqual(["form.password.tooLong"]);
    const missing = await post("/api/auth/signup/", {});
    expect(missing.statusCode).toBe(400);
  });

  it("validates the address once with the mailed token; a used or made-up token is refused", async () => {
    const token = tokenOf((await lastMailTo("fresh@example.com")).link);
    const first = await post("/api/auth/validate-email/", { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email_validated).toBe(true);
    // Opened in a browser that did not sign up, the link confirms the address and logs nobody in.
    expect(await sessionOf(cookiesFrom(first))).toMatchObject({ is_logged_in: false });
    const again = await post("/api/auth/validate-email/", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("invalid_token");
    expect((await post("/api/auth/validate-email/", { token: "made-up-token-value" })).statusCode).toBe(400);
    expect((await post("/api/auth/validate-email/", { token: 42 })).statusCode).toBe(400);
  });

  it("logs the new member in when the link is opened in the browser that signed up", async () => {
    const browser = testVisitor(t);
    expect(
      (
        await browser.json("/api/auth/signup/", {
          email: "same-browser@example.com",
          password: "long-enough-1",
        })
      ).statusCode,
    ).toBe(201);
    const token = tokenOf((await lastMailTo("same-browser@example.com")).link);
    const validated = await browser.json("/api/auth/validate-email/", { token });
    expect(validated.statusCode).toBe(200);
    expect((await browser.get("/api/auth/session/")).json()).toMatchObject({
      is_logged_in: true,
      user: { email: "same-browser@example.com", email_validated: true },
    });
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
    const token = tokenOf((await lastMailTo("kai@example.com")).link);
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
    await expect(lastMailTo("ghost@example.com")).rejects.toThrow();
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
    expect((await lastMailTo("lena@example.com")).text).toContain("Bestätige deine E-Mail-Adresse");
  });
});

describe("links in account mail", () => {
  it("are built on the shop's configured address, whatever Host the request names", async () => {
    const forged = (url: string, payload: object, ip: string) =>
      t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { ...csrfHeaders(t.config), host: "evil.example", origin: "http://evil.example" },
        remoteAddress: ip,
      });
    const shop = new URL(t.config.publicUrl).origin;
    const signup = await forged(
      "/api/auth/signup/",
      { email: "host@example.com", password: "long-enough-1", name: "Host" },
      "10.6.0.1",
    );
    expect(signup.statusCode).toBe(201);
    const validate = new URL((await lastMailTo("host@example.com")).link);
    expect(`${validate.origin}${validate.pathname}`).toBe(`${shop}/account/validate/`);
    const reset = await forged("/api/auth/password-reset/", { email: "host@example.com" }, "10.6.0.2");
    expect(reset.statusCode).toBe(200);
    const confirm = new URL((await lastMailTo("host@example.com")).link);
    expect(`${confirm.origin}${confirm.pathname}`).toBe(`${shop}/account/reset/confirm/`);
  });
});

describe("social sign-in", () => {
  it("is not offered when no provider is configured", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth/session/" })).json().oauth).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/auth/oauth/start/" })).statusCode).toBe(404);
  });
});
