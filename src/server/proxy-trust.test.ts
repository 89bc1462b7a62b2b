// Which address a request comes from, behind proxies: per-IP limits count against it, so a forged
// X-Forwarded-For entry must not make a new client. Observed through the log-in limit per IP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, csrfHeaders, type TestApp } from "./testing.ts";

/** More attempts than any per-IP log-in limit allows within a minute. */
const ENOUGH_ATTEMPTS = 31;

let run = 0;
const logIn = (t: TestApp, forwardedFor: string | undefined, remoteAddress = "127.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login/",
    // A different account each time, so that only the per-IP limit can answer 429.
    payload: { email: `nobody${run++}@example.com`, password: "whatever-1" },
    headers: { ...csrfHeaders(t.config), ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    remoteAddress,
  });

/** Log-in attempts until the first 429; the statuses seen. */
async function attemptsUntilLimited(request: (i: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < ENOUGH_ATTEMPTS; i++) {
    const { statusCode } = await request(i);
    statuses.push(statusCode);
    if (statusCode === 429) break;
  }
  return statuses;
}

describe("TRUST_PROXY=true: one proxy in front", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { TRUST_PROXY: "true" });
  });
  afterAll(async () => t?.close());

  it("counts attempts against the address the proxy saw, whatever first entry is forged", async () => {
    const statuses = await attemptsUntilLimited((i) => logIn(t, `198.18.${i}.1, 2.2.2.2`));
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });

  it("honours the proxy's entry: another client behind the same proxy is not limited", async () => {
    expect((await logIn(t, "2.2.2.2, 3.3.3.3")).statusCode).toBe(400);
    expect((await logIn(t, "3.3.3.4")).statusCode).toBe(400);
  });
});

describe("TRUST_PROXY=2: two proxies in front", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { TRUST_PROXY: "2" });
  });
  afterAll(async () => t?.close());

  it("takes the client from the second entry from the right", async () => {
    const statuses = await attemptsUntilLimited((i) => logIn(t, `198.18.${i}.1, 5.5.5.5, 10.9.9.9`));
    expect(statuses.at(-1)).toBe(429);
    expect((await logIn(t, "5.5.5.5, 6.6.6.6, 10.9.9.9")).statusCode).toBe(400);
    expect((await logIn(t, "6.6.6.6, 5.5.5.5, 10.9.9.8")).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY as a list of proxy addresses and ranges", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { TRUST_PROXY: "10.0.0.0/8, 192.0.2.7" });
  });
  afterAll(async () => t?.close());

  it("ignores X-Forwarded-For from an address that is not a listed proxy", async () => {
    const statuses = await attemptsUntilLimited((i) => logIn(t, `198.51.100.${i}`, "203.0.113.9"));
    expect(statuses.at(-1)).toBe(429);
  });

  it("honours X-Forwarded-For from a listed proxy, through every listed hop", async () => {
    // 203.0.113.9 has used up its attempts above: seen through the proxies, it is still limited.
    expect((await logIn(t, "203.0.113.9", "10.0.0.5")).statusCode).toBe(429);
    expect((await logIn(t, "203.0.113.9, 10.200.0.7", "192.0.2.7")).statusCode).toBe(429);
    // Another client behind the same proxies counts on its own.
    expect((await logIn(t, "198.51.100.200", "10.0.0.5")).statusCode).toBe(400);
    // An entry before an untrusted one is the client's own claim, not a proxy's: not believed.
    expect((await logIn(t, "198.51.100.201, 203.0.113.9", "10.0.0.5")).statusCode).toBe(429);
  });
});
