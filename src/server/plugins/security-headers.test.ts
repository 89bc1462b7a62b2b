import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { registerSecurityHeaders, scriptNonceOf } from "./security-headers.ts";

const KLARNA = { KLARNA_USERNAME: "PK12345_abcdef", KLARNA_PASSWORD: "secret" };

/** The policy an answer carries for this environment, directive by directive, and its opener policy. */
async function headersFor(env: NodeJS.ProcessEnv, pages = false) {
  const app = Fastify();
  await registerSecurityHeaders(app, loadConfig({ NODE_ENV: "test", ...env }), { pages, dev: false });
  app.get("/", async () => "");
  try {
    const response = await app.inject({ method: "GET", url: "/" });
    const csp = String(response.headers["content-security-policy"]);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? "";
    return {
      script: directive("script-src"),
      style: directive("style-src"),
      font: directive("font-src"),
      connect: directive("connect-src"),
      frame: directive("frame-src"),
      all: csp,
      opener: String(response.headers["cross-origin-opener-policy"]),
    };
  } finally {
    await app.close();
  }
}

describe("Klarna in the content security policy", () => {
  it("allows nothing of Klarna's while the built-in pay later is used", async () => {
    for (const pages of [false, true]) {
      const plain = await headersFor({}, pages);
      expect(plain.all).not.toMatch(/klarna/i);
      expect(plain.opener).toBe("same-origin");
    }
  });

  it("opens scripts, frames, calls, styles and fonts to Klarna's hosts when Klarna is configured", async () => {
    for (const pages of [false, true]) {
      const headers = await headersFor(KLARNA, pages);
      for (const host of [
        "https://x.klarnacdn.net",
        "https://js.klarna.com",
        "https://js.playground.klarna.com",
      ])
        expect(headers.script).toContain(host);
      if (pages) expect(headers.script).toMatch(/'nonce-[A-Za-z0-9_-]+'/);
      expect(headers.frame).toContain("https://*.klarna.com");
      expect(headers.connect).toContain("https://*.klarna.com");
      expect(headers.connect).toContain("https://*.klarnaevt.com");
      expect(headers.style).toContain("https://x.klarnacdn.net");
      expect(headers.font).toBe("font-src 'self' https://x.klarnacdn.net");
      // Klarna's purchase flow may open a window that must keep its opener.
      expect(headers.opener).toBe("same-origin-allow-popups");
    }
    const live = await headersFor({ ...KLARNA, KLARNA_ENVIRONMENT: "live" });
    expect(live.script).toContain("https://js.klarna.com");
    expect(live.script).not.toContain("playground");
  });

  it("adds the origin of a library served from elsewhere (the browser tests' fake), and only that", async () => {
    const headers = await headersFor({
      ...KLARNA,
      KLARNA_SCRIPT_URL: "http://127.0.0.1:4567/kp/lib/v1/api.js",
    });
    for (const directive of [headers.script, headers.connect, headers.frame, headers.style])
      expect(directive).toContain("http://127.0.0.1:4567");
    expect(headers.all).not.toContain("/kp/lib");
  });
});

describe("a page's nonce", () => {
  it("is new for every page, the one its scripts carry, and the only difference between two pages' policies", async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, loadConfig({ NODE_ENV: "test" }), { pages: true, dev: false });
    app.get("/", async (_request, reply) => ({ nonce: scriptNonceOf(reply) }));
    try {
      const answers = await Promise.all([0, 1].map(() => app.inject({ method: "GET", url: "/" })));
      const [first, second] = answers.map((answer) => ({
        nonce: answer.json().nonce as string,
        policy: String(answer.headers["content-security-policy"]),
        frame: answer.headers["x-frame-options"],
      }));
      expect(first?.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(second?.nonce).not.toBe(first?.nonce);
      expect(first?.policy).toContain(`script-src 'self' 'nonce-${first?.nonce}'`);
      expect(first?.policy).not.toContain("StandIn");
      expect(second?.policy.replace(second.nonce, first?.nonce ?? "")).toBe(first?.policy);
      expect(first?.policy).toContain("frame-ancestors 'none'");
      expect(first?.frame).toBe("SAMEORIGIN");
    } finally {
      await app.close();
    }
  });
});
