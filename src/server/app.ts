import crypto from "node:crypto";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import type { Database } from "#db/client.ts";
import {
  LANGUAGE_COOKIE,
  MARKET_COOKIE,
  type Market,
  resolveMarket,
  type UiLocale,
} from "#modules/markets/markets.service.ts";
import type { AppConfig } from "./config.ts";
import { ensureCsrfCookie, registerCsrf, registerCsrfTokenRoute } from "./plugins/csrf.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerHealth } from "./plugins/health.ts";
import { createShopLogger, ShopLogController } from "./plugins/request-logging.ts";
import { registerSecurityHeaders, scriptNonceOf } from "./plugins/security-headers.ts";
import { ensureSession, isSessionless, registerSessions } from "./plugins/session.ts";
import { shopContext } from "./request-context.ts";
import { registerModuleRoutes } from "./routes.ts";

export interface RouteTableEntry {
  method: string;
  url: string;
  csrfExempt: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Every route as registered, for tests that must cover all of them (CSRF, bad input). */
    routeTable: RouteTableEntry[];
  }
  interface FastifyRequest {
    market: Market;
    locale: UiLocale;
    preview: boolean;
  }
}

/** The consent cookie names the optional purposes the shopper accepted, e.g. "statistics,marketing". */
export function consentFrom(cookie: string | undefined) {
  const purposes = new Set((cookie ?? "").split(",").map((part) => part.trim()));
  return { statistics: purposes.has("statistics"), marketing: purposes.has("marketing") };
}

export interface BuildAppOptions {
  /** How pages are served: through Vite (dev), the production build, or not at all (API tests). */
  pages?: { mode: "vite"; vite: ViteDevServer } | { mode: "build" } | { mode: "none" };
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  /** Extra Fastify options (benchmarks turn logging off). */
  fastify?: Partial<FastifyServerOptions>;
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
  const app = Fastify({
    ...(shopLogger ? { loggerInstance: shopLogger.logger } : { logger: false }),
    logController: new ShopLogController(),
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    bodyLimit: config.bodyLimit,
    trustProxy: process.env.TRUST_PROXY === "true" || process.env.TRUST_PROXY === "1",
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    ...options.fastify,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("routeTable", [] as RouteTableEntry[]);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({ method, url: route.url, csrfExempt: Boolean(route.config?.csrfExempt) });
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
    await database.close();
    shopLogger?.flush();
  });

  registerErrorHandling(app);
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
  await app.register(fastifyCompress, { threshold: 1024 });
  const isDev = pages.mode === "vite";

  app.decorateRequest("market", null as unknown as Market);
  app.decorateRequest("locale", "en");
  app.decorateRequest("preview", false);
  // Callback-style hooks where nothing is awaited: no promise per request on the hot path.
  app.addHook("onRequest", (request, _reply, done) => {
    const { market, locale } = resolveMarket({
      host: request.headers.host,
      marketCookie: request.cookies[MARKET_COOKIE],
      languageCookie: request.cookies[LANGUAGE_COOKIE],
      hostMarkets: config.hostMarkets,
      defaultMarket: config.defaultMarket,
    });
    request.market = market;
    request.locale = locale;
    request.preview = request.headers.preview === "true" || request.cookies.Preview === "true";
    done();
  });
  registerSessions(app);
  registerCsrf(app);

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
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (api) => {
    await registerSecurityHeaders(api, config, { pages: false, dev: isDev });
    await api.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    api.get("/api/docs/openapi.json", { schema: { hide: true } }, async () => app.swagger());
    registerHealth(api);
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
      await ssr.register(fastifyReactRouter, {
        devServer: pages.mode === "vite" ? pages.vite : undefined,
        getLoadContext: async (request, reply) => {
          const context = new RouterContextProvider();
          // Every visitor of a page gets a session, so the bag and favourites have a home.
          if (request.method === "GET" && !isSessionless(request.url)) await ensureSession(request, reply);
          ensureCsrfCookie(request, reply);
          context.set(shopContext, {
            requestId: request.id,
            config,
            database,
            market: request.market,
            locale: request.locale,
            sessionId: request.sessionId,
            user: request.user,
            csrfToken: request.csrfToken,
            cspNonce: scriptNonceOf(reply),
            preview: request.preview,
            consent: consentFrom(request.cookies.cookie_consent),
          });
          return context;
        },
      });
    });
  }
  return app;
}
