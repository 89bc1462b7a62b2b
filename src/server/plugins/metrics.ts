import crypto from "node:crypto";
import net from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from "prom-client";
import { z } from "zod";
import type { AppConfig } from "../config.ts";
import { answerGathering, type Gathered, gatherFromWorkers } from "../processes.ts";
import { type LatencySeries, RouteLatencyHistogram } from "./route-latency-histogram.ts";

/** What a job queue reports per queue on each scrape. */
export interface QueueCounts {
  queue: string;
  /** Jobs waiting to run (created or retrying). */
  queued: number;
  /** Jobs running now. */
  active: number;
  /** Jobs that failed for good (retries used up) and are still kept. */
  failed: number;
}

/** An order committed: what its counter is labelled with (never a shopper or an order id). */
export interface OrderPlacedEvent {
  market: string;
  gateway: string;
}

export interface ShopMetrics {
  /** Counts an order; call it after its transaction committed. */
  orderPlaced(order: OrderPlacedEvent): void;
  /**
   * Reports the job queues' depth and failures on every scrape, as
   * `pitchside_queue_jobs{queue, state="queued"|"active"|"failed"}`. `collect` is called once per
   * scrape; when it throws, the queue gauges are left out of that scrape and the error is logged.
   */
  registerQueueMetrics(collect: () => Promise<QueueCounts[]>): void;
  /** The shop's own metrics (the process's are kept once per process, beside them). */
  registry: Registry;
  /**
   * Metrics that read what every process shares (the job queues' depth, counted in the database):
   * with several processes, written once per scrape rather than once per worker.
   */
  shared: Registry;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

/** Latency buckets in seconds: from a cached read to a slow page. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Methods named as they are; any other (a scanner's invention) is counted as "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The route label of a request no route matched (a 404 from the router). */
const UNMATCHED = "unmatched";

let processRegistry: Registry | undefined;
/**
 * Node's own metrics (CPU, memory, event loop, garbage collection, handles), collected once per
 * process however many apps it builds (the tests build many).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The shop's metrics and the route that serves them. Labels carry route patterns
 * (`/api/orders/:id/`), methods, status classes, markets and payment gateways: never a path as
 * requested, an id, an address or anything a shopper typed.
 */
export function createMetrics(app: FastifyInstance): ShopMetrics {
  const registry = new Registry();
  const requests = new RouteLatencyHistogram(
    "pitchside_http_request_duration_seconds",
    "Time from a request's arrival to its answer sent, by route pattern, method and status class.",
    ["method", "route", "status_class"],
    LATENCY_BUCKETS,
    [registry],
  );
  // A series per route, method and status class, found through maps keyed by the strings the
  // router and Node keep (their hashes are cached) and the class's digit: nothing made per answer.
  const seriesByRoute = new Map<string, Map<string, (LatencySeries | undefined)[]>>();
  const seriesOf = (route: string, method: string, statusClass: number): LatencySeries => {
    let byMethod = seriesByRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      seriesByRoute.set(route, byMethod);
    }
    let byClass = byMethod.get(method);
    if (!byClass) {
      byClass = [];
      byMethod.set(method, byClass);
    }
    let series = byClass[statusClass];
    if (!series) {
      series = requests.seriesOf({ method, route, status_class: `${statusClass}xx` });
      byClass[statusClass] = series;
    }
    return series;
  };
  app.addHook("onResponse", (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : "other";
    const route = request.routeOptions.url ?? UNMATCHED;
    requests.observe(seriesOf(route, method, Math.floor(reply.statusCode / 100)), reply.elapsedTime / 1000);
    done();
  });

  const orders = new Counter({
    name: "pitchside_orders_placed_total",
    help: "Orders committed, by market and payment gateway.",
    labelNames: ["market", "payment_gateway"] as const,
    registers: [registry],
  });

  const stats = () => app.database.poolStats();
  if (stats()) {
    const gauge = (name: string, help: string, read: (s: NonNullable<ReturnType<typeof stats>>) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const now = stats();
          if (now) this.set(read(now));
        },
      });
    gauge(
      "pitchside_db_pool_max_connections",
      "The most connections the pool opens (DATABASE_POOL_SIZE).",
      (s) => s.max,
    );
    gauge(
      "pitchside_db_pool_connections",
      "Connections the pool holds open, idle or in use.",
      (s) => s.total,
    );
    gauge("pitchside_db_pool_idle_connections", "Open connections no query is using.", (s) => s.idle);
    gauge(
      "pitchside_db_pool_waiting_queries",
      "Queries and transactions waiting for a connection of the pool.",
      (s) => s.waiting,
    );
    let counted = 0;
    new Counter({
      name: "pitchside_db_pool_acquire_timeouts_total",
      help: "Waits for a connection that gave up after DATABASE_ACQUIRE_TIMEOUT_MS (each answered 503).",
      registers: [registry],
      collect() {
        const total = stats()?.acquireTimeouts ?? counted;
        this.inc(total - counted);
        counted = total;
      },
    });
  }

  const shared = new Registry();
  const queueCollectors: (() => Promise<QueueCounts[]>)[] = [];
  new Gauge({
    name: "pitchside_queue_jobs",
    help: "Jobs of each queue by state: queued (waiting or retrying), active (running), failed (retries used up).",
    labelNames: ["queue", "state"] as const,
    registers: [shared],
    async collect() {
      this.reset();
      for (const collect of queueCollectors) {
        let rows: QueueCounts[];
        try {
          rows = await collect();
        } catch (error) {
          app.log.warn({ err: error }, "queue metrics could not be read");
          continue;
        }
        for (const row of rows)
          for (const state of ["queued", "active", "failed"] as const)
            if (Number.isFinite(row[state])) this.labels(row.queue, state).set(row[state]);
      }
    },
  });

  // From the start, not the first scrape: the event loop's delay is then measured from the process's
  // start, not read before anything was measured.
  processMetrics();
  // With several processes, what this one answers when the worker a scraper reached gathers them all.
  answerGathering(METRICS_TOPIC, async () => [
    ...(await processMetrics().getMetricsAsJSON()),
    ...(await registry.getMetricsAsJSON()),
  ]);

  return {
    registry,
    shared,
    orderPlaced(order) {
      orders.labels(order.market, order.gateway).inc();
    },
    registerQueueMetrics(collect) {
      queueCollectors.push(collect);
    },
  };
}

const METRICS_TOPIC = "metrics";
/** How long a scrape waits for each worker's metrics before naming it missing (decision 0081). */
export const WORKER_METRICS_WAIT_MS = 2_000;

type MetricJson = MetricObjectWithValues<MetricValue<string>>;

/**
 * One exposition of several workers' metrics (SERVER_PROCESSES, decision 0081): every series of each
 * worker that answered, labelled `worker` with its slot, so that a counter belongs to one slot and a
 * replaced worker's new counters read as that slot's reset; the shared metrics once, unlabelled; and
 * `pitchside_worker_up` per slot, 1 when its worker answered this scrape and 0 when it did not.
 */
export async function workersExposition(
  gathered: Gathered<MetricJson[]>,
  shared: MetricJson[],
): Promise<string> {
  const labelled = gathered.answers.map(({ slot, value }) =>
    value.map((metric) => ({
      ...metric,
      // Each series is one worker's own: nothing is added up or left out.
      aggregator: "sum" as const,
      values: metric.values.map((sample) => ({
        ...sample,
        labels: { ...sample.labels, worker: String(slot) },
      })),
    })),
  );
  const up: MetricJson = {
    name: "pitchside_worker_up",
    help: "1 when the worker process in this slot answered the scrape in time, 0 when it did not (starting, stopping or busy): its series are missing from this scrape.",
    // The library's types declare a numeric enum; its metrics carry the type's name.
    type: "gauge" as unknown as MetricJson["type"],
    aggregator: "sum",
    collect: () => {},
    values: [
      ...gathered.answers.map(({ slot }) => ({ value: 1, labels: { worker: String(slot) } })),
      ...gathered.missing.map((slot) => ({ value: 0, labels: { worker: String(slot) } })),
    ],
  };
  return AggregatorRegistry.aggregate([...labelled, [up], shared]).metrics();
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest();

/** The Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] !== undefined && crypto.timingSafeEqual(sha256(match[1]), sha256(token));
}

/** The request comes from this machine itself, not through a proxy on it. */
function fromThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? "";
  const loopback =
    address === "::1" ||
    (net.isIPv4(address) && address.startsWith("127.")) ||
    address.startsWith("::ffff:127.");
  return (
    loopback && request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined
  );
}

export type MetricsAccess = "allowed" | "token_required" | "forbidden" | "hidden";

/**
 * Who may read the metrics (decision 0026): with METRICS_TOKEN, whoever sends it as a bearer token,
 * in every environment; without it, nobody in production (the route answers as if it did not
 * exist), and outside production only a client on this machine that did not come through a proxy.
 */
export function metricsAccess(
  config: Pick<AppConfig, "env" | "metricsToken">,
  request: FastifyRequest,
): MetricsAccess {
  if (config.metricsToken)
    return bearerMatches(request.headers.authorization, config.metricsToken) ? "allowed" : "token_required";
  if (config.env === "production") return "hidden";
  return fromThisMachine(request) ? "allowed" : "forbidden";
}

const refusal = z.object({ error: z.string(), message: z.string(), request_id: z.string() });

/** The Prometheus text the route answers with (its body is sent as it is, not serialised). */
export const metricsResponse = {
  description: "Prometheus text exposition format 0.0.4",
  content: { "text/plain": { schema: z.string() } },
};

/** `GET /metrics`: Prometheus's scrape. No session, any host (scrapers call a process by address). */
export function registerMetricsRoute(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { config, metrics } = scope;
  const refuse = (reply: FastifyReply, request: FastifyRequest, access: MetricsAccess) => {
    if (access === "token_required")
      return reply.status(401).header("www-authenticate", 'Bearer realm="metrics"').send({
        error: "unauthorized",
        message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
        request_id: request.id,
      });
    if (access === "forbidden")
      return reply.status(403).send({
        error: "forbidden",
        message: "Without METRICS_TOKEN the metrics are served to this machine only.",
        request_id: request.id,
      });
    return reply
      .status(404)
      .send({ error: "not_found", message: "No call GET /metrics.", request_id: request.id });
  };
  let gatheringUnderWay: Promise<Gathered<MetricJson[]>> | undefined;
  app.get(
    "/metrics",
    {
      schema: {
        tags: ["operations"],
        summary:
          "Prometheus metrics: requests by route, the database pool, orders placed, job queues, the Node process",
        security: [{ metricsToken: [] }],
        response: { 200: metricsResponse, 401: refusal, 403: refusal, 404: refusal, 503: refusal },
      },
      logLevel: "warn",
      config: { anyHost: true },
    },
    async (request, reply) => {
      const access = metricsAccess(config, request);
      if (access !== "allowed") return refuse(reply, request, access);
      const answer = (body: string) =>
        reply
          .header("content-type", metrics.registry.contentType)
          .header("cache-control", "no-store")
          .send(body);
      // With several processes, every worker's (decision 0081); alone, this process's. Scrapes that
      // arrive together share one gathering: each costs every worker a collection.
      gatheringUnderWay ??= gatherFromWorkers<MetricJson[]>(METRICS_TOPIC, WORKER_METRICS_WAIT_MS)?.finally(
        () => {
          gatheringUnderWay = undefined;
        },
      );
      const gathering = gatheringUnderWay;
      if (!gathering) {
        const parts = [processMetrics(), metrics.registry, metrics.shared].map((registry) =>
          registry.metrics(),
        );
        return answer((await Promise.all(parts)).join(""));
      }
      let gathered: Gathered<MetricJson[]>;
      try {
        gathered = await gathering;
      } catch (error) {
        request.log.error({ err: error }, "the workers' metrics could not be gathered");
        return reply.status(503).header("cache-control", "no-store").send({
          error: "metrics_unavailable",
          message: "The other processes' metrics could not be gathered; try again.",
          request_id: request.id,
        });
      }
      return answer(await workersExposition(gathered, await metrics.shared.getMetricsAsJSON()));
    },
  );
}
