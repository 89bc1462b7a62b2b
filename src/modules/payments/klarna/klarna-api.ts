import { type ByMarket, type EnvReader, perMarketConfig, shopWideReader } from "../market-config.ts";
import type { PaymentProvider, ProviderOrderInput, ProviderResult } from "../payment-provider.ts";

/**
 * What the operator configures (KLARNA_USERNAME, KLARNA_PASSWORD, KLARNA_ENVIRONMENT, KLARNA_API_URL,
 * KLARNA_SCRIPT_URL).
 */
export interface KlarnaConfig {
  /** The API user (a UID such as "PK12345_abcdef"); HTTP basic user name. */
  username: string;
  /** The API secret; HTTP basic password. */
  password: string;
  environment: "playground" | "live";
  /** The region's base URL; defaults to Europe's for the environment. */
  apiUrl: string;
  /** Where the checkout loads Klarna's Payments widget library from (Klarna's CDN; the tests' fake). */
  scriptUrl: string;
}

export const KLARNA_BASE_URLS = {
  playground: "https://api.playground.klarna.com",
  live: "https://api.klarna.com",
} as const;

/** Klarna's Payments JavaScript library, the same for both environments (the client token picks one). */
export const KLARNA_SCRIPT_URL = "https://x.klarnacdn.net/kp/lib/v1/api.js";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The widget library's address: Klarna's CDN unless KLARNA_SCRIPT_URL says otherwise. Only HTTPS, or
 * plain HTTP on this machine (a local fake in the browser tests): its origin goes into the CSP.
 */
function scriptUrlFrom(value: string | undefined, variable = "KLARNA_SCRIPT_URL"): string {
  const raw = value?.trim();
  if (!raw) return KLARNA_SCRIPT_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${variable} must be an absolute https:// address`);
  }
  const local = url.protocol === "http:" && LOOPBACK.has(url.hostname);
  if ((url.protocol !== "https:" && !local) || url.username || url.password)
    throw new Error(`${variable} must be an absolute https:// address`);
  return url.href;
}

/** One Klarna configuration, or null without credentials; `read` picks a market's own variables. */
export function klarnaConfigFrom(
  env: Record<string, string | undefined>,
  read: EnvReader = shopWideReader(env),
): KlarnaConfig | null {
  const given = read.get("KLARNA_ENVIRONMENT");
  if (given && !["live", "playground"].includes(given))
    throw new Error(`${read.name("KLARNA_ENVIRONMENT")} must be playground or live`);
  const username = read.get("KLARNA_USERNAME");
  const password = read.get("KLARNA_PASSWORD");
  if (!username || !password) return null;
  const environment = given === "live" ? "live" : "playground";
  const apiUrl = (read.get("KLARNA_API_URL") || KLARNA_BASE_URLS[environment]).replace(/\/+$/, "");
  return {
    username,
    password,
    environment,
    apiUrl,
    scriptUrl: scriptUrlFrom(read.get("KLARNA_SCRIPT_URL"), read.name("KLARNA_SCRIPT_URL")),
  };
}

/**
 * Klarna for each market (decision 0059): KLARNA_<NAME>_<CODE> is a market's own value
 * (KLARNA_USERNAME_NO with KLARNA_PASSWORD_NO), KLARNA_MARKETS=se,no,fi limits Klarna to those markets.
 */
export const klarnaMarketsFrom = (
  env: Record<string, string | undefined>,
  marketCodes: readonly string[],
): ByMarket<KlarnaConfig> =>
  perMarketConfig(
    env,
    {
      prefix: "KLARNA",
      names: [
        "KLARNA_USERNAME",
        "KLARNA_PASSWORD",
        "KLARNA_ENVIRONMENT",
        "KLARNA_API_URL",
        "KLARNA_SCRIPT_URL",
      ],
      together: [["KLARNA_USERNAME", "KLARNA_PASSWORD"]],
      required: ["KLARNA_USERNAME", "KLARNA_PASSWORD"],
      parse: (read) => klarnaConfigFrom(env, read),
    },
    marketCodes,
  );

/** Klarna knows Norwegian as no-NO, not nb-NO. */
export const klarnaLocale = (tag: string) => (tag === "nb-NO" ? "no-NO" : tag);

/** Klarna's tax rate: percent with two implicit decimals (25% → 2500), from the amounts. */
export function taxRateOf(amount: number, taxAmount: number): number {
  const net = amount - taxAmount;
  return net > 0 ? Math.round((taxAmount * 10_000) / net) : 0;
}

/** The body Klarna Payments wants for a session and an order: one line, amounts in minor units. */
export function orderBody(input: ProviderOrderInput) {
  return {
    purchase_country: input.country.toUpperCase(),
    purchase_currency: input.currency.toUpperCase(),
    locale: klarnaLocale(input.locale),
    order_amount: input.amount,
    order_tax_amount: input.taxAmount,
    order_lines: [
      {
        type: "physical",
        name: input.description,
        quantity: 1,
        unit_price: input.amount,
        tax_rate: taxRateOf(input.amount, input.taxAmount),
        total_amount: input.amount,
        total_tax_amount: input.taxAmount,
      },
    ],
    merchant_reference1: input.reference,
  };
}

const TIMEOUT_MS = 15_000;

/**
 * Klarna Payments and Order Management over plain HTTPS (Klarna publishes no Node SDK for them):
 * basic auth with the API user and secret, JSON bodies, and a Klarna-Idempotency-Key on every
 * call that changes something, so a retry never makes a second order, capture or refund.
 */
export function klarnaProvider(config: KlarnaConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString("base64")}`;

  async function call(
    path: string,
    body: object | null,
    idempotencyKey: string | null,
  ): Promise<ProviderResult<{ json: Record<string, unknown> | null; headers: Headers }>> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiUrl}${path}`, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/json",
          accept: "application/json",
          ...(idempotencyKey ? { "klarna-idempotency-key": idempotencyKey } : {}),
        },
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, status: 502, code: "klarna_unreachable", message: String(error) };
    }
    const text = await response.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const code = typeof json?.error_code === "string" ? json.error_code : `http_${response.status}`;
      const messages = Array.isArray(json?.error_messages)
        ? json.error_messages.join("; ")
        : text.slice(0, 200);
      return { ok: false, status: response.status, code, message: messages };
    }
    return { ok: true, value: { json, headers: response.headers } };
  }

  const str = (value: unknown) => (typeof value === "string" ? value : "");

  return {
    gateway: "klarna",
    async createSession(input) {
      const result = await call("/payments/v1/sessions", orderBody(input), null);
      if (!result.ok) return result;
      const json = result.value.json ?? {};
      const categories = Array.isArray(json.payment_method_categories)
        ? (json.payment_method_categories as { identifier?: unknown; name?: unknown }[]).map((c) => ({
            identifier: str(c.identifier),
            name: str(c.name),
          }))
        : [];
      return {
        ok: true,
        value: { sessionId: str(json.session_id), clientToken: str(json.client_token), categories },
      };
    },
    async createOrder(token, input, idempotencyKey) {
      const result = await call(
        `/payments/v1/authorizations/${encodeURIComponent(token)}/order`,
        orderBody(input),
        idempotencyKey,
      );
      if (!result.ok) return result;
      const json = result.value.json ?? {};
      if (!str(json.order_id))
        return { ok: false, status: 502, code: "klarna_no_order", message: "no order_id" };
      return { ok: true, value: { orderId: str(json.order_id), fraudStatus: str(json.fraud_status) } };
    },
    // Klarna's order is in the purchase currency: the amounts are its minor units.
    async capture(orderId, amount, idempotencyKey) {
      const result = await call(
        `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/captures`,
        { captured_amount: amount.value },
        idempotencyKey,
      );
      if (!result.ok) return result;
      const reference = result.value.headers.get("capture-id") ?? "";
      return { ok: true, value: { reference, awaitingOutcome: false } };
    },
    async refund(orderId, amount, idempotencyKey) {
      const result = await call(
        `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/refunds`,
        { refunded_amount: amount.value },
        idempotencyKey,
      );
      if (!result.ok) return result;
      const reference = result.value.headers.get("refund-id") ?? "";
      return { ok: true, value: { reference, awaitingOutcome: false } };
    },
    async cancel(orderId, idempotencyKey) {
      const result = await call(
        `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/cancel`,
        null,
        idempotencyKey,
      );
      return result.ok ? { ok: true, value: { reference: "", awaitingOutcome: false } } : result;
    },
  };
}
