// Log-in limits that stop guessers without letting them lock a member out (decision 0025). The shop
// sits behind one trusted proxy, so each attacker's request names its own address in
// X-Forwarded-For; the clock is the test's, moved on instead of waited for.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { lastMailTo } from "../../../tests/support/mail-files.ts";
import {
  ATTEMPTS_PER_MINUTE,
  IP_AND_ACCOUNT_WINDOW_SECONDS,
  LOGIN_DELAY_CAP_SECONDS,
  LOGIN_FAILURES_PER_IP_AND_ACCOUNT,
  LOGIN_FREE_FAILURES,
  loginDelaySeconds,
} from "./rate-limit.service.ts";

let t: TestApp;
let now = new Date();
const moveOn = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({}, { TRUST_PROXY: "true" }, { clock: () => now });
});
afterAll(async () => t?.close());

const PASSWORD = "long-enough-1";
let attacker = 0;
/** A log-in from `ip` (a new address for every attacker's attempt unless one is given). */
const logIn = (
  email: string,
  password: string,
  ip = `198.18.${Math.floor(attacker / 250)}.${attacker++ % 250}`,
) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login/",
    payload: { email, password },
    headers: { ...csrfHeaders(t.config), "x-forwarded-for": ip },
  });

async function member(email: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup/",
    payload: { email, password: PASSWORD, name: "Member" },
    headers: { ...csrfHeaders(t.config), "x-forwarded-for": "203.0.113.1" },
  });
  expect(response.statusCode).toBe(201);
  return email;
}

/** Wrong passwords from new addresses until the account answers 429; the statuses seen. */
async function hammer(email: string, max = 50) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const response = await logIn(email, `wrong-guess-${i}`);
    statuses.push(response.statusCode);
    if (response.statusCode === 429) return { statuses, refusal: response };
  }
  throw new Error(`no 429 after ${max} wrong passwords: ${statuses.join(",")}`);
}

describe("an attacker hammering one account from many addresses", () => {
  it("gets a growing wait, not a lock: the member gets in once the wait has passed", async () => {
    const email = await member("hammered@example.com");
    const { statuses, refusal } = await hammer(email);
    expect(statuses.slice(0, LOGIN_FREE_FAILURES).every((status) => status === 400)).toBe(true);
    expect(statuses).toHaveLength(LOGIN_FREE_FAILURES + 1);
    expect(refusal.json()).toMatchObject({ error: "login_delayed", message: "account.error.loginDelayed" });
    const wait = Number(refusal.headers["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(refusal.json().retry_after).toBe(wait);

    // During the wait even the right password is refused, from any address, without the password
    // being looked at; those refusals do not make the wait longer.
    const early = await logIn(email, PASSWORD, "192.0.2.10");
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers["retry-after"])).toBeLessThanOrEqual(wait);

    moveOn(wait);
    const loggedIn = await logIn(email, PASSWORD, "192.0.2.10");
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().user.email).toBe(email);

    // The member's log-in cleared the account's wrong passwords: the next guess is a plain 400 again.
    expect((await logIn(email, "wrong-again")).statusCode).toBe(400);
  });

  it("makes each further attempt wait twice as long, up to a cap, and never longer", async () => {
    const email = await member("doubling@example.com");
    const { refusal } = await hammer(email);
    const waits = [Number(refusal.headers["retry-after"])];
    for (let round = 0; round < 14; round++) {
      moveOn(waits.at(-1) as number);
      expect((await logIn(email, `late-guess-${round}`)).statusCode).toBe(400);
      const refused = await logIn(email, `eager-guess-${round}`);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers["retry-after"]));
    }
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    for (let i = 1; i < waits.length; i++)
      expect(waits[i]).toBe(Math.min((waits[i - 1] as number) * 2, LOGIN_DELAY_CAP_SECONDS));
    expect(waits.at(-1)).toBe(LOGIN_DELAY_CAP_SECONDS);

    // Even at the cap, the member waits it out once and is in.
    moveOn(LOGIN_DELAY_CAP_SECONDS);
    expect((await logIn(email, PASSWORD, "192.0.2.11")).statusCode).toBe(200);
  });

  it("cannot learn a password during the wait: the right one is refused like any other", async () => {
    const email = await member("patient@example.com");
    await hammer(email);
    const refused = await logIn(email, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("login_delayed");
  });

  it("is lifted by a new password set from the reset mail: the member logs in at once", async () => {
    const email = await member("resetting@example.com");
    await hammer(email);
    const send = (url: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url,
        payload,
        headers: { ...csrfHeaders(t.config), "x-forwarded-for": "192.0.2.20" },
      });
    expect((await send("/api/auth/password-reset/", { email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const link = lastMailTo(path.join(t.config.dataDir, "mail"), email).link;
    const token = new URL(link).searchParams.get("token") as string;
    expect(
      (await send("/api/auth/password-reset/confirm/", { token, password: "brand-new-pass-7" })).statusCode,
    ).toBe(200);
    expect((await logIn(email, "brand-new-pass-7", "192.0.2.20")).statusCode).toBe(200);
  });

  it("meets the same wait on an address without an account, so the answers reveal nothing", async () => {
    const { statuses, refusal } = await hammer("nobody-here@example.com");
    expect(statuses).toHaveLength(LOGIN_FREE_FAILURES + 1);
    expect(refusal.json().error).toBe("login_delayed");
  });
});

describe("one address guessing one account", () => {
  it("is stopped for that account after a few wrong passwords, while the member logs in from elsewhere", async () => {
    const email = await member("targeted@example.com");
    const guesser = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_FAILURES_PER_IP_AND_ACCOUNT; i++)
      statuses.push((await logIn(email, `guess-${i}`, guesser)).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // A minute on, the per-address limit across accounts has started afresh; this one has not.
    moveOn(61);
    const still = await logIn(email, PASSWORD, guesser);
    expect(still.statusCode).toBe(429);
    expect(still.json().error).toBe("login_delayed");
    expect(Number(still.headers["retry-after"])).toBeLessThanOrEqual(IP_AND_ACCOUNT_WINDOW_SECONDS - 61);

    // The account itself is not locked: from another address the member gets in.
    expect((await logIn(email, PASSWORD, "192.0.2.12")).statusCode).toBe(200);
    // Nor is the address stopped for other accounts.
    const other = await member("neighbour@example.com");
    expect((await logIn(other, PASSWORD, guesser)).statusCode).toBe(200);

    moveOn(IP_AND_ACCOUNT_WINDOW_SECONDS);
    expect((await logIn(email, PASSWORD, guesser)).statusCode).toBe(200);
  });
});

describe("one address across many accounts", () => {
  it("is limited per minute, whatever the accounts", async () => {
    const ip = "198.51.100.99";
    const statuses: number[] = [];
    for (let i = 0; i <= ATTEMPTS_PER_MINUTE; i++)
      statuses.push((await logIn(`account-${i}@example.com`, "whatever-1", ip)).statusCode);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    moveOn(60);
    expect((await logIn("account-x@example.com", "whatever-1", ip)).statusCode).toBe(400);
  });
});

describe("loginDelaySeconds", () => {
  it("is nothing for the free wrong passwords, then doubles up to the cap", () => {
    expect(loginDelaySeconds(0)).toBe(0);
    expect(loginDelaySeconds(LOGIN_FREE_FAILURES - 1)).toBe(0);
    expect(loginDelaySeconds(LOGIN_FREE_FAILURES)).toBe(1);
    expect(loginDelaySeconds(LOGIN_FREE_FAILURES + 3)).toBe(8);
    expect(loginDelaySeconds(LOGIN_FREE_FAILURES + 1000)).toBe(LOGIN_DELAY_CAP_SECONDS);
  });
});
