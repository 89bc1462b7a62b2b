import type { FastifyBaseLogger } from "fastify";
import { scrubEvent } from "#kernel/error-report-scrub.ts";
import type { AppConfig } from "./config.ts";

/** Where an unexpected error happened: the route's pattern, never the path as requested. */
export interface ErrorContext {
  requestId: string;
  method: string;
  /** `/api/orders/:id/`, or "page" for the storefront's pages. */
  route: string;
}

export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): void;
  /** Sends what is still queued (at most 2 s), then stops. */
  close(): Promise<void>;
}

const NO_REPORTER: ErrorReporter = { capture() {}, close: async () => {} };

/**
 * Unexpected errors (the 500s) go to Sentry when SENTRY_DSN is set; without it nothing is loaded and
 * nothing is sent. The client is the app's own (not Sentry's global one): no automatic
 * instrumentation, no request data, no breadcrumbs, no local variables; each report carries the
 * exception, the route pattern, the method and the request id (to find the log line), and is
 * scrubbed once more before it leaves (decision 0026).
 */
export async function createErrorReporter(
  config: Pick<AppConfig, "sentryDsn" | "sentryEnvironment" | "sentryRelease">,
  log: FastifyBaseLogger,
): Promise<ErrorReporter> {
  if (!config.sentryDsn) return NO_REPORTER;
  const Sentry = await import("@sentry/node");
  const client = new Sentry.NodeClient({
    dsn: config.sentryDsn,
    environment: config.sentryEnvironment,
    ...(config.sentryRelease ? { release: config.sentryRelease } : {}),
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    sendClientReports: false,
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  });
  client.init();
  log.info("unexpected errors are reported to Sentry");
  return {
    capture(error, context) {
      const scope = new Sentry.Scope();
      scope.setTags({ route: context.route, method: context.method, request_id: context.requestId });
      scope.setTransactionName(`${context.method} ${context.route}`);
      client.captureException(error, { mechanism: { type: "fastify", handled: false } }, scope);
    },
    async close() {
      await client.close(2000);
    },
  };
}
