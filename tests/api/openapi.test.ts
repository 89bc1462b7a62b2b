import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

describe("OpenAPI document", () => {
  it("is generated from the route schemas and lists every documented call", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const calls = t.app.routeTable.filter(
      (route) =>
        /^\/(api|v1\.1|cart|checkout|customizations|deliverymethod|delete-account|account\/signup)/.test(
          route.url,
        ) &&
        !route.url.startsWith("/api/docs") &&
        !route.url.endsWith("*") &&
        route.method !== "HEAD",
    );
    expect(calls.length).toBeGreaterThan(1);
    const missing = calls
      .map((route) => `${route.method} ${toOpenApiPath(route.url)}`)
      .filter((call) => !documented.has(call));
    expect(missing).toEqual([]);
  });

  it("serves a page that shows the document", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });
});
