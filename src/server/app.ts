import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import { type Database, isDatabaseBusy } from "#db/client.ts";
import { CONSENT_COOKIE, parseConsent } from "#kernel/consent.ts";
import { MAX_PATH_PARAMETER } from "#kernel/ids.ts";
import { PageTexts } from "#kernel/page-texts.ts";
import { cartOwnerOf } from "#modules/cart/cart-owner.ts";
import { reuseRevisionReads } from "#modules/catalog/catalogue-cache.ts";
import type { JobQueue } from "#modules/jobs/job-queue.ts";
import {
  LANGUAGE_COOKIE,
  MARKET_COOKIE,
  type Market,
  resolveMarket,
  type UiLocale,
} from "#modules/markets/markets.service.ts";
import type { PublicAddresses } from "#modules/markets/public-addresses.ts";
import { type AppConfig, publicAddressesOf, trustProxyOption } from "./config.ts";
import { createErrorReporter } from "./error-reporting.ts";
import { createShopJobQueue } from "./jobs.ts";
import { registerCardDataGuard } from "./plugins/card-data-guard.ts";
import { ensureCsrfCookie, registerCsrf, registerCsrfTokenRoute } from "./plugins/csrf.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerHealth } from "./plugins/health.ts";
import { registerInputGuards } from "./plugins/input-guards.ts";
import { registerKnownHosts } from "./plugins/known-hosts.ts";
import { createMetrics, registerMetricsRoute } from "./plugins/metrics.ts";
import { isCacheablePage, registerPageCache } from "./plugins/page-cache.ts";
import { registerPrivateAnswers } from "./plugins/private-answers.ts";
import { registerReactRouterPages } from "./plugins/react-router-pages.ts";
import { createShopLogger, ShopLogController, withLazyChildren } from "./plugins/request-logging.ts";
import { contractSerializerCompiler } from "./plugins/response-serializer.ts";
import {
  registerPermissionsPolicy,
  registerSecurityHeaders,
  scriptNonceOf,
} from "./plugins/security-headers.ts";
import { registerSessions } from "./plugins/session.ts";
import { shopContext } from "./request-context.ts";
import { RequestSteps } from "./request-steps.ts";
import { registerModuleRoutes } from "./routes.ts";

export interface RouteTableEntry {
  method: string;
  url: string;
  csrfExempt: boolean;
  /** The statuses the route's response contract describes; empty when it has none. */
  responseStatuses: string[];
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    /** The shop's configured addresses: every link is built on one of them, never on request headers. */
    publicAddresses: PublicAddresses;
    database: Database;
    /** The job queue: modules add jobs to it (the outbox) in the transaction that causes them. */
    jobs: JobQueue;
    /** Every route as registered, for tests that must cover all of them (CSRF, bad input). */
    routeTable: RouteTableEntry[];
    /** The time limits count with (log-in waits): the system's, or a test's that moves on at will. */
    clock: () => Date;
  }
  interface FastifyRequest {
    market: Market;
    locale: UiLocale;
    preview: boolean;
  }
}

export interface BuildAppOptions {
  /** How pages are served: through Vite (dev), the production build, or not at all (API tests). */
  pages?: { mode: "vite"; vite: ViteDevServer } | { mode: "build" } | { mode: "none" };
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  /** Extra Fastify options (benchmarks turn logging off). */
  fastify?: Partial<FastifyServerOptions>;
  /** The time limits count with; tests move it on instead of waiting. */
  clock?: () => Date;
}

export async function buildApp(
  config: AppConfig,
  database: Database,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const pages = options.pages ?? { mode: "build" };
  const shopLogger =
    config.logLevel === "silent"
      ? null
      : createShopLogger(config.logLevel, config.env === "production", options.logDestination);
  const nextRequestId = requestIdSource();
  const app = Fastify({
    // Each request's logger is made when the request first logs (request-logging.ts).
    ...(shopLogger ? { loggerInstance: withLazyChildren(shopLogger.logger) } : { logger: false }),
    logController: new ShopLogController(),
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : nextRequestId();
    },
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER },
    return503OnClosing: true,
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ checkEachAnswer: config.env !== "production" }));
  app.decorate("config", config);
  const addresses = publicAddressesOf(config);
  app.decorate("publicAddresses", addresses);
  const hostMarkets = Object.fromEntries(addresses.hosts.map(({ host, market }) => [host, market]));
  app.decorate("database", database);
  reuseRevisionReads(database.db, config.catalogueRevisionReuseMs);
  const jobs = createShopJobQueue(config, database, addresses, app.log);
  app.decorate("jobs", jobs);
  // The queue is ready before the first request can add to it; it stops before the database closes.
  app.addHook("onReady", async () => {
    await jobs.start();
  });
  app.decorate("routeTable", [] as RouteTableEntry[]);
  app.decorate("clock", options.clock ?? (() => new Date()));
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        csrfExempt: Boolean(route.config?.csrfExempt),
        responseStatuses: Object.keys((route.schema?.response as object | undefined) ?? {}),
      });
    }
  });
  // Graceful shutdown: in-flight requests finish; the keep-alive connections they leave idle are
  // closed so the server can stop, and only then is the database closed (onClose).
  app.addHook("preClose", async () => {
    const timer = setInterval(() => app.server.closeIdleConnections?.(), 50);
    timer.unref();
    app.server.once("close", () => clearInterval(timer));
  });
  app.addHook("onClose", async () => {
    await jobs.stop();
    await database.close();
    shopLogger?.flush();
  });

  const reporter = await createErrorReporter(config, app.log);
  app.addHook("onClose", async () => reporter.close());
  registerErrorHandling(app, reporter);
  // Every answer is counted by its route pattern, refusals and unknown addresses included.
  app.decorate("metrics", createMetrics(app));
  app.metrics.registerQueueMetrics(() => jobs.depth());
  // The shop's own work on each request, in the order it runs: one hook per phase (decision 0101).
  const steps = new RequestSteps();
  // First of the shop's steps: a request for a host that is not the shop's is refused before any
  // of its work (the cookie plugin has only parsed the header).
  registerKnownHosts(steps, addresses, config.env === "production");
  // Its own hook reads cookies: with `hook: false` a cookie first set in an answer step (the CSRF
  // token's rotation) would never be written, as the plugin's writer has already passed.
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // The storefront's DELETE calls send a JSON content type with no body (voucher removal): an empty
  // JSON body is read as no body; anything else goes through Fastify's own safe parser.
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" && request.method === "DELETE") return done(null, undefined);
    return jsonParser(request, body as string, done);
  });
  // Answers are compressed; request bodies are not decompressed: no browser compresses what it
  // sends, and a compressed body is a way to make a small request cost a large one (decision 0101).
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  const isDev = pages.mode === "vite";

  app.decorateRequest("market", null as unknown as Market);
  app.decorateRequest("locale", "en");
  app.decorateRequest("preview", false);
  steps.onArrival(function market(request) {
    const { market, locale } = resolveMarket({
      host: request.headers.host,
      marketCookie: request.cookies[MARKET_COOKIE],
      languageCookie: request.cookies[LANGUAGE_COOKIE],
      hostMarkets,
      defaultMarket: config.defaultMarket,
    });
    request.market = market;
    request.locale = locale;
    request.preview = request.headers.preview === "true" || request.cookies.Preview === "true";
  });
  registerSessions(app, steps);
  registerCsrf(app, steps);
  registerInputGuards(steps);
  registerCardDataGuard(app, steps);
  // The answer steps run after the cookie plugin's writer, so private answers see every cookie set.
  registerPermissionsPolicy(steps);
  registerPrivateAnswers(app, steps);
  steps.install(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Pitchside API",
        description:
          "The calls of the Pitchside storefront: catalogue, cart, checkout, member area and content.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          csrf: { type: "apiKey", in: "header", name: "X-CSRFToken" },
          session: { type: "apiKey", in: "cookie", name: "sessionid" },
          catalogueToken: { type: "http", scheme: "bearer" },
          operatorToken: { type: "http", scheme: "bearer" },
          metricsToken: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (api) => {
    await registerSecurityHeaders(api, config, { pages: false, dev: isDev });
    if (config.apiDocs) {
      await api.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
      api.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
    }
    await registerHealth(api);
    registerMetricsRoute(api);
    registerCsrfTokenRoute(api);
    await registerModuleRoutes(api);
    const unknownCall = async (request: FastifyRequest, reply: FastifyReply) =>
      reply.status(404).send({
        error: "not_found",
        message: `No call ${request.method} ${request.url.split("?")[0]}.`,
        request_id: request.id,
      });
    for (const prefix of ["/api/*", "/v1.1/*"]) api.all(prefix, { schema: { hide: true } }, unknownCall);
  });

  if (pages.mode !== "none") {
    await app.register(async (ssr) => {
      await registerSecurityHeaders(ssr, config, { pages: true, dev: isDev });
      // After the security headers (the nonce is drawn), before the pages' handler (decision 0051).
      registerPageCache(ssr);
      await registerReactRouterPages(ssr, {
        devServer: pages.mode === "vite" ? pages.vite : undefined,
        // The production build is imported once and handed over as a module: given as a loader, React
        // Router works out its route table again on every request (ranking every route each time).
        build: pages.mode === "build" ? await importedServerBuild() : undefined,
        clientBuildDirectory: path.resolve("build/client"),
        // The build writes each file brotli- and gzip-compressed beside itself (vite.config.ts): those
        // go out as they are, with `Vary: Accept-Encoding` (so a cache in front never hands a brotli
        // body to a browser that asked for none), and @fastify/compress leaves them alone.
        staticOptions: {
          preCompressed: true,
          setHeaders(reply, filePath) {
            reply.header("cache-control", staticCacheControl(filePath));
          },
        },
        getLoadContext: async (request, reply) => {
          const context = new RouterContextProvider();
          // A page makes no session (Django's rule: a session is saved when it holds something): a
          // first visit, a bot's included, writes no row; the calls that store something make one.
          // A visitor without one has the CSRF token for no session, which those calls accept.
          // A page rendered for its visitor hands them a token at once, so their first add to bag
          // works; a page data call (a navigation in the page, whose document already did) checks or
          // issues one only when a loader reads it: most run only the page's own loaders, which do
          // not. A page rendered for the page cache hands out none: it is the same answer for every
          // visitor, which a CDN may keep too, and the token comes with the header's call (0076).
          let csrfToken: string | undefined;
          const token = () => {
            csrfToken ??= ensureCsrfCookie(request, reply);
            return csrfToken;
          };
          const forTheCache = isCacheablePage(request);
          const dataCall = isPageDataCall(request.url);
          // A document's long texts go beside its data (decision 0098); the values behind their
          // tokens are kept for the render until the answer is done, sent or not.
          const pageTexts = dataCall ? null : new PageTexts();
          if (pageTexts) reply.raw.once("close", () => pageTexts.release());
          if (!dataCall && !forTheCache) token();
          context.set(shopContext, {
            requestId: request.id,
            clientIp: request.ip,
            log: request.log,
            config,
            database,
            market: request.market,
            locale: request.locale,
            sessionId: request.sessionId,
            user: request.user,
            shopper: {
              owner: cartOwnerOf(request),
              market: request.market,
              locale: request.locale,
            },
            // Never a token in a page every visitor may be served: none is issued for it either.
            get csrfToken() {
              return forTheCache ? "" : token();
            },
            publicUrl: addresses.forRequest(request.headers.host, request.market.code),
            publicAddresses: addresses,
            cspNonce: scriptNonceOf(reply),
            personalFromBrowser: forTheCache,
            pageTexts,
            preview: request.preview,
            consent: parseConsent(request.cookies[CONSENT_COOKIE]),
            // A page that found no free database connection is load, not a fault: not reported.
            reportError: (error) => {
              if (!isDatabaseBusy(error))
                reporter.capture(error, { requestId: request.id, method: request.method, route: "page" });
            },
          });
          return context;
        },
      });
    });
  }
  return app;
}

/**
 * Request ids as `<this process's random 48 bits>-<a count>`: unique across processes and restarts
 * without drawing randomness for every request (a UUID each cost about a microsecond on the slow
 * benchmark machine). An id names a request in logs, error reports and error answers; it is never a
 * secret or a key to anything.
 */
export function requestIdSource(): () => string {
  const processPrefix = crypto.randomBytes(6).toString("hex");
  let count = 0;
  return () => `${processPrefix}-${(++count).toString(36)}`;
}

/**
 * The page build's files: those under `assets/` have hashed names and never change (a year,
 * immutable); the others (favicon, media) may change with a release (an hour).
 */
const BUILD_ASSETS = `${path.sep}build${path.sep}client${path.sep}assets${path.sep}`;
function staticCacheControl(filePath: string): string {
  return path.resolve(filePath).includes(BUILD_ASSETS)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=3600";
}

/** React Router's page data call (`/p/…/_.data`, `/_root.data`), as opposed to a document. */
const isPageDataCall = (url: string) => {
  const query = url.indexOf("?");
  return (query === -1 ? url : url.slice(0, query)).endsWith(".data");
};

async function importedServerBuild() {
  const file = path.resolve("build/server/index.js");
  return fs.existsSync(file) ? await import(pathToFileURL(file).href) : undefined;
}
