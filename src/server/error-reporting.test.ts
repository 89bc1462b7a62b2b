import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrubBreadcrumb, scrubEvent, scrubText } from "#kernel/error-report-scrub.ts";
import { createTestApp, csrfHeaders, type TestApp } from "./testing.ts";

/** A stand-in for Sentry's ingest: keeps every envelope posted to it. */
async function fakeSentry() {
  const envelopes: { path: string; items: unknown[] }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body = Buffer.concat(chunks);
      if (request.headers["content-encoding"] === "gzip") body = zlib.gunzipSync(body);
      const items = body
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
      envelopes.push({ path: request.url ?? "", items });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://0123456789abcdef@127.0.0.1:${port}/7`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const EMAIL = "mette.jensen@example.com";
const PASSWORD = "a-password-only-mette-knows";
const CLIENT_IP = "203.0.113.77";
const COOKIE_VALUE = "cookie-value-of-mette";
const REQUEST_ID = "req-0000-sentry-test";

/** A log-in that meets a broken database (its users table gone): an unexpected error, a 500. */
async function failingLogIn(t: TestApp) {
  await t.database.db.execute(sql`alter table users rename to users_moved_away`);
  const headers = csrfHeaders(t.config, { tracking: COOKIE_VALUE });
  return t.app.inject({
    method: "POST",
    url: "/api/auth/login/",
    remoteAddress: CLIENT_IP,
    headers: { ...headers, "x-request-id": REQUEST_ID, "user-agent": "Mette's phone" },
    payload: { email: EMAIL, password: PASSWORD },
  });
}

describe("error reporting to Sentry", () => {
  let sentry: Awaited<ReturnType<typeof fakeSentry>>;
  beforeAll(async () => {
    sentry = await fakeSentry();
  });
  afterAll(async () => sentry?.close());

  it("reports an unexpected error with its route and request id, and nothing that names the shopper", async () => {
    const t = await createTestApp({}, { SENTRY_DSN: sentry.dsn, SENTRY_RELEASE: "pitchside@test" });
    let csrfToken = "";
    try {
      const response = await failingLogIn(t);
      csrfToken = csrfHeaders(t.config)["x-csrftoken"];
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: "internal_error",
        message: "Something went wrong.",
        request_id: REQUEST_ID,
      });
    } finally {
      // Closing the app sends what the reporter still holds.
      await t.close();
    }
    expect(sentry.envelopes).toHaveLength(1);
    const [envelope] = sentry.envelopes;
    expect(envelope?.path).toMatch(/^\/api\/7\/envelope\//);
    const event = envelope?.items.find(
      (item) => typeof item === "object" && item !== null && "exception" in item,
    ) as {
      tags: Record<string, string>;
      transaction: string;
      release: string;
      exception: { values: { type: string; value: string }[] };
    };
    expect(event.tags).toMatchObject({ route: "/api/auth/login/", method: "POST", request_id: REQUEST_ID });
    expect(event.transaction).toBe("POST /api/auth/login/");
    expect(event.release).toBe("pitchside@test");
    expect(event.exception.values.map((value) => value.value).join("\n")).toMatch(/users/);
    const sent = JSON.stringify(envelope?.items);
    for (const personal of [
      EMAIL,
      "mette.jensen",
      PASSWORD,
      CLIENT_IP,
      COOKIE_VALUE,
      csrfToken,
      "Mette's phone",
    ])
      expect(sent, personal).not.toContain(personal);
  });

  it("sends nothing when SENTRY_DSN is not set", async () => {
    const before = sentry.envelopes.length;
    const t = await createTestApp();
    try {
      expect((await failingLogIn(t)).statusCode).toBe(500);
    } finally {
      await t.close();
    }
    expect(sentry.envelopes.length).toBe(before);
  });
});

describe("what an error report may carry", () => {
  it("takes addresses, long numbers and a failed query's values out of messages", () => {
    expect(
      scrubText(
        'Failed query: select * from users where email = $1\nparams: mette@example.com,Stadionvej 12\nrelation "users" does not exist',
      ),
    ).toBe("Failed query: select * from users where email = $1\nparams: [removed]");
    expect(scrubText("no route for ole@example.dk from 198.51.100.4 or 2001:db8:0:0:1:0:0:1")).toBe(
      "no route for [email] from [ip] or [ip]",
    );
    expect(scrubText("card 4111 1111 1111 1111 refused, phone +45 20 30 40 50")).toBe(
      "card [number] refused, phone [number]",
    );
  });

  it("keeps of a request only its address without the query, and drops the user", () => {
    const event = scrubEvent({
      message: "x",
      request: {
        url: "https://shop.example/checkout/receipt/?token=secret#top",
        method: "GET",
        cookies: { sessionid: "s" },
        headers: { cookie: "sessionid=s" },
        data: { email: EMAIL },
        query_string: "token=secret",
      } as { url: string; method: string },
      user: { email: EMAIL, ip_address: CLIENT_IP },
      extra: { body: EMAIL },
    });
    expect(event).toEqual({
      message: "x",
      request: { url: "https://shop.example/checkout/receipt/", method: "GET" },
    });
  });

  it("drops what a shopper typed from the browser's breadcrumbs", () => {
    expect(scrubBreadcrumb({ category: "ui.input", message: "input[name=email]" })).toBeNull();
    expect(
      scrubBreadcrumb({
        category: "fetch",
        data: { url: "/api/search/?q=mette", method: "GET", status_code: 200, request_body_size: 3 },
      }),
    ).toEqual({ category: "fetch", data: { url: "/api/search/", method: "GET", status_code: 200 } });
    expect(scrubBreadcrumb({ category: "navigation", data: { from: "/a?x=1", to: "/b#c" } })).toEqual({
      category: "navigation",
      data: { from: "/a", to: "/b" },
    });
  });
});

describe("browser error reporting", () => {
  it("lets the pages send reports to the DSN's host, and to no other host when none is set", async () => {
    const connectSrc = async (env: NodeJS.ProcessEnv) => {
      const t = await createTestApp({}, env);
      try {
        const csp = String(
          (await t.app.inject({ method: "GET", url: "/api/markets/" })).headers["content-security-policy"],
        );
        return csp
          .split(";")
          .find((directive) => directive.trim().startsWith("connect-src"))
          ?.trim();
      } finally {
        await t.close();
      }
    };
    expect(await connectSrc({})).toBe("connect-src 'self'");
    expect(await connectSrc({ SENTRY_BROWSER_DSN: "https://k@o1.ingest.example.io/3" })).toBe(
      "connect-src 'self' https://o1.ingest.example.io",
    );
  });
});
