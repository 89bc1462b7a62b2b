import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/testing.ts";

/**
 * Every call the server registers describes what it answers: Fastify checks each response against
 * that contract before it leaves, and the OpenAPI document shows it. Read from the server's own route
 * table, so a new call without a contract fails here. Only what is not an API call is left out: the
 * storefront's page renderer, the static files and the API document's own pages.
 */
const NOT_API_CALLS = [/\*$/, /^\/api\/docs/, /^\/assets\//, /^\/favicon\.ico$/];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("a response contract on every API call", () => {
  it("reads the calls from the route table", () => {
    expect(t.app.routeTable.length).toBeGreaterThan(50);
  });

  it("finds no call without a response schema", () => {
    const withoutContract = t.app.routeTable
      .filter((route) => route.method !== "HEAD" && !NOT_API_CALLS.some((pattern) => pattern.test(route.url)))
      .filter((route) => route.responseStatuses.length === 0)
      .map((route) => `${route.method} ${route.url}`);
    expect(withoutContract).toEqual([]);
  });

  it("describes a success for every call that has a contract", () => {
    const withoutSuccess = t.app.routeTable
      .filter((route) => route.responseStatuses.length > 0)
      .filter((route) => !route.responseStatuses.some((status) => /^(2|3)\d\d$|^2XX$|^default$/.test(status)))
      .map((route) => `${route.method} ${route.url}: ${route.responseStatuses.join(", ")}`);
    expect(withoutSuccess).toEqual([]);
  });
});
