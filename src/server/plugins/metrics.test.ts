import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { workersExposition } from "./metrics.ts";

const TOKEN = "metrics-token-0123456789abcdef";

let t: TestApp;
let guarded: TestApp;
let production: TestApp;
beforeAll(async () => {
  [t, guarded, production] = await Promise.all([
    createTestApp(),
    createTestApp({}, { METRICS_TOKEN: TOKEN }),
    createTestApp(
      {},
      { NODE_ENV: "production", SESSION_SECRET: "a-secret", PUBLIC_URL: "https://shop.example" },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), guarded?.close(), production?.close()]);
});

const scrape = async (app: TestApp, headers: Record<string, string> = {}) =>
  app.app.inject({ method: "GET", url: "/metrics", headers });

/** The sample lines of one metric, as Prometheus would read them. */
const samples = (text: string, name: string) =>
  text.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe("GET /metrics", () => {
  it("answers Prometheus text, with no session, no cookie and no cache", async () => {
    const response = await scrape(t, { cookie: "sessionid=someone-else" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body).toMatch(/^# HELP /m);
    const sessions = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions`);
    expect(sessions[0]?.n).toBe(0);
  });

  it("counts requests by route pattern, method and status class, never by the path as asked", async () => {
    await t.app.inject({ method: "GET", url: "/api/availability/987654/?email=mette@example.com" });
    await t.app.inject({ method: "GET", url: "/api/availability/123/" });
    await t.app.inject({ method: "GET", url: "/no/such/thing/4711" });
    const text = (await scrape(t)).body;
    const lines = samples(text, "pitchside_http_request_duration_seconds_count");
    const availability = lines.find((line) => line.includes('route="/api/availability/:id/"'));
    expect(availability).toMatch(/method="GET"/);
    // Neither product exists: both are a 404 of the same route.
    expect(availability).toMatch(/status_class="4xx"/);
    expect(availability).toMatch(/ 2$/);
    expect(
      lines.some((line) => line.includes('route="unmatched"') && line.includes('status_class="4xx"')),
    ).toBe(true);
    expect(samples(text, "pitchside_http_request_duration_seconds_bucket").length).toBeGreaterThan(10);
    // Only names and labels can leak what was asked; sample values are numbers that may hold any digits.
    const namesAndLabels = text
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("#"))
      .map((line) => line.slice(0, line.lastIndexOf(" ")))
      .join("\n");
    for (const personal of ["987654", "mette", "4711", "/no/such"])
      expect(namesAndLabels).not.toContain(personal);
  });

  it("is described in the API document as Prometheus text behind a bearer token", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json();
    const operation = document.paths["/metrics"].get;
    expect(Object.keys(operation.responses["200"].content)).toEqual(["text/plain"]);
    expect(operation.security).toEqual([{ metricsToken: [] }]);
    expect(document.components.securitySchemes.metricsToken).toEqual({ type: "http", scheme: "bearer" });
  });

  it("carries Node's own process metrics", async () => {
    const text = (await scrape(t)).body;
    for (const name of [
      "process_cpu_user_seconds_total",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
    ])
      expect(samples(text, name).length, name).toBeGreaterThan(0);
  });

  it("reports the pool's connections on PostgreSQL and no pool on PGlite", async () => {
    const text = (await scrape(t)).body;
    if (t.database.kind === "postgres") {
      expect(samples(text, "pitchside_db_pool_max_connections")).toEqual([
        "pitchside_db_pool_max_connections 12",
      ]);
      for (const name of [
        "pitchside_db_pool_connections",
        "pitchside_db_pool_idle_connections",
        "pitchside_db_pool_waiting_queries",
        "pitchside_db_pool_acquire_timeouts_total",
      ])
        expect(samples(text, name), name).toHaveLength(1);
    } else {
      expect(text).not.toContain("pitchside_db_pool");
    }
  });

  it("reports the job queues a queue registered, and keeps answering when one cannot be read", async () => {
    t.app.metrics.registerQueueMetrics(async () => [
      { queue: "mail", queued: 3, active: 1, failed: 2 },
      { queue: "purge", queued: 0, active: 0, failed: 0 },
    ]);
    t.app.metrics.registerQueueMetrics(async () => {
      throw new Error("queue table missing");
    });
    const response = await scrape(t);
    expect(response.statusCode).toBe(200);
    expect(samples(response.body, "pitchside_queue_jobs")).toEqual(
      expect.arrayContaining([
        'pitchside_queue_jobs{queue="mail",state="queued"} 3',
        'pitchside_queue_jobs{queue="mail",state="active"} 1',
        'pitchside_queue_jobs{queue="mail",state="failed"} 2',
        'pitchside_queue_jobs{queue="purge",state="failed"} 0',
      ]),
    );
  });
});

describe("who may read the metrics", () => {
  it("without METRICS_TOKEN, outside production: this machine only, and not through a proxy", async () => {
    expect((await scrape(t)).statusCode).toBe(200);
    const remote = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error: "forbidden" });
    expect(remote.body).not.toContain("# HELP");
    const proxied = await scrape(t, { "x-forwarded-for": "203.0.113.9" });
    expect(proxied.statusCode).toBe(403);
  });

  it("without METRICS_TOKEN in production: not served at all, not even to this machine", async () => {
    const response = await scrape(production, { host: "shop.example" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "not_found" });
    expect(response.body).not.toContain("# HELP");
  });

  it("with METRICS_TOKEN: only to a request bearing it, from anywhere", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(guarded, authorization ? { authorization } : {});
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.body).not.toContain("# HELP");
    }
    const allowed = await guarded.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "10.1.2.3",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain("pitchside_http_request_duration_seconds");
  });

  it("is answered on any Host in production, as scrapers call a process by its address", async () => {
    const tokenInProduction = await createTestApp(
      {},
      {
        NODE_ENV: "production",
        SESSION_SECRET: "a-secret",
        PUBLIC_URL: "https://shop.example",
        METRICS_TOKEN: TOKEN,
      },
    );
    try {
      const response = await scrape(tokenInProduction, {
        host: "10.0.0.7:3000",
        authorization: `Bearer ${TOKEN}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["set-cookie"]).toBeUndefined();
    } finally {
      await tokenInProduction.close();
    }
  });
});

describe("several workers' metrics in one scrape (decision 0081)", () => {
  type Json = Awaited<ReturnType<TestApp["app"]["metrics"]["registry"]["getMetricsAsJSON"]>>;
  it("labels each worker's series with its slot, writes the shared ones once, and names a missing worker", async () => {
    // Two workers' own metrics as each answers them: the same shop, each with its own counts.
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: "/healthz" });
    const first = (await t.app.metrics.registry.getMetricsAsJSON()) as Json;
    await guarded.app.inject({ method: "GET", url: "/healthz" });
    const second = (await guarded.app.metrics.registry.getMetricsAsJSON()) as Json;
    t.app.metrics.registerQueueMetrics(async () => [{ queue: "mail.send", queued: 4, active: 1, failed: 0 }]);
    const shared = (await t.app.metrics.shared.getMetricsAsJSON()) as Json;

    // A process metric the library would leave out of a sum (its start time), kept for each worker.
    const started = (slot: number) =>
      ({
        name: "process_start_time_seconds",
        help: "Start time of the process since unix epoch in seconds.",
        type: "gauge",
        aggregator: "omit",
        values: [{ value: 1_800_000_000 + slot, labels: {} }],
      }) as unknown as Json[number];
    const text = await workersExposition(
      {
        answers: [
          { slot: 0, value: [...first, started(0)] },
          { slot: 2, value: [...second, started(2)] },
        ],
        missing: [1],
      },
      shared,
    );
    expect(samples(text, "process_start_time_seconds").sort()).toEqual([
      'process_start_time_seconds{worker="0"} 1800000000',
      'process_start_time_seconds{worker="2"} 1800000002',
    ]);
    // Prometheus refuses a family described twice: each is described once, its series together.
    const described = text.split("\n").filter((line) => line.startsWith("# TYPE "));
    expect(new Set(described).size).toBe(described.length);
    const healthCounts = samples(text, "pitchside_http_request_duration_seconds_count").filter((line) =>
      line.includes('route="/healthz"'),
    );
    expect(healthCounts.find((line) => line.includes('worker="0"'))).toMatch(/ 3$/);
    expect(healthCounts.find((line) => line.includes('worker="2"'))).toMatch(/ 1$/);
    expect(healthCounts.every((line) => /worker="[02]"/.test(line))).toBe(true);
    // The queues are the database's, the same for every worker: once, with no worker label.
    expect(samples(text, "pitchside_queue_jobs")).toEqual(
      expect.arrayContaining(['pitchside_queue_jobs{queue="mail.send",state="queued"} 4']),
    );
    expect(samples(text, "pitchside_queue_jobs").some((line) => line.includes("worker="))).toBe(false);
    expect(samples(text, "pitchside_worker_up").sort()).toEqual([
      'pitchside_worker_up{worker="0"} 1',
      'pitchside_worker_up{worker="1"} 0',
      'pitchside_worker_up{worker="2"} 1',
    ]);
  });
});
