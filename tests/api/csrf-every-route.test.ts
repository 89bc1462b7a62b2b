import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCsrfToken } from "#server/plugins/csrf.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";

/**
 * Every state-changing route the server registers, read from its own route table, must refuse a
 * request without the CSRF token. A route may be exempt only by being listed here on purpose.
 */
// The stock feed, the synonym list and the operator API are called by the warehouse or the shop's
// operator with a bearer token, never with the shopper's cookies.
const EXEMPT = new Set<string>([
  "PUT /api/catalogue/stock/:sku/",
  "PUT /api/catalogue/synonyms/",
  "DELETE /api/catalogue/synonyms/",
  "POST /api/operator/orders/:order_number/shipments/:shipment/pack/",
  "POST /api/operator/orders/:order_number/shipments/:shipment/ship/",
  "POST /api/operator/orders/:order_number/shipments/:shipment/deliver/",
  "POST /api/operator/orders/:order_number/shipments/:shipment/cancel/",
  "POST /api/operator/returns/:return_number/received/",
  "POST /api/operator/reviews/:id/hide/",
  "POST /api/operator/webhooks/",
  "DELETE /api/operator/webhooks/:id/",
  "POST /api/operator/webhooks/:id/ping/",
  "POST /api/operator/webhook-deliveries/:id/replay/",
  // A mail client's one-click unsubscribe (RFC 8058) comes from its server without cookies; the
  // link's unguessable token allows it, and it can only stop reminder mail (decision 0058).
  "POST /reminders/unsubscribe/",
]);
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const concretePath = (url: string) =>
  url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, "1").replace(/\*$/, "anything/");

describe("CSRF on every state-changing route", () => {
  it("finds the state-changing routes in the route table", () => {
    const unsafe = t.app.routeTable.filter((route) => UNSAFE.has(route.method));
    expect(unsafe.length).toBeGreaterThan(3);
  });

  it("exempts only the routes listed on purpose", () => {
    const exempt = t.app.routeTable
      .filter((route) => route.csrfExempt)
      .map((route) => `${route.method} ${route.url}`);
    expect(exempt.filter((route) => !EXEMPT.has(route))).toEqual([]);
  });

  it("answers 403 JSON without the token, with a forged token, with a foreign origin and with no origin at all", async () => {
    const failures: string[] = [];
    const token = issueCsrfToken(t.config.sessionSecret);
    for (const route of t.app.routeTable) {
      if (!UNSAFE.has(route.method) || route.csrfExempt) continue;
      const url = concretePath(route.url);
      const attempts = [
        { name: "no token", headers: {} },
        { name: "header without cookie", headers: { "x-csrftoken": token } },
        { name: "forged token", headers: { cookie: "csrftoken=abc.def", "x-csrftoken": "abc.def" } },
        {
          name: "foreign origin",
          headers: { cookie: `csrftoken=${token}`, "x-csrftoken": token, origin: "https://evil.example" },
        },
        // A valid token, but neither Origin nor Referer: no page of the shop sends that.
        { name: "no origin or referer", headers: { cookie: `csrftoken=${token}`, "x-csrftoken": token } },
      ];
      for (const attempt of attempts) {
        const response = await t.app.inject({
          method: route.method as "POST",
          url,
          headers: { "content-type": "application/json", ...attempt.headers },
          payload: "{}",
        });
        if (response.statusCode !== 403 || response.json().error !== "csrf_failed") {
          failures.push(`${route.method} ${route.url} (${attempt.name}) → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
