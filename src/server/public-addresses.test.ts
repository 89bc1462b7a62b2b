import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastMailTo } from "../../tests/support/mail-files.ts";
import { loadConfig } from "./config.ts";
import { createTestApp, csrfHeaders, type TestApp } from "./testing.ts";

// One shop on three addresses: PUBLIC_URL for every market without a host of its own, and a host
// each for Germany and France.
const ADDRESSES = {
  publicUrl: "https://shop.example",
  hostMarkets: { "pitchside.de": "de", "pitchside.fr": "fr" },
};

let production: TestApp;
let proxied: TestApp;
let development: TestApp;
beforeAll(async () => {
  [production, proxied, development] = await Promise.all([
    createTestApp({ ...ADDRESSES, env: "production" }),
    createTestApp({ ...ADDRESSES, env: "production" }, { TRUST_PROXY: "true" }),
    createTestApp(ADDRESSES),
  ]);
});
afterAll(async () => {
  await Promise.all([production?.close(), proxied?.close(), development?.close()]);
});

let ip = 0;
/** A state-changing call as a browser page on `headers.host` would send it (each from its own IP). */
const post = (
  t: TestApp,
  url: string,
  payload: object,
  headers: Record<string, string>,
  cookies: Record<string, string> = {},
) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...csrfHeaders(t.config, cookies), ...headers },
    remoteAddress: `10.77.0.${++ip}`,
  });

const mailDir = (t: TestApp) => path.join(t.config.dataDir, "mail");
/** Mail is sent by the job queue after the request: what is queued is sent before counting. */
const mailCount = async (t: TestApp) => {
  await t.app.jobs.drain();
  return fs.existsSync(mailDir(t)) ? fs.readdirSync(mailDir(t)).length : 0;
};
/** The address and path of the newest mailed link to `email`, without its token. */
const mailedLink = async (t: TestApp, email: string) => {
  await t.app.jobs.drain();
  const link = new URL(lastMailTo(mailDir(t), email).link);
  expect(link.searchParams.get("token")).toBeTruthy();
  return `${link.origin}${link.pathname}`;
};

/** A member who signed up on `host` (not yet validated, so resend-validation mails them). */
async function member(t: TestApp, email: string, host = "shop.example") {
  const response = await post(
    t,
    "/api/auth/signup/",
    { email, password: "long-enough-1", name: "Mia" },
    { host, origin: `http://${host}` },
  );
  expect(response.statusCode, response.body).toBe(201);
  return email;
}

describe("in production the shop answers only on its configured hosts", () => {
  it("refuses any other Host with 400 unknown_host before doing anything", async () => {
    const email = await member(production, "target@example.com");
    const before = await mailCount(production);
    const reset = await post(
      production,
      "/api/auth/password-reset/",
      { email },
      { host: "attacker.example", origin: "http://attacker.example" },
    );
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ error: "unknown_host", request_id: expect.any(String) });
    // Before any work: no mail, no session, no CSRF cookie.
    expect(await mailCount(production)).toBe(before);
    expect(reset.cookies).toEqual([]);
    for (const [url, host] of [
      ["/api/markets/", "attacker.example"],
      ["/api/markets/", "127.0.0.1:3000"],
      ["/no-such-page/", "attacker.example"],
      ["/api/markets/", "shop.example.attacker.example"],
    ] as const) {
      const response = await production.app.inject({ method: "GET", url, headers: { host } });
      expect(response.statusCode, `${host}${url}`).toBe(400);
      expect(response.json().error).toBe("unknown_host");
    }
  });

  it("judges the Host header, never X-Forwarded-Host, even behind a trusted proxy", async () => {
    const response = await proxied.app.inject({
      method: "GET",
      url: "/api/markets/",
      headers: { host: "attacker.example", "x-forwarded-host": "shop.example" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("unknown_host");
  });

  it("answers the health probes on any address, as load balancers call them", async () => {
    for (const url of ["/healthz", "/readyz", "/healthz/", "/readyz?probe=1"]) {
      for (const host of ["10.0.0.7:3000", "attacker.example"]) {
        const response = await production.app.inject({ method: "GET", url, headers: { host } });
        expect(response.statusCode, `${host}${url}`).toBe(200);
      }
    }
  });

  it("accepts PUBLIC_URL's host and every market host, in any case and on any port", async () => {
    for (const host of [
      "shop.example",
      "SHOP.example:443",
      "pitchside.de",
      "pitchside.fr:8443",
      "pitchside.de.",
    ]) {
      const response = await production.app.inject({
        method: "GET",
        url: "/api/markets/",
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
    }
    const german = await production.app.inject({
      method: "GET",
      url: "/api/markets/",
      headers: { host: "pitchside.de" },
    });
    expect(german.json().current.code).toBe("de");
  });

  it("keeps accepting any host outside production, a prototype's name too", async () => {
    for (const host of ["attacker.example", "constructor", "__proto__", "toString:80"]) {
      const response = await development.app.inject({
        method: "GET",
        url: "/api/markets/",
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
      expect(response.json().current.code).toBe("dk");
    }
  });
});

describe("links in account mail are on the configured address of the request's market", () => {
  it("gives a member on a market host links on that host, and PUBLIC_URL elsewhere", async () => {
    const email = await member(production, "mia@example.com", "pitchside.de");
    expect(await mailedLink(production, email)).toBe("https://pitchside.de/account/validate/");
    const reset = await post(
      production,
      "/api/auth/password-reset/",
      { email },
      { host: "pitchside.fr", origin: "http://pitchside.fr" },
    );
    expect(reset.statusCode).toBe(200);
    expect(await mailedLink(production, email)).toBe("https://pitchside.fr/account/reset/confirm/");
    const resend = await post(
      production,
      "/api/auth/resend-validation/",
      { email },
      { host: "shop.example", origin: "http://shop.example" },
    );
    expect(resend.statusCode).toBe(200);
    expect(await mailedLink(production, email)).toBe("https://shop.example/account/validate/");
  });

  it("mails a reset or validation link asked for with Host: attacker.example on the shop's address", async () => {
    const email = await member(development, "victim@example.com");
    const forged = { host: "attacker.example", origin: "http://attacker.example" };
    for (const [url, expected, market] of [
      ["/api/auth/password-reset/", "https://shop.example/account/reset/confirm/", undefined],
      ["/api/auth/resend-validation/", "https://shop.example/account/validate/", undefined],
      // The market chosen by cookie decides the address, never the Host header.
      ["/api/auth/password-reset/", "https://pitchside.de/account/reset/confirm/", "de"],
      ["/api/auth/resend-validation/", "https://pitchside.de/account/validate/", "de"],
    ] as const) {
      const response = await post(development, url, { email }, forged, market ? { market } : {});
      expect(response.statusCode, url).toBe(200);
      expect(await mailedLink(development, email), `${url} ${market ?? ""}`).toBe(expected);
    }
  });

  it("behind a trusted proxy, builds no link and no own origin from X-Forwarded-Host", async () => {
    const email = await member(proxied, "proxied@example.com", "pitchside.de");
    const behindProxy = {
      host: "pitchside.de",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "attacker.example",
    };
    for (const [url, expected] of [
      ["/api/auth/password-reset/", "https://pitchside.de/account/reset/confirm/"],
      ["/api/auth/resend-validation/", "https://pitchside.de/account/validate/"],
    ] as const) {
      const response = await post(
        proxied,
        url,
        { email },
        { ...behindProxy, origin: "https://pitchside.de" },
      );
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(await mailedLink(proxied, email)).toBe(expected);
      // A page on the forwarded host is not the shop: its calls are refused and mail nothing.
      const before = await mailCount(proxied);
      const forged = await post(
        proxied,
        url,
        { email },
        { ...behindProxy, origin: "https://attacker.example" },
      );
      expect(forged.statusCode).toBe(403);
      expect(forged.json().error).toBe("csrf_failed");
      expect(await mailCount(proxied)).toBe(before);
    }
  });
});

describe("the configured addresses", () => {
  it("are read from PUBLIC_URL and MARKET_HOSTS, spelled as the shop compares them", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "https://Shop.example:443/",
      MARKET_HOSTS: " Pitchside.DE = DE , pitchside.fr=fr,",
    });
    expect(config.publicUrl).toBe("https://shop.example");
    expect(config.hostMarkets).toEqual({ "pitchside.de": "de", "pitchside.fr": "fr" });
  });

  it("stop the start when links cannot be built on them, naming the variable", () => {
    for (const [variable, env] of [
      ["MARKET_HOSTS", { MARKET_HOSTS: "pitchside.de" }],
      ["MARKET_HOSTS", { MARKET_HOSTS: "pitchside.de=xx" }],
      ["MARKET_HOSTS", { MARKET_HOSTS: "pitchside.de:8080=de" }],
      ["PUBLIC_URL", { PUBLIC_URL: "shop.example" }],
      ["PUBLIC_URL", { PUBLIC_URL: "https://shop.example/shop" }],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV: "test", ...env }), JSON.stringify(env)).toThrow(variable);
    }
  });
});
