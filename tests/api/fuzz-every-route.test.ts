import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createSession } from "#modules/accounts/session.service.ts";
import { MARKETS, UI_LOCALES } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import type { RouteTableEntry } from "#server/app.ts";
import { CSRF_COOKIE, csrfBindingOfCookie, issueCsrfToken } from "#server/plugins/csrf.ts";
import { cookiesFrom, createTestApp, type TestApp } from "#server/testing.ts";
import {
  asText,
  type Change,
  change,
  changeBody,
  changePairs,
  encode,
  formOf,
  hostile,
  hostileShape,
  hostileText,
  PROTOTYPE_KEYS,
  placesIn,
  plainObject,
  rawFragment,
  SWEEP,
  SWEEP_ONCE,
  spoiled,
  type Where,
} from "../support/hostile-input.ts";

/**
 * Every route the server registers, read from its own route table (with its query and body schemas
 * from the API document), gets generated input in its path parameters, query and body: values that
 * look like the shop's own (real ids, codes, slugs, a package, an address a form would send) and
 * hostile ones (wrong types, out-of-range and fractional numbers, empty and very long text, emoji,
 * right-to-left text, NUL, half surrogate pairs, keys named like Object's own properties, extra
 * fields, arrays where objects belong, malformed bodies and content types), as JSON and as a form,
 * from a visitor without cookies, a guest whose checkout is ready for the card and a member, always
 * with a valid CSRF token so that the request reaches the handler. Each route first gets a sweep
 * (each field of one well-formed request spoiled in each of a fixed list of ways), then random cases,
 * most of them a well-formed request with one or two changes so that they reach as deep as they can.
 * Whatever comes in, the answer is never a 5xx, and a 4xx is JSON with `error` (and `fields` when it
 * is a validation failure).
 *
 * Seeded and bounded. FUZZ_SEED and FUZZ_RUNS (random cases per route that takes input) change the
 * run; FUZZ_ROUTES (a pattern on "METHOD /url") replays one route's cases; FUZZ_DEBUG prints every
 * request and answer, and the statuses per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
/** Cases for a route that takes no declared input: only its query noise and cookies vary. */
const RUNS_WITHOUT_INPUT = Math.max(5, Math.round(RUNS / 5));
/** Only the routes whose "METHOD /url" matches. */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;
const CATALOGUE_TOKEN = "fuzz-catalogue-token";

/** Not API calls (the page renderer, static files, the API document) or the same call again (HEAD). */
const NOT_FUZZED = [/^\/api\/docs/, /^\/assets\//, /^\/favicon\.ico$/, /^\*$/];

// ------------------------------------------------------------------------------------------------
// The shop under test, and what a real client of it would know.

let t: TestApp;
let known: Awaited<ReturnType<typeof knownValues>>;
let openApi: OpenApiDocument;
let member: { id: number; email: string };

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

async function knownValues() {
  const db = t.database.db;
  const column = async <T>(query: ReturnType<typeof sql>) =>
    (await rows<{ v: T }>(db, query)).map((r) => r.v);
  const sizes = await rows<{ product_id: number; size_id: number; sku: string }>(
    db,
    sql`select p.id as product_id, s.id as size_id, s.sku from products p
          join product_sizes s on s.product_id = p.id
         where p.online and not p.is_package and not p.is_giftcard and not p.is_exclusive and s.stock > 2
         order by p.id, s.sort limit 40`,
  );
  const soldOut = await rows<{ product_id: number; size_id: number; sku: string }>(
    db,
    sql`select p.id as product_id, s.id as size_id, s.sku from products p
          join product_sizes s on s.product_id = p.id
         where p.online and not p.is_package and not p.is_giftcard and s.stock = 0
         order by p.id, s.sort limit 10`,
  );
  // A package with a size in stock for each of its items: the body of a package added to the bag.
  const packages = await rows<{ package_id: number; parts: { product_id: number; size_id: number }[] }>(
    db,
    sql`select pi.package_id,
               json_agg(json_build_object('product_id', pi.product_id, 'size_id',
                 (select s.id from product_sizes s where s.product_id = pi.product_id and s.stock > 2
                   order by s.sort limit 1)) order by pi.position) as parts
          from package_items pi join products p on p.id = pi.package_id
         where p.online and not p.is_exclusive
         group by pi.package_id order by pi.package_id limit 5`,
  );
  return {
    sizes,
    /** Sizes in stock, with a few sold out (a back-in-stock sign-up wants one of those). */
    anySizes: [...sizes, ...soldOut],
    packages: packages.filter((pkg) => pkg.parts.every((part) => part.size_id !== null)),
    productIds: await column<number>(sql`select id as v from products order by id limit 60`),
    sizeIds: await column<number>(sql`select id as v from product_sizes order by id limit 60`),
    skus: await column<string>(sql`select sku as v from product_sizes order by id limit 40`),
    categories: await column<string>(sql`select slug as v from categories order by id`),
    brands: await column<string>(sql`select slug as v from brands order by id`),
    suppliers: await column<string>(sql`select code as v from suppliers order by id`),
    contentSlugs: await column<string>(sql`select slug as v from content_items order by id limit 30`),
    vouchers: await column<string>(sql`select code as v from vouchers order by id`),
    deliveryIds: await column<number>(sql`select id as v from delivery_methods order by id`),
    paymentIds: await column<number>(sql`select id as v from payment_methods order by id`),
    marketDeliveryIds: await column<number>(
      sql`select id as v from delivery_methods where market = ${t.config.defaultMarket} order by id`,
    ),
    marketPaymentIds: await column<number>(
      sql`select id as v from payment_methods where market = ${t.config.defaultMarket} order by id`,
    ),
    carriers: await column<string>(
      sql`select distinct drop_point_provider as v from delivery_methods where drop_point_provider is not null`,
    ),
    /** The bag lines and the bag of the guest of the route being fuzzed. */
    lineIds: [] as number[],
    cartId: 0,
    sharedCart: "",
    orderNumber: "",
    receiptToken: "",
  };
}

// ------------------------------------------------------------------------------------------------
// Visitors. Each route is fuzzed with fresh ones, so what one route's cases do (log out, empty the
// bag) does not starve the next route of state.

interface Visitor {
  cookies: Record<string, string>;
}

/** A cookie's value as the server reads it (percent-decoded where that works). */
const decoded = (value: string | undefined) => {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");

async function call(visitor: Visitor, method: "GET" | "POST", url: string, body?: unknown) {
  const csrf = issueCsrfToken(t.config.sessionSecret, csrfBindingOfCookie(visitor.cookies.sessionid));
  const response = await t.app.inject({
    method,
    url,
    headers: {
      cookie: cookieHeader({ ...visitor.cookies, [CSRF_COOKIE]: csrf }),
      "x-csrftoken": csrf,
      origin: "http://localhost:80",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  Object.assign(visitor.cookies, cookiesFrom(response));
  if (response.statusCode >= 400)
    throw new Error(`set-up ${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown>;
}

const ADDRESS = {
  country: "dnk",
  name: "Mette Jensen",
  address: "Stadionvej 12",
  post_nummer: "2100",
  town: "København Ø",
  phone: "+45 20 30 40 50",
  email: "mette@example.com",
};

/**
 * A bag with two lines, an address and every package's delivery chosen. The sizes are read afresh:
 * the cases before (the stock feed, orders) change what is in stock.
 */
async function readyBag(visitor: Visitor) {
  const inStock = await rows<{ product_id: number; size_id: number }>(
    t.database.db,
    sql`select distinct on (p.id) p.id as product_id, s.id as size_id from products p
          join product_sizes s on s.product_id = p.id
         where p.online and not p.is_package and not p.is_giftcard and not p.is_exclusive and s.stock > 2
         order by p.id, s.sort limit 2`,
  );
  for (const size of inStock)
    await call(visitor, "POST", "/cart/items/add_to_cart/", { product: size.product_id, size: size.size_id });
  await call(visitor, "POST", "/api/checkout/set_delivery_address/", ADDRESS);
  const delivery = (await call(visitor, "GET", "/checkout/delivery_methods/")) as {
    packages: { key: string; delivery_methods: { delivery_id: number; is_droppoint: boolean }[] }[];
  };
  for (const pkg of delivery.packages) {
    const method = pkg.delivery_methods.find((m) => !m.is_droppoint) ?? pkg.delivery_methods[0];
    if (method)
      await call(visitor, "POST", "/checkout/select_delivery_method/", {
        package: pkg.key,
        delivery_method: method.delivery_id,
      });
  }
  await call(visitor, "POST", "/checkout/step_delivery_submit/", {});
}

/**
 * Chooses the market's method of a gateway by its id, as a client that knows it would, without
 * reading the payment gateways first (the storefront reads them; nothing obliges a client to).
 */
async function choose(visitor: Visitor, gateway: string) {
  const [method] = await rows<{ id: number }>(
    t.database.db,
    sql`select id from payment_methods where market = ${t.config.defaultMarket} and gateway = ${gateway}`,
  );
  if (!method) throw new Error(`no ${gateway} method`);
  await call(visitor, "POST", "/checkout/payment_gateway_submit/", {
    payment_gateway: gateway,
    method_id: method.id,
  });
}

async function freshGuest(): Promise<Visitor> {
  const guest: Visitor = { cookies: {} };
  await readyBag(guest);
  await choose(guest, "test-card");
  // The review answers the card payment to make; whatever it answers, the cases meet the checkout
  // in the state it leaves.
  await call(guest, "POST", "/checkout/step_review_submit/", { policy: true }).catch(() => undefined);
  const cart = (await call(guest, "GET", "/cart/data/")) as { id: number; lines: { line_id: number }[] };
  known.lineIds = cart.lines.map((line) => line.line_id);
  known.cartId = cart.id;
  return guest;
}

async function freshMember(): Promise<Visitor> {
  const { token } = await createSession(t.database.db, member.id);
  return { cookies: { sessionid: token } };
}

// ------------------------------------------------------------------------------------------------
// Generated input.

const pick = <T>(values: readonly T[], fallback: T): fc.Arbitrary<T> =>
  values.length > 0 ? fc.constantFrom(...values) : fc.constant(fallback);

/** Values a real client would send for a field of this name, from the seeded shop. */
function plausible(name: string): fc.Arbitrary<unknown> | null {
  const ids = (values: number[]) => fc.oneof(pick(values, 1), pick(values, 1).map(String));
  switch (name) {
    case "id":
      // Paths name products, bag lines and bags by id.
      return fc.oneof(ids(known.productIds), ids(known.lineIds), fc.constant(known.cartId));
    case "product":
    case "product_id":
      return ids(known.productIds);
    case "size":
    case "size_id":
      return ids(known.sizeIds);
    case "amount":
      return fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }).map(String));
    case "email":
      return fc.constantFrom(member.email, "fan@example.com", "Someone.Else@Example.COM", ADDRESS.email);
    case "password":
      return fc.constantFrom("long-enough-1", "wrong-password-9", "short");
    case "name":
    case "holderName":
      return fc.constantFrom("Mette Jensen", "Åsa Öberg", "", "KANE");
    case "code":
    case "voucher_code":
      return fc.oneof(
        pick(known.vouchers, "PITCH"),
        fc.constantFrom("GIFT-DEMO-0500-DKKR", "GIFT-DEMO-0050-EURO", "gift-demo-0500-dkkr", "1234"),
      );
    case "last4":
      return fc.constantFrom("1234", "0000", "ABCD");
    case "uuid":
      return fc.oneof(fc.constant(known.sharedCart), fc.uuid());
    case "token":
      return fc.oneof(
        fc.constant(known.receiptToken),
        fc.uuid(),
        fc.string({ minLength: 10, maxLength: 40 }),
      );
    case "order_number":
      return fc.oneof(fc.constant(known.orderNumber), fc.constantFrom("ST1", "ST999999999", "st1"));
    case "sku":
      return pick(known.skus, "SKU-1");
    case "supplier":
      return fc.oneof(
        pick(known.suppliers, "warehouse"),
        pick(known.suppliers, "warehouse").map((s) => s.toLowerCase()),
      );
    case "slug":
      return fc.oneof(
        pick(known.categories, "football-boots"),
        pick(known.brands, "veloce"),
        pick(known.contentSlugs, "x"),
      );
    case "view":
      return fc.integer({ min: 0, max: 8 });
    case "q":
      return fc.constantFrom("boots", "veloce nova", "*", "shin guards", "fodboldstøvler", "");
    case "brand":
      return pick(known.brands, "veloce");
    case "ids":
      return fc
        .array(pick(known.productIds, 1), { minLength: 1, maxLength: 5 })
        .map((list) => list.join(","));
    case "page":
      return fc.constantFrom("1", "2", "0", "", "999999999999");
    case "price_range":
      return fc.constantFrom("0-400", "400-750", "1500+", "9999999-1");
    case "market":
      return fc.constantFrom(...MARKETS.map((market) => market.code));
    case "language":
      return fc.constantFrom(...UI_LOCALES);
    case "package":
      return fc.constantFrom("own", "1", "2", "3");
    case "delivery_method":
      return ids(known.deliveryIds);
    case "droppoint_id":
      return fc.oneof(fc.constant(null), ids([1, 2, 3]));
    case "payment_gateway":
      return fc.constantFrom("test-card", "test-bnpl", "giftcard", "cod", "adyen", "klarna", "others");
    case "method_id":
      return ids(known.paymentIds);
    case "provider":
      return pick(known.carriers, "pitchside-points");
    case "post_code":
    case "post_nummer":
      return fc.constantFrom("2100", "10115", "1012 AB", "00-950", "");
    case "country":
    case "country_code":
      return fc.constantFrom("dnk", "deu", "nld", "pol", "swe", "DK", "xx");
    case "number":
      return fc.constantFrom("4111 1111 1111 1111", "4000 0000 0000 0002", "10", "7");
    case "expiryMonth":
      return fc.constantFrom("03", "13", "1");
    case "expiryYear":
      return fc.constantFrom("2030", "30", "1999");
    case "cvc":
      return fc.constantFrom("737", "1");
    case "stock":
      return fc.integer({ min: 0, max: 50 });
    case "policy":
    case "newsletter":
    case "subscribe_newsletters":
    case "signup":
      return fc.constantFrom(true, false, "on", "true", "0");
    case "authResult":
      return fc.constantFrom("AUTHORISED", "Refused", "");
    case "merchantReference":
      return fc.string({ maxLength: 30 });
    case "format":
      return fc.constantFrom("html", "pdf");
    case "*":
      return fc.constantFrom("unknown/", "search/", "orders/1/", "");
    default:
      return null;
  }
}

/** What a client that follows the contract sends for a field of this name (accepted, mostly). */
function canonical(name: string): fc.Arbitrary<unknown> | null {
  switch (name) {
    case "product":
    case "product_id":
      return pick(
        known.sizes.map((size) => size.product_id),
        1,
      );
    case "size":
    case "size_id":
      return pick(
        known.sizes.map((size) => size.size_id),
        1,
      );
    case "amount":
      return fc.integer({ min: 1, max: 3 });
    case "email":
      return fc.constantFrom(member.email, "fan@example.com");
    case "password":
      return fc.constant("long-enough-1");
    case "name":
    case "holderName":
      return fc.constant("Mette Jensen");
    case "number":
      return fc.constantFrom("4111 1111 1111 1111", "4000 0000 0000 0002");
    case "expiryMonth":
      return fc.constant("03");
    case "expiryYear":
      return fc.constant("2030");
    case "cvc":
      return fc.constant("737");
    case "policy":
      return fc.constant(true);
    case "package":
      return fc.constant("own");
    case "payment_gateway":
      return fc.constantFrom("test-card", "test-bnpl", "giftcard");
    case "delivery_method":
      return pick(known.marketDeliveryIds, 1);
    case "method_id":
      return pick(known.marketPaymentIds, 1);
    case "comment":
      return fc.constantFrom("Leave it at the door", "");
    default:
      return plausible(name);
  }
}

const resolve = (schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop() ?? "";
  return openApi.components?.schemas?.[name] ?? {};
};
const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** A value as the schema wants it: text where it wants text, a number where it wants one. */
function shaped(value: unknown, schema: JsonSchema): unknown {
  const type = typeOf(schema);
  if (type === "string" && typeof value === "number") return String(value);
  if ((type === "integer" || type === "number") && typeof value === "string" && /^\d+$/.test(value))
    return Number(value);
  return value;
}

/** A product and one of its own sizes, under whichever names the object uses for them. */
function coherentSize(body: Record<string, unknown>, size: (typeof known.anySizes)[number]) {
  for (const [product, sizeKey] of [
    ["product", "size"],
    ["product_id", "size_id"],
  ] as const) {
    if (Object.hasOwn(body, product) && Object.hasOwn(body, sizeKey)) {
      body[product] = shaped(size.product_id, {
        type: typeof body[product] === "string" ? "string" : "integer",
      });
      body[sizeKey] = shaped(size.size_id, {
        type: typeof body[sizeKey] === "string" ? "string" : "integer",
      });
    }
  }
  return body;
}

/** Whether a value has the schema's type (unions and untyped schemas take anything). */
function fits(value: unknown, schema: JsonSchema): boolean {
  switch (typeOf(schema)) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
    default:
      return true;
  }
}

/** A value the schema accepts, as a client that follows the contract sends it. */
function valid(raw: JsonSchema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw ?? {});
  const suggested = canonical(name);
  if (suggested && typeOf(schema) !== "object" && typeOf(schema) !== "array")
    // The shop's value for the name, when it has the type this call wants; else one from the schema.
    return fc
      .tuple(suggested, bySchema(schema, name, depth))
      .map(([value, fallback]) => (fits(shaped(value, schema), schema) ? shaped(value, schema) : fallback));
  return bySchema(schema, name, depth);
}

/** A value the schema accepts, from the schema alone. */
function bySchema(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => valid(variant, name, depth)));
  if (schema.allOf?.length) return valid(schema.allOf[0], name, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (typeOf(schema)) {
    case "string": {
      if (schema.format === "uuid") return fc.uuid();
      if (schema.format === "email") return fc.emailAddress();
      const max = Math.min(schema.maxLength ?? 30, 40);
      return fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max });
    }
    case "integer":
    case "number": {
      const min = Math.ceil(Math.max(schema.minimum ?? 0, -1e6));
      return fc.integer({ min, max: Math.max(min, Math.floor(Math.min(schema.maximum ?? 1000, 1e6))) });
    }
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(depth > 4 ? fc.constant(null) : valid(schema.items, name, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return fc.constant(plainObject(Object.entries(ADDRESS)));
      const required = new Set(schema.required ?? []);
      return fc
        .tuple(
          fc.tuple(
            ...properties.map(([key, property]) =>
              (required.has(key)
                ? valid(property, key, depth + 1)
                : fc.option(valid(property, key, depth + 1), { freq: 8, nil: undefined })
              ).map((value) => [key, value] as [string, unknown]),
            ),
          ),
          pick(known.anySizes, known.sizes[0] as (typeof known.sizes)[number]),
        )
        .map(([entries, size]) => coherentSize(plainObject(entries), size));
    }
    default:
      return hostile;
  }
}

const extraKeys = fc.dictionary(
  fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })),
  hostile,
  {
    maxKeys: 2,
  },
);

/** A value beside the schema's edges: too long, too short, one past a bound. */
function outOfBounds(raw: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const schema = resolve(raw ?? {});
  switch (typeOf(schema)) {
    case "string":
      return fc.constantFrom(
        "x".repeat((schema.maxLength ?? 200) + 1),
        "".padEnd(Math.max((schema.minLength ?? 1) - 1, 0), "x"),
      );
    case "integer":
    case "number":
      return fc.constantFrom(
        (schema.maximum ?? 2 ** 31) + 1,
        (schema.minimum ?? 0) - 1,
        (schema.minimum ?? 0) + 0.5,
      );
    case "array":
      return fc.constant(Array.from({ length: (schema.maxItems ?? 50) + 1 }, () => 1));
    default:
      return hostile;
  }
}

/**
 * A value near the contract: each field mostly as a client sends it, sometimes spoiled, out of
 * bounds, hostile or left out, with extra keys beside the declared ones.
 */
function messy(raw: JsonSchema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw ?? {});
  const near = (canonical(name) ?? valid(schema, name, depth)).map((value) => shaped(value, schema));
  const leaf = fc.oneof(
    { weight: 3, arbitrary: fc.oneof(near, plausible(name) ?? near) },
    { weight: 1, arbitrary: spoiled(near) },
    { weight: 1, arbitrary: outOfBounds(schema) },
    { weight: 1, arbitrary: hostile },
  );
  const type = typeOf(schema);
  if (depth > 4 || (type !== "object" && type !== "array" && !schema.anyOf && !schema.oneOf)) return leaf;
  if (schema.anyOf ?? schema.oneOf)
    return fc.oneof(
      ...(schema.anyOf ?? schema.oneOf ?? []).map((variant) => messy(variant, name, depth)),
      leaf,
    );
  if (type === "array")
    return fc.oneof(fc.array(messy(schema.items, name, depth + 1), { maxLength: 4 }), leaf);
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    // A record (an address by field name): the fields a form sends, one of them changed; or anything.
    const address = Object.entries(ADDRESS);
    const changed = fc
      .tuple(
        fc.constantFrom(...address.map(([key]) => key)),
        messy(
          schema.additionalProperties === true ? undefined : schema.additionalProperties || undefined,
          "value",
          depth + 1,
        ),
      )
      .map(([key, value]) =>
        plainObject(address.map(([field, original]) => [field, field === key ? value : original])),
      );
    const anything = fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...address.map(([key]) => key), ...PROTOTYPE_KEYS),
            fc.string({ maxLength: 12 }),
          ),
          fc.oneof(fc.constantFrom(...Object.values(ADDRESS)), hostile),
        ),
        { maxLength: 10 },
      )
      .map(plainObject);
    return fc.oneof(
      { weight: 3, arbitrary: changed },
      { weight: 1, arbitrary: anything },
      { weight: 1, arbitrary: leaf },
    );
  }
  const object = fc
    .tuple(
      fc.tuple(
        ...properties.map(([key, property]) =>
          fc
            .option(messy(property, key, depth + 1), { freq: 8, nil: undefined })
            .map((value) => [key, value] as [string, unknown]),
        ),
      ),
      fc.option(extraKeys, { freq: 2, nil: {} }),
    )
    .map(([entries, extra]) => plainObject([...entries, ...Object.entries(extra)]));
  return fc.oneof({ weight: 5, arbitrary: object }, { weight: 1, arbitrary: leaf });
}

interface Route extends RouteTableEntry {
  params: string[];
  query: { name: string; required: boolean; schema?: JsonSchema }[];
  body: JsonSchema | undefined;
}

/** `/policies/:supplier(^…$)/` → ["/policies/", {supplier}, "/"]: the route's text and its parameters. */
function pathParts(url: string): (string | { param: string })[] {
  const parts: (string | { param: string })[] = [];
  let index = 0;
  let text = "";
  while (index < url.length) {
    const char = url[index] as string;
    if (char === "*") {
      parts.push(text, { param: "*" });
      text = "";
      index++;
    } else if (char === ":") {
      const name = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(url.slice(index))?.[1] ?? "";
      index += name.length + 1;
      if (url[index] === "(") {
        let open = 0;
        do {
          if (url[index] === "(") open++;
          else if (url[index] === ")") open--;
          index++;
        } while (open > 0 && index < url.length);
      }
      parts.push(text, { param: name });
      text = "";
    } else {
      text += char;
      index++;
    }
  }
  parts.push(text);
  return parts;
}

const openApiPath = (url: string) =>
  pathParts(url)
    .map((part) => (typeof part === "string" ? part : `{${part.param}}`))
    .join("");

function describeRoute(entry: RouteTableEntry): Route {
  const operation = openApi.paths[openApiPath(entry.url)]?.[entry.method.toLowerCase()];
  return {
    ...entry,
    params: pathParts(entry.url).flatMap((part) => (typeof part === "string" ? [] : [part.param])),
    query: (operation?.parameters ?? [])
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => ({
        name: parameter.name,
        required: Boolean(parameter.required),
        schema: parameter.schema,
      })),
    body: operation?.requestBody?.content?.["application/json"]?.schema,
  };
}

const takesBody = (route: Route) => ["POST", "PUT", "PATCH", "DELETE", "QUERY"].includes(route.method);

interface FuzzRequest {
  who: "anonymous" | "guest" | "member";
  path: string;
  query: string;
  body:
    | { kind: "none" }
    | { kind: "json"; value: unknown }
    | { kind: "form"; value: unknown }
    | { kind: "raw"; type: string; text: string };
  cookies: Record<string, string>;
  headers: Record<string, string>;
  ip: string;
}

/** A request as parts: path parameters and query as name/value pairs, the body as data. */
interface Parts {
  params: [string, unknown][];
  query: [string, unknown][];
  body: unknown;
  form: boolean;
}

function applyChange(route: Route, parts: Parts, where: Where, which: number, what: Change): Parts {
  const place =
    where === "path" && parts.params.length === 0
      ? "query"
      : where === "body" && !takesBody(route)
        ? "query"
        : where;
  if (place === "path") {
    const text =
      what.kind === "extra" || what.kind === "twice"
        ? ({ kind: "replace", value: what.value } as const)
        : what;
    return { ...parts, params: changePairs(parts.params, which, text) };
  }
  if (place === "query") return { ...parts, query: changePairs(parts.query, which, what) };
  return { ...parts, body: changeBody(parts.body, which, what) };
}

/**
 * Bodies that cannot be told from field names alone, taken from the shop: a package with a size for
 * each of its items.
 */
function corpusFor(route: Route): fc.Arbitrary<unknown>[] | null {
  if (route.method === "POST" && route.url === "/cart/items/new_cart/" && known.packages.length > 0)
    return [
      fc.constantFrom(...known.packages).map((pkg) =>
        plainObject([
          [
            "product",
            plainObject([
              ["product_id", pkg.package_id],
              ["amount", 1],
            ]),
          ],
          ["subproducts", pkg.parts.map((part) => plainObject(Object.entries(part)))],
        ]),
      ),
    ];
  return null;
}

/**
 * Requests for a route, in three kinds: exactly as a client that follows the contract sends them;
 * that with one or two changes (poison in one text, a number beyond the edges, a field left out or
 * doubled, an extra key), so that every other field is right and the case reaches as deep as it can;
 * and chaos, where every part is messy at once. Beside the random cases, a sweep gives every field
 * each change of SWEEP once.
 */
function requestFor(route: Route) {
  const parts = pathParts(route.url);
  const paramValue = (name: string) => canonical(name) ?? fc.string({ minLength: 1, maxLength: 10 });
  const assemble = (request: Parts): Pick<FuzzRequest, "path" | "query" | "body"> => {
    let next = 0;
    const path = parts
      .map((part) => (typeof part === "string" ? part : encode(asText(request.params[next++]?.[1] ?? ""))))
      .join("");
    const query = request.query.map(([name, value]) => `${encode(name)}=${encode(asText(value))}`).join("&");
    const body: FuzzRequest["body"] = !takesBody(route)
      ? { kind: "none" }
      : request.form
        ? { kind: "form", value: request.body }
        : { kind: "json", value: request.body };
    return { path, query, body };
  };
  const base = (everyQueryParameter: boolean): fc.Arbitrary<Parts> =>
    fc.record({
      params: fc.tuple(
        ...route.params.map((name) => paramValue(name).map((value) => [name, value] as [string, unknown])),
      ),
      query: fc
        .tuple(
          ...route.query.map((parameter) =>
            fc
              .option(valid(parameter.schema, parameter.name, 1), {
                freq: parameter.required || everyQueryParameter ? 1_000_000 : 2,
                nil: undefined,
              })
              .map((value) => [parameter.name, value] as [string, unknown]),
          ),
        )
        .map((pairs) => pairs.filter(([, value]) => value !== undefined)),
      body: route.body ? fc.oneof(...(corpusFor(route) ?? []), valid(route.body, "body")) : fc.constant({}),
      form: fc.oneof(
        { weight: 4, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
    });
  const where: fc.Arbitrary<Where> = fc.oneof(
    { weight: route.params.length > 0 ? 2 : 0, arbitrary: fc.constant("path" as const) },
    { weight: route.query.length > 0 ? 2 : 1, arbitrary: fc.constant("query" as const) },
    { weight: takesBody(route) ? 4 : 0, arbitrary: fc.constant("body" as const) },
  );

  const exact = base(false).map(assemble);
  const changed = fc
    .tuple(base(false), fc.array(fc.tuple(where, fc.nat(), change), { minLength: 1, maxLength: 2 }))
    .map(([request, changes]) =>
      assemble(
        changes.reduce((parts, [at, which, what]) => applyChange(route, parts, at, which, what), request),
      ),
    );

  /** Each field once with each change of the sweep, from one well-formed request. */
  const sweep = (seed: number) => {
    const [request] = fc.sample(
      base(true).map((parts) => ({ ...parts, form: false })),
      { seed, numRuns: 1 },
    ) as [Parts];
    const places: [Where, number][] = [
      ...request.params.map((_, index) => ["path", index] as [Where, number]),
      ...request.query.map((_, index) => ["query", index] as [Where, number]),
      ...(takesBody(route)
        ? Array.from(
            { length: placesIn(request.body).length + 1 },
            (_, index) => ["body", index] as [Where, number],
          )
        : []),
    ];
    return [
      assemble(request),
      ...places.flatMap(([at, which]) =>
        SWEEP.map((what) => assemble(applyChange(route, request, at, which, what))),
      ),
      ...SWEEP_ONCE.map((what) =>
        assemble(applyChange(route, request, takesBody(route) ? "body" : "query", 0, what)),
      ),
    ];
  };

  const chaos = fc
    .tuple(
      fc.tuple(
        ...route.params.map((name) =>
          fc.oneof(
            paramValue(name).map((value) => encode(asText(value))),
            hostile.map((value) => encode(asText(value))),
            rawFragment,
          ),
        ),
      ),
      fc.tuple(
        ...route.query.map((parameter) =>
          fc.option(
            fc
              .oneof(messy(parameter.schema, parameter.name, 1), hostile)
              .map((value) => `${encode(parameter.name)}=${encode(asText(value))}`),
            { freq: 3, nil: "" },
          ),
        ),
      ),
      fc.array(
        fc.oneof(
          fc
            .tuple(fc.constantFrom(...PROTOTYPE_KEYS), hostileText)
            .map(([key, value]) => `${key}=${encode(value)}`),
          fc.tuple(hostileText, hostileText).map(([key, value]) => `${encode(key)}=${encode(value)}`),
          rawFragment,
        ),
        { maxLength: 3 },
      ),
      route.body
        ? fc.oneof(messy(route.body, "body"), hostileShape)
        : fc.oneof(fc.constant({}), hostileShape),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant("json" as const) },
        { weight: 1, arbitrary: fc.constantFrom("form" as const, "raw" as const, "none" as const) },
      ),
      fc.tuple(
        fc.constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "text/plain",
          "application/xml",
        ),
        fc.oneof(
          fc.constantFrom("", "{", "[1,", '{"a":1}x', "\u0000", "a=%00&b", '{"__proto__":{"x":1}}'),
          hostileText,
        ),
      ),
    )
    .map(([params, declared, extra, value, kind, [type, text]]) => {
      let next = 0;
      const path = parts.map((part) => (typeof part === "string" ? part : (params[next++] ?? ""))).join("");
      const query = [...declared, ...extra].filter((pair) => pair !== "").join("&");
      const body: FuzzRequest["body"] = !takesBody(route)
        ? { kind: "none" }
        : kind === "raw"
          ? { kind: "raw", type, text }
          : kind === "none"
            ? { kind: "none" }
            : { kind, value };
      return { path, query, body };
    });

  const cookies = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(
        fc.constantFrom("market", "language", "sessionid", "Preview", "cookie_consent", "constructor"),
        fc.oneof(fc.constantFrom("dk", "de", "en", "true", "statistics,marketing"), hostileText.map(encode)),
        { maxKeys: 3 },
      ),
    },
  );
  const headers = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          "x-request-id": fc.oneof(
            fc.constant("abcdefgh-1234"),
            fc.string({ unit: "grapheme-ascii", maxLength: 80 }),
          ),
          preview: fc.constantFrom("true", "false"),
          "accept-language": fc.constantFrom("da", "xx", "*", ""),
          authorization: fc.constantFrom(`Bearer ${CATALOGUE_TOKEN}`, "Bearer nope", "Basic x"),
        },
        { requiredKeys: [] },
      ),
    },
  );
  const ip = fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.9.${a}.${b}`);
  // The guest's checkout is the deepest state, so most cases come from it.
  const who = fc.constantFrom("anonymous" as const, "guest" as const, "guest" as const, "member" as const);
  const shape = fc.oneof(
    { weight: 1, arbitrary: exact },
    { weight: 7, arbitrary: changed },
    { weight: 2, arbitrary: chaos },
  );
  const cases: fc.Arbitrary<FuzzRequest> = fc
    .record({ who, shape, cookies, headers, ip })
    .map(({ shape: { path, query, body }, ...rest }) => ({ ...rest, path, query, body }));
  return {
    cases,
    /** The sweep's requests, from the visitor that can make them. */
    sweep: (seed: number, who: FuzzRequest["who"]): FuzzRequest[] =>
      sweep(seed).map((request) => ({ ...request, who, cookies: {}, headers: {}, ip: "10.8.0.1" })),
  };
}

// ------------------------------------------------------------------------------------------------

let routes: Route[] = [];
let cases = 0;
const statuses = new Map<number, number>();
/** Statuses by route, shown with FUZZ_DEBUG: which calls the cases get through to, and which not. */
const perRoute = new Map<string, Map<number, number>>();

beforeAll(async () => {
  t = await createTestApp({ catalogueApiToken: CATALOGUE_TOKEN, operatorApiToken: CATALOGUE_TOKEN });
  await seedDemoShop(t.database, { products: 100, seed: 13, dataDir: "" });
  openApi = t.app.swagger() as unknown as OpenApiDocument;
  known = await knownValues();

  const signup: Visitor = { cookies: {} };
  await call(signup, "POST", "/api/auth/signup/", {
    email: "fuzz@example.com",
    password: "long-enough-1",
    name: "Fuzz",
  });
  await call(signup, "POST", "/api/auth/login/", { email: "fuzz@example.com", password: "long-enough-1" });
  const [user] = await rows<{ id: number }>(
    t.database.db,
    sql`select id from users where email = 'fuzz@example.com'`,
  );
  member = { id: user?.id as number, email: "fuzz@example.com" };
  // The member has an order (for the order calls and the receipt) and a bag again.
  await readyBag(signup);
  await call(signup, "GET", "/checkout/payment_gateways/");
  await choose(signup, "test-bnpl");
  const { authorization_token } = await call(signup, "POST", "/payments/test-bnpl/authorize/", {});
  await call(signup, "POST", "/checkout/submit_authorization_token/", { authorization_token });
  const placed = (await call(signup, "POST", "/checkout/step_review_submit/", { policy: true })) as {
    redirect_url: string;
  };
  known.receiptToken = new URL(placed.redirect_url, "http://x").searchParams.get("token") ?? "";
  const orders = (await call(signup, "GET", "/v1.1/orders/")) as {
    active_orders: { order_number: string }[];
  };
  known.orderNumber = orders.active_orders[0]?.order_number ?? "ST1";
  await readyBag(signup);
  known.sharedCart = (
    (await call(signup, "POST", "/api/cart/shared/create_shared_cart/")) as { shared_cart: string }
  ).shared_cart;

  routes = t.app.routeTable
    .filter((route) => route.method !== "HEAD" && !NOT_FUZZED.some((pattern) => pattern.test(route.url)))
    .filter((route) => !ONLY || ONLY.test(`${route.method} ${route.url}`))
    // Deleting the account ends the fuzzing member for good: that call goes last.
    .sort((a, b) => Number(a.url === "/delete-account/") - Number(b.url === "/delete-account/"))
    .map(describeRoute);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Each route's own seed, from the run's seed and the route, so FUZZ_ROUTES replays the same cases. */
const seedOf = (route: RouteTableEntry) => {
  let hash = SEED | 0;
  for (const char of `${route.method} ${route.url}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
};

/** What every answer must be, whatever came in; the problem, or null. */
function problemWith(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return null;
  const type = String(response.headers["content-type"] ?? "");
  if (!type.includes("application/json")) return `a ${response.statusCode} that is not JSON (${type})`;
  let body: { error?: unknown; fields?: unknown; message?: unknown };
  try {
    body = JSON.parse(response.body);
  } catch {
    return `a ${response.statusCode} whose body is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (typeof body.error !== "string")
    return `a ${response.statusCode} without error: ${response.body.slice(0, 200)}`;
  if (
    response.statusCode === 400 &&
    body.error === "validation_failed" &&
    (typeof body.fields !== "object" || body.fields === null)
  )
    return `a validation failure without fields: ${response.body.slice(0, 200)}`;
  if (
    /is not a function|Cannot read properties|is not defined|Failed query|violates|\.ts:\d+/.test(
      String(body.message),
    )
  )
    return `a ${response.statusCode} that shows the server's inside: ${body.message}`;
  return null;
}

describe("every route, fuzzed", () => {
  it.skipIf(ONLY)(
    "finds the routes to fuzz in the route table, and the documented ones in the API document",
    () => {
      expect(routes.length).toBeGreaterThan(60);
      const documented = routes.filter((route) => route.query.length > 0 || route.body);
      expect(documented.length).toBeGreaterThan(30);
    },
  );

  it("never answers 5xx, and answers a refusal as JSON with error (and fields for bad input)", async () => {
    const started = performance.now();
    const failures: string[] = [];
    const visitors: Record<FuzzRequest["who"], Visitor> = {
      anonymous: { cookies: {} },
      guest: { cookies: {} },
      member: { cookies: {} },
    };
    const send = async (route: Route, request: FuzzRequest) => {
      // Attempt limits (card tries, log-ins, codes) would soon answer every case of their calls
      // with 429 before the handler; each case starts with none counted.
      await t.database.db.execute(sql`delete from rate_limit_hits`);
      const cookies: Record<string, string> = { ...request.cookies, ...visitors[request.who].cookies };
      // The token is for the session the cookie names (as the server reads the cookie: decoded).
      const csrf = issueCsrfToken(t.config.sessionSecret, csrfBindingOfCookie(decoded(cookies.sessionid)));
      cookies[CSRF_COOKIE] = csrf;
      const headers: Record<string, string> = {
        // Calls exempt from CSRF are the warehouse's: they prove themselves with the feed's token.
        ...(route.csrfExempt ? { authorization: `Bearer ${CATALOGUE_TOKEN}` } : {}),
        ...request.headers,
        cookie: cookieHeader(cookies),
        "x-csrftoken": csrf,
        origin: "http://localhost:80",
      };
      let payload: string | undefined;
      if (request.body.kind === "json") {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(request.body.value) ?? "null";
      } else if (request.body.kind === "form") {
        headers["content-type"] = "application/x-www-form-urlencoded";
        payload = formOf(request.body.value);
      } else if (request.body.kind === "raw") {
        headers["content-type"] = request.body.type;
        payload = request.body.text;
      }
      const url = request.query ? `${request.path}?${request.query}` : request.path;
      const response = await t.app.inject({
        method: route.method as "GET",
        url,
        headers,
        remoteAddress: request.ip,
        ...(payload === undefined ? {} : { payload }),
      });
      if (process.env.FUZZ_DEBUG)
        console.log(
          response.statusCode,
          route.method,
          url.slice(0, 100),
          payload?.slice(0, 200),
          response.body.slice(0, 150),
        );
      return { url, response };
    };

    for (const route of routes) {
      visitors.guest = await freshGuest();
      visitors.member = await freshMember();
      const takesInput =
        route.params.length > 0 || route.query.length > 0 || route.body !== undefined || takesBody(route);
      const { cases: requests, sweep } = requestFor(route);
      const seed = seedOf(route);
      // The sweep comes from the guest, or from the member where a guest is sent to log in.
      const [first] = sweep(seed, "guest");
      const needsMember = first && (await send(route, first)).response.statusCode === 401;
      const property = fc.asyncProperty(requests, async (request) => {
        cases++;
        const { url, response } = await send(route, request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const key = `${route.method} ${route.url}`;
        const seen = perRoute.get(key) ?? new Map<number, number>();
        seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
        perRoute.set(key, seen);
        const problem = problemWith(response);
        if (problem)
          throw new Error(`${route.method} ${url} (${request.who}, ${request.body.kind}) ${problem}`);
      });
      try {
        // The sweep runs first, as examples; the random cases come on top of it.
        const examples = sweep(seed, needsMember ? "member" : "guest").map(
          (request) => [request] as [FuzzRequest],
        );
        await fc.assert(property, {
          seed,
          numRuns: examples.length + (takesInput ? RUNS : RUNS_WITHOUT_INPUT),
          examples,
          // No shrinking: each step would be a request against a shop whose state has moved on.
          endOnFailure: true,
          interruptAfterTimeLimit: 60_000,
        });
      } catch (error) {
        if (process.env.FUZZ_DEBUG) console.log((error as Error).stack);
        failures.push(
          `${route.method} ${route.url}: ${(error as Error).message.split("\n").slice(0, 8).join("\n")}`,
        );
      }
    }
    if (process.env.FUZZ_DEBUG)
      for (const [key, seen] of perRoute)
        console.log(`${key}: ${[...seen].map(([status, count]) => `${status}×${count}`).join(" ")}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const fives = [...statuses]
      .filter(([status]) => status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `fuzz: ${cases} cases over ${routes.length} routes in ${seconds} s (seed ${SEED}, ${RUNS} runs a route): ` +
        `${fives} × 5xx; statuses ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(" ")}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
