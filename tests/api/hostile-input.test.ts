import os from "node:os";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import {
  createTestApp,
  createTestDatabase,
  csrfHeaders,
  type TestApp,
  testVisitor,
} from "#server/testing.ts";

/**
 * Input no form sends, answered as bad input (a 4xx with field errors), never as a database error or
 * a crash: characters PostgreSQL cannot store, ids beyond its integer columns, keys named like
 * Object's own properties, methods the page renderer cannot serve.
 */
let t: TestApp;
let product: { id: number; size_id: number };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 30, seed: 6, dataDir: "" });
  [product] = (await rows<{ id: number; size_id: number }>(
    t.database.db,
    sql`select p.id, s.id as size_id from products p join product_sizes s on s.product_id = p.id
         where p.online and not p.is_package and not p.is_giftcard and s.stock > 0 order by p.id limit 1`,
  )) as [{ id: number; size_id: number }];
});
afterAll(async () => t?.close());

interface Answer {
  statusCode: number;
  body: string;
  json(): { error?: string; message?: string; fields?: Record<string, string[]> };
}

const send = (method: "GET" | "POST" | "DELETE", url: string, body?: unknown, form = false) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...csrfHeaders(t.config),
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
    },
    ...(body === undefined ? {} : { payload: form ? String(body) : JSON.stringify(body) }),
  }) as Promise<Answer>;

/** A 400 whose field errors name the field (and nothing leaks from inside the server). */
function expectFieldError(answer: Answer, field: string, label: string) {
  const body = answer.json();
  expect({ label, status: answer.statusCode, error: body.error }).toEqual({
    label,
    status: 400,
    error: "validation_failed",
  });
  expect(Object.keys(body.fields ?? {}), label).toContain(field);
}

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL byte in a query, a path parameter, a JSON field and a form field with a field error", async () => {
    expectFieldError(await send("GET", "/api/search/?q=%00"), "q", "query");
    expectFieldError(await send("GET", "/api/category/get/?slug=boots%00"), "slug", "query with text around");
    expectFieldError(await send("DELETE", "/api/vouchers/remove/%00/"), "code", "path parameter");
    expectFieldError(
      await send("POST", "/api/vouchers/add/", { voucher_code: "\u0000" }),
      "voucher_code",
      "JSON",
    );
    expectFieldError(
      await send("POST", "/cart/items/add_to_cart/", `product=${product.id}&size=1&price=%00`, true),
      "price",
      "form",
    );
    expectFieldError(
      await send("POST", "/checkout/adyen_split_on_payment/", {
        data: { paymentMethod: { holderName: "A\u0000B", number: "4111111111111111" } },
      }),
      "data.paymentMethod.holderName",
      "nested JSON field",
    );
  });

  it("refuses lone surrogates (half a character) in JSON text instead of storing a replacement character", async () => {
    expectFieldError(
      await send("POST", "/api/auth/signup/", {
        email: "half@example.com",
        password: "long-enough-1",
        name: "\ud800",
      }),
      "name",
      "lone high surrogate",
    );
    expectFieldError(
      await send("POST", "/api/giftcards/add/", { code: "x\udfff" }),
      "code",
      "lone low surrogate",
    );
  });

  it("refuses a NUL byte in a key as well as in a value", async () => {
    expectFieldError(
      await send("POST", "/api/checkout/set_delivery_address/", { "na\u0000me": "Mette" }),
      "na\ufffdme",
      "key",
    );
  });

  it("keeps whole characters: emoji, right-to-left text and accents pass", async () => {
    const answer = await send("GET", `/api/search/?q=${encodeURIComponent("⚽ مرحبا Ørsted 👨‍👩‍👧")}`);
    expect(answer.statusCode).toBe(200);
  });
});

describe("ids beyond PostgreSQL's integer columns", () => {
  const tooBig = 2_147_483_648;

  it("answers a path id above 2³¹−1 with a field error", async () => {
    for (const url of [
      `/cart/data/${tooBig}/`,
      `/api/availability/${tooBig}/`,
      `/api/productmessage/${tooBig}/`,
      `/api/products/related/${tooBig}/`,
      `/customizations/get/${tooBig}/`,
    ])
      expectFieldError(await send("GET", url), "id", url);
    for (const url of [
      `/customizations/update/${tooBig}/`,
      `/cart/items/update_cart_item/${tooBig}/`,
      `/cart/items/delete_cart_item/${tooBig}/`,
    ])
      expectFieldError(await send("POST", url, { amount: "1" }), "id", url);
  });

  it("answers a query id above 2³¹−1 with a field error", async () => {
    expectFieldError(await send("GET", `/api/products/cards/?ids=1,${tooBig}`), "ids", "cards");
    expectFieldError(
      await send("GET", `/api/products/cards/?ids=${"9".repeat(40)}`),
      "ids",
      "cards, 40 digits",
    );
  });

  it("answers a body id above 2³¹−1 with a field error, form-encoded or JSON", async () => {
    const calls: [string, unknown, string][] = [
      ["/cart/items/add_to_cart/", { product: tooBig, size: product.size_id }, "product"],
      ["/cart/items/add_to_cart/", { product: product.id, size: tooBig }, "size"],
      [
        "/cart/items/new_cart/",
        { product: { product_id: tooBig }, subproducts: [{ product_id: 1, size_id: 1 }] },
        "product.product_id",
      ],
      [
        "/cart/items/new_cart/",
        { product: { product_id: 1 }, subproducts: [{ product_id: 1, size_id: tooBig }] },
        "subproducts.0.size_id",
      ],
      [
        "/api/products/notify_sold_out/",
        { email: "fan@example.com", product_id: tooBig, size_id: product.size_id },
        "product_id",
      ],
      ["/api/favorites/add/", { product_id: tooBig }, "product_id"],
      ["/checkout/select_delivery_method/", { package: "own", delivery_method: tooBig }, "delivery_method"],
      [
        "/checkout/select_delivery_method/",
        { package: "own", delivery_method: 1, droppoint_id: tooBig },
        "droppoint_id",
      ],
      ["/checkout/step_delivery_submit/", { droppoint_id: tooBig }, "droppoint_id"],
      ["/checkout/payment_gateway_submit/", { payment_gateway: "cod", method_id: tooBig }, "method_id"],
    ];
    for (const [url, body, field] of calls) expectFieldError(await send("POST", url, body), field, url);
    expectFieldError(
      await send("POST", "/cart/items/add_to_cart/", `product=${tooBig}&size=${product.size_id}`, true),
      "product",
      "form-encoded",
    );
  });

  it("still takes the largest id there can be, and finds nothing under it", async () => {
    const answer = await send("GET", "/api/availability/2147483647/");
    expect(answer.statusCode).toBe(404);
  });
});

describe("keys named like Object's own properties", () => {
  it("answers field errors under those names, without crashing the error handler", async () => {
    for (const key of ["constructor", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"]) {
      const answer = await send("POST", "/api/checkout/set_delivery_address/", { [key]: {} });
      expectFieldError(answer, key, key);
      expect(answer.body).not.toMatch(/is not a function|TypeError/);
    }
  });

  it("treats them as ordinary unknown keys where a call has no such field", async () => {
    const guest = testVisitor(t);
    const answer = await guest.json("/cart/items/add_to_cart/", {
      product: product.id,
      size: product.size_id,
      constructor: "x",
      toString: 1,
      hasOwnProperty: [],
    });
    expect(answer.statusCode).toBe(200);
    const query = await send("GET", "/api/search/?constructor=1&toString=2&hasOwnProperty=3&valueOf=4");
    expect(query.statusCode).toBe(200);
  });
});

describe("compressed bodies", () => {
  const lines = async () =>
    Number((await rows<{ n: string }>(t.database.db, sql`select count(*) as n from cart_lines`))[0]?.n);
  const addToBag = (encoding: string, payload: string | Buffer) =>
    t.app.inject({
      method: "POST",
      url: "/cart/items/add_to_cart/",
      headers: { ...csrfHeaders(t.config), "content-type": "application/json", "content-encoding": encoding },
      payload,
    });
  const item = () => JSON.stringify({ product: product.id, size: product.size_id });

  it("refuses a body with a content coding with 415 before reading it, and nothing is added to a bag", async () => {
    const before = await lines();
    for (const encoding of ["gzip", "deflate", "br", "x-anything", "GZIP, identity"]) {
      const answer = await addToBag(encoding, zlib.gzipSync(item()));
      expect({ encoding, status: answer.statusCode }).toEqual({ encoding, status: 415 });
      expect(answer.json()).toMatchObject({ error: "unsupported_content_encoding" });
      expect(answer.headers["accept-encoding"]).toBe("identity");
    }
    expect(await lines()).toBe(before);
  });

  it("leaves alone a request without a body, or with an empty coding, whatever its header says", async () => {
    const csrf = await t.app.inject({
      method: "GET",
      url: "/api/csrf/",
      headers: { "content-encoding": "gzip" },
    });
    expect(csrf.statusCode).toBe(200);
    const before = await lines();
    const empty = await addToBag(" ", item());
    expect(empty.statusCode).toBe(200);
    expect(await lines()).toBe(before + 1);
  });

  it("takes a body sent as identity, as any other", async () => {
    const before = await lines();
    const answer = await addToBag("Identity", item());
    expect(answer.statusCode).toBe(200);
    expect(await lines()).toBe(before + 1);
  });
});

describe("methods the pages cannot serve", () => {
  let pages: FastifyInstance;
  let closeDb: () => Promise<void>;
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    closeDb = testDb.drop;
    const config = loadConfig({ NODE_ENV: "test" }, { dataDir: os.tmpdir() });
    pages = await buildApp(
      config,
      { ...testDb.database, close: async () => {} },
      // Only the renderer's registration matters here: these requests never reach a page's code.
      { pages: { mode: "build" } },
    );
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    await closeDb?.();
  });

  it("answers TRACE, OPTIONS and writes to a page with 405 JSON naming the methods it takes", async () => {
    const csrf = csrfHeaders(pages.config);
    for (const method of ["TRACE", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const answer = await pages.inject({ method, url: "/account/login/", headers: csrf });
      expect({ method, status: answer.statusCode }).toEqual({ method, status: 405 });
      expect(answer.json()).toMatchObject({ error: "method_not_allowed" });
      expect(answer.headers.allow).toBe("GET, HEAD");
    }
  });

  it("leaves calls to their own routes: an unknown call is 404 JSON whatever its method", async () => {
    const answer = await pages.inject({ method: "TRACE", url: "/api/search/" });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: "not_found" });
  });
});
