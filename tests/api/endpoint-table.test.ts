import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/testing.ts";

/**
 * The storefront's endpoint table (src/web/lib/endpoints.ts) names each call "METHOD /path/" as the
 * server registers it, and types its answer by the call's success contract. Read against the server's
 * own route table, so a call renamed or moved on the server fails here, not in a shopper's browser.
 */
const root = path.resolve(import.meta.dirname, "../..");
const table = fs.readFileSync(path.join(root, "src/web/lib/endpoints.ts"), "utf8");
const keys = [...table.matchAll(/^\s*"((?:GET|POST|PUT|PATCH|DELETE) \/[^"]*)": \{/gm)].map(
  (match) => match[1] as string,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the storefront's endpoint table", () => {
  it("is read from its file", () => {
    expect(keys.length).toBeGreaterThan(40);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("names only calls the server registers, each with a success contract", () => {
    const registered = new Map(
      t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route.responseStatuses]),
    );
    const unknown = keys.filter((key) => !registered.has(key));
    expect(unknown).toEqual([]);
    const withoutSuccess = keys.filter(
      (key) => !registered.get(key)?.some((status) => status === "200" || status === "201"),
    );
    expect(withoutSuccess).toEqual([]);
  });

  it("is the only way storefront code calls the API (api() stays inside web/lib)", () => {
    const files = fs
      .readdirSync(path.join(root, "src/web"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`lib${path.sep}`));
    const untyped = files.filter((file) =>
      /import \{[^}]*\bapi\b[^}]*\} from "#web\/lib\/api\.ts"/.test(
        fs.readFileSync(path.join(root, "src/web", file), "utf8"),
      ),
    );
    expect(untyped).toEqual([]);
  });
});
