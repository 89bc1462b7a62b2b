// Loaded by the client entry with a dynamic import, only when the page names a DSN: Sentry's code is
// a chunk of its own that a shop without browser error reporting never fetches.
import {
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  captureConsoleIntegration,
  dedupeIntegration,
  eventFiltersIntegration,
  functionToStringIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from "@sentry/browser";
import { scrubBreadcrumb, scrubEvent } from "#kernel/error-report-scrub.ts";
import type { BrowserErrorReporting } from "./error-reporting.ts";

/**
 * Script errors of the shoppers' browsers: uncaught errors, rejected promises, and what the root error
 * boundary logs (console.error). Nothing that names the shopper: no user, no cookies, no headers but
 * the page's address cut before its query, no text typed into fields, no session tracking, no
 * tracing or replays; every event and breadcrumb is scrubbed as the server's are.
 */
export function startErrorReporting(settings: BrowserErrorReporting) {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release ? { release: settings.release } : {}),
    defaultIntegrations: false,
    integrations: [
      eventFiltersIntegration(),
      functionToStringIntegration(),
      browserApiErrorsIntegration(),
      breadcrumbsIntegration({ dom: true, fetch: true, xhr: true, history: true, sentry: false }),
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      captureConsoleIntegration({ levels: ["error"] }),
    ],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    sendClientReports: false,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
}
