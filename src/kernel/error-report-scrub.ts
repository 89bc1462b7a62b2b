/**
 * What an error report may carry, for the server's and the browser's reporter alike (decision 0026):
 * what went wrong and where (the exception, its stack, the route pattern, the request id), never who
 * it happened to. Reports leave the shop for a third party, so anything that could name a shopper is
 * taken out before sending: cookies, headers, bodies, query strings, the user, addresses (postal,
 * e-mail and IP), and the values a failed query was sent with.
 */

/** The parts of a Sentry event this looks at; every other field is left as it is. */
export interface ReportableEvent {
  message?: string | undefined;
  transaction?: string | undefined;
  exception?: { values?: { value?: string | undefined }[] | undefined } | undefined;
  request?: { url?: string | undefined; method?: string | undefined } | undefined;
  user?: unknown;
  breadcrumbs?: ReportableBreadcrumb[] | undefined;
  extra?: unknown;
  server_name?: string | undefined;
}

export interface ReportableBreadcrumb {
  category?: string | undefined;
  message?: string | undefined;
  data?: Record<string, unknown> | undefined;
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
const IPV6 = /\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\b|::ffff:[0-9.]+/gi;
/** A card, phone or account number: six digits or more, spaces and dashes allowed between. */
const LONG_NUMBER = /\+?\d(?:[ -]?\d){5,}/g;
/** Drizzle's "Failed query: … params: <values>": the values are the shopper's input. */
const QUERY_PARAMS = /(\n|^)params:[\s\S]*$/;

/** Text with addresses, long numbers and a failed query's values replaced by placeholders. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, "$1params: [removed]")
    .replace(EMAIL, "[email]")
    .replace(IPV6, "[ip]")
    .replace(IPV4, "[ip]")
    .replace(LONG_NUMBER, "[number]");
}

/** A URL without its query and fragment (a receipt token, a search, a reset key live there). */
export function scrubUrl(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The event as it may leave the shop; changed in place and returned. */
export function scrubEvent<T extends ReportableEvent>(event: T): T {
  delete event.user;
  delete event.extra;
  delete event.server_name;
  if (event.request) {
    // Only where and how: no cookies, headers, body, query string or environment.
    const { url, method } = event.request;
    event.request = { ...(url ? { url: scrubUrl(url) } : {}), ...(method ? { method } : {}) } as T["request"];
  }
  if (event.message) event.message = scrubText(event.message);
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  for (const value of event.exception?.values ?? []) if (value.value) value.value = scrubText(value.value);
  if (event.breadcrumbs)
    event.breadcrumbs = event.breadcrumbs.flatMap((crumb) => scrubBreadcrumb(crumb) ?? []);
  return event;
}

/**
 * A breadcrumb without what a shopper typed: text inputs are dropped, messages scrubbed, addresses of
 * requests and navigations cut before their query.
 */
export function scrubBreadcrumb<T extends ReportableBreadcrumb>(crumb: T): T | null {
  if (crumb.category === "ui.input") return null;
  if (crumb.message) crumb.message = scrubText(crumb.message);
  if (crumb.data) {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(crumb.data)) {
      if (["url", "from", "to"].includes(key) && typeof value === "string") data[key] = scrubUrl(value);
      else if (["method", "status_code"].includes(key)) data[key] = value;
    }
    crumb.data = data;
  }
  return crumb;
}
