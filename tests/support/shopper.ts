// A shopper as the shop sees one over HTTP: its own cookie jar (session, CSRF token, market), the CSRF
// header and Origin a page of the shop sends on every change, and optionally its own client address
// (X-Forwarded-For, as a load balancer would add it). Used by the scale-out test and the bench's mixed
// load; requests go through undici, so many shoppers can share one connection pool.
import { type Dispatcher, request } from "undici";

/** One request and its answer, as the bench records it. */
export interface Exchange {
  /** What the shopper was doing (the bench's step type), e.g. "product page". */
  step: string;
  method: string;
  path: string;
  /** 0 when no answer came (the connection failed). */
  status: number;
  ms: number;
  /** The answer's headers (none when no answer came). */
  headers?: Record<string, string | string[] | undefined>;
  error?: Error;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface ShopperOptions {
  /** The connection pool to send through; undici's global one when unset. */
  dispatcher?: Dispatcher;
  /** The client address a proxy in front of the shop would forward (the shop must trust the proxy). */
  forwardedFor?: string;
  /** The market cookie, as the market switcher sets it. */
  market?: string;
  /** Called after every request with its timing, also for one that failed. */
  onExchange?: (exchange: Exchange) => void;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A browser's worth of state for one shopper of the shop at `base` (an origin, no trailing slash). */
export class Shopper {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  /** The client address it is known by behind the proxy (X-Forwarded-For), when it has one. */
  readonly forwardedFor: string | undefined;
  private readonly options: ShopperOptions;

  constructor(base: string, options: ShopperOptions = {}) {
    this.base = base.replace(/\/+$/, "");
    this.forwardedFor = options.forwardedFor;
    this.options = options;
    if (options.market) this.cookies.set("market", options.market);
  }

  get csrfToken(): string | undefined {
    return this.cookies.get("csrftoken");
  }

  /** The CSRF token from the cookie the pages set, fetched from `/api/csrf/` when there is none yet. */
  async ensureCsrf(): Promise<string> {
    const known = this.csrfToken;
    if (known) return known;
    const answer = await this.get("/api/csrf/", "csrf token");
    if (answer.status !== 200) throw new Error(`GET /api/csrf/ answered ${answer.status}: ${answer.text}`);
    const token = this.csrfToken ?? answer.json<{ csrf_token: string }>().csrf_token;
    this.cookies.set("csrftoken", token);
    return token;
  }

  get(path: string, step = "get"): Promise<Answer> {
    return this.send("GET", path, step);
  }

  /** A form post, as the storefront sends add-to-bag. */
  form(path: string, fields: Record<string, string | number>, step = "form"): Promise<Answer> {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    return this.send("POST", path, step, body, "application/x-www-form-urlencoded");
  }

  /** A JSON post, as the storefront sends the checkout's calls. */
  json(path: string, body: unknown, step = "json"): Promise<Answer> {
    return this.send("POST", path, step, JSON.stringify(body), "application/json");
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(setCookie: string | string[] | undefined) {
    for (const line of typeof setCookie === "string" ? [setCookie] : (setCookie ?? [])) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    step: string,
    body?: string,
    contentType?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: "application/json, text/html" };
    if (UNSAFE.has(method)) {
      const token = await this.ensureCsrf();
      headers["x-csrftoken"] = token;
      headers.origin = this.base;
      headers["x-requested-with"] = "XMLHttpRequest";
    }
    if (contentType) headers["content-type"] = contentType;
    if (this.options.forwardedFor) headers["x-forwarded-for"] = this.options.forwardedFor;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const started = performance.now();
    try {
      const response = await request(`${this.base}${path}`, {
        method,
        headers,
        body,
        ...(this.options.dispatcher ? { dispatcher: this.options.dispatcher } : {}),
      });
      const text = await response.body.text();
      const ms = performance.now() - started;
      this.remember(response.headers["set-cookie"]);
      this.options.onExchange?.({
        step,
        method,
        path,
        status: response.statusCode,
        ms,
        headers: response.headers,
      });
      return {
        status: response.statusCode,
        headers: response.headers,
        text,
        json: <T>() => JSON.parse(text) as T,
      };
    } catch (error) {
      const ms = performance.now() - started;
      const failure = error instanceof Error ? error : new Error(String(error));
      this.options.onExchange?.({ step, method, path, status: 0, ms, error: failure });
      throw failure;
    }
  }
}
