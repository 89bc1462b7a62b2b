import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { marketingEmbedsAllowed, NO_CONSENT } from "#kernel/consent.ts";
import { loadConfig } from "#server/config.ts";
import { registerSecurityHeaders } from "#server/plugins/security-headers.ts";

describe("CONSENT_REQUIRED", () => {
  it("is on in production and off elsewhere unless set", () => {
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }).consentRequired).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).consentRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).consentRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", CONSENT_REQUIRED: "true" }).consentRequired).toBe(true);
    expect(
      loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), CONSENT_REQUIRED: "false" })
        .consentRequired,
    ).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "test", CONSENT_REQUIRED: "maybe" })).toThrow(/CONSENT_REQUIRED/);
  });

  it("lets third-party embeds in only with marketing consent where consent is required", () => {
    const required = loadConfig({ NODE_ENV: "test", CONSENT_REQUIRED: "true" });
    const notRequired = loadConfig({ NODE_ENV: "test" });
    expect(marketingEmbedsAllowed({ config: required, consent: NO_CONSENT })).toBe(false);
    expect(
      marketingEmbedsAllowed({
        config: required,
        consent: { ...NO_CONSENT, statistics: true, decided: true },
      }),
    ).toBe(false);
    expect(
      marketingEmbedsAllowed({
        config: required,
        consent: { ...NO_CONSENT, marketing: true, decided: true },
      }),
    ).toBe(true);
    expect(marketingEmbedsAllowed({ config: notRequired, consent: NO_CONSENT })).toBe(true);
  });
});

describe("GTM_CONTAINER_ID", () => {
  it("takes a container id and refuses anything else", () => {
    expect(loadConfig({ NODE_ENV: "test" }).gtmContainerId).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", GTM_CONTAINER_ID: " " }).gtmContainerId).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", GTM_CONTAINER_ID: "GTM-AB12CD3" }).gtmContainerId).toBe(
      "GTM-AB12CD3",
    );
    for (const bad of [
      "AB12CD3",
      "GTM-",
      "GTM-ab12cd3",
      'GTM-AB12"><script>',
      "G-AB12CD3",
      `GTM-${"A".repeat(20)}`,
    ])
      expect(() => loadConfig({ NODE_ENV: "test", GTM_CONTAINER_ID: bad })).toThrow(/GTM_CONTAINER_ID/);
  });

  it("opens the CSP to the tag manager's origins only when a container is configured", async () => {
    const directives = async (env: NodeJS.ProcessEnv) => {
      const app = Fastify();
      await registerSecurityHeaders(app, loadConfig({ NODE_ENV: "test", ...env }), {
        pages: false,
        dev: false,
      });
      app.get("/", async () => "");
      try {
        const csp = String(
          (await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"],
        );
        const find = (name: string) =>
          csp
            .split(";")
            .map((directive) => directive.trim())
            .find((directive) => directive.startsWith(`${name} `));
        return { script: find("script-src"), connect: find("connect-src") };
      } finally {
        await app.close();
      }
    };
    const without = await directives({});
    expect(without.script).not.toContain("googletagmanager");
    expect(without.connect).toBe("connect-src 'self'");
    const withContainer = await directives({ GTM_CONTAINER_ID: "GTM-AB12CD3" });
    expect(withContainer.script).toContain("https://www.googletagmanager.com");
    expect(withContainer.connect).toContain("https://www.google-analytics.com");
  });
});
