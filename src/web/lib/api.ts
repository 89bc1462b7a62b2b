// The browser's way to call the shop's API: same origin, session cookie, and the CSRF header the
// server requires on every state-changing call (Django's dialect: csrftoken → X-CSRFToken).
// Components use `call()`, typed by the endpoint table (endpoints.ts); `api()` is its transport.

import type {
  CallOptions,
  Endpoint,
  OptionsArgument,
  RequestOf,
  ResponseOf,
  SendOptions,
} from "./endpoints.ts";

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

export interface ApiError {
  status: number;
  error: string;
  message: string;
  fields?: Record<string, string[]>;
}

export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError;
  constructor(body: ApiError) {
    super(body.message);
    this.status = body.status;
    this.body = body;
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  form?: Record<string, string>;
  signal?: AbortSignal;
}

/** The header's `GET /api/shell/` while it is on its way to a visitor without a token (see below). */
let tokenOnItsWay: Promise<unknown> | null = null;

/**
 * Marks a call that hands out the CSRF cookie to a visitor who has none (the header's
 * `GET /api/shell/` on a page from the page cache, decision 0076). A token asked for meanwhile waits
 * for its answer: asked for apart, the two answers would each set a token, and the later one could
 * replace the token a first add to bag had just been given with its new session.
 */
export function handsOutToken<T>(pending: Promise<T>): Promise<T> {
  const settled = pending.then(
    () => undefined,
    () => undefined,
  );
  tokenOnItsWay = settled;
  void settled.then(() => {
    if (tokenOnItsWay === settled) tokenOnItsWay = null;
  });
  return pending;
}

/**
 * The CSRF token for a state-changing call: the cookie's, or, for a visitor whose page came from the
 * page cache (it hands out no cookie), the one its header's `GET /api/shell/` brings, or one asked
 * for now (decisions 0051, 0076).
 */
async function csrfToken(): Promise<string> {
  const cookie = readCookie("csrftoken");
  if (cookie) return cookie;
  if (tokenOnItsWay) {
    await tokenOnItsWay;
    const brought = readCookie("csrftoken");
    if (brought) return brought;
  }
  try {
    const response = await fetch("/api/csrf/", {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    });
    const body = (await response.json()) as { csrf_token?: string };
    return readCookie("csrftoken") ?? body.csrf_token ?? "";
  } catch {
    return "";
  }
}

/** The untyped transport under `call()`: the answer is whatever the server sent. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.form ? "POST" : "GET");
  const headers: Record<string, string> = { accept: "application/json" };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers["x-requested-with"] = "XMLHttpRequest";
    body = new URLSearchParams(options.form).toString();
  }
  if (method !== "GET") headers["x-csrftoken"] = await csrfToken();
  // The shop's DELETE calls are JSON calls without a body, as the storefront has always sent them.
  if (method === "DELETE" && !body) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body,
    credentials: "same-origin",
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError({
      status: response.status,
      error: error.error ?? "request_failed",
      message: error.message ?? "An error occurred",
      fields: error.fields,
    });
  }
  return data as T;
}

/** What the typed functions below read of their options, whichever call they are for. */
interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: Record<string, string>;
  signal?: AbortSignal;
}

const methodOf = (endpoint: Endpoint) => endpoint.slice(0, endpoint.indexOf(" ")) as ApiOptions["method"];

function urlOf(endpoint: Endpoint, { params = {}, query = {} }: LooseOptions): string {
  const path = endpoint
    .slice(endpoint.indexOf(" ") + 1)
    .replace(/:(\w+)/g, (_segment, name: string) => encodeURIComponent(String(params[name])));
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join("&");
  return search ? `${path}?${search}` : path;
}

/**
 * The address of a call: its `:params` filled in (each encoded) and its query appended in the order
 * given, fields left undefined or null left out.
 */
export function endpointUrl<K extends Endpoint>(endpoint: K, ...[request]: OptionsArgument<RequestOf<K>>) {
  return urlOf(endpoint, (request as unknown as LooseOptions | undefined) ?? {});
}

/**
 * One call of the shop's API, typed by its entry in the endpoint table: `params`, `query` and the body
 * (`json`, or `form` for the form-encoded calls) are required or refused as the call takes them, and
 * the answer has the type of the call's response contract. Errors throw `ApiRequestError`, as `api()`.
 */
export function call<K extends Endpoint>(endpoint: K, ...[options]: OptionsArgument<CallOptions<K>>) {
  // Widened before use: the union of every endpoint's options is too large for the checker to narrow.
  const loose: LooseOptions = (options as unknown as LooseOptions | undefined) ?? {};
  return send(endpoint, urlOf(endpoint, loose), loose);
}

/**
 * A call to an address the server gave (a list's `meta.next`, a bag line's `customization_url`): sent
 * as it is, typed by the endpoint it belongs to.
 */
export function callAt<K extends Endpoint>(
  endpoint: K,
  url: string,
  ...[options]: OptionsArgument<SendOptions<K>>
) {
  return send(endpoint, url, (options as unknown as LooseOptions | undefined) ?? {});
}

function send<K extends Endpoint>(endpoint: K, url: string, options: LooseOptions) {
  return api<ResponseOf<K>>(url, {
    method: methodOf(endpoint),
    json: options.json,
    form: options.form,
    signal: options.signal,
  });
}
