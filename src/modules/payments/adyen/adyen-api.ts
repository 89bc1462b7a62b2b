import {
  CheckoutAPI,
  Client,
  type Config,
  EnvironmentEnum,
  HttpClientException,
  type Types,
} from "@adyen/api-library";
import type { AdyenConfig } from "./adyen.config.ts";

type RequestOptions = NonNullable<Parameters<Client["httpClient"]["request"]>[4]>;

/**
 * The library's HTTP client pointed at another base URL (the local fake in tests): the library
 * builds Adyen's own addresses, this swaps their origin and keeps the path, headers and body.
 */
class BaseUrlClient {
  private readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(
    endpoint: string,
    json: string | Buffer,
    config: Config,
    _isApiKeyRequired: boolean,
    options: RequestOptions = {},
  ): Promise<string> {
    const url = new URL(endpoint);
    const target = `${this.baseUrl}${url.pathname}${options.params ? `?${new URLSearchParams(options.params as Record<string, string>)}` : ""}`;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-api-key": config.apiKey ?? "",
    };
    for (const [key, value] of Object.entries(options.headers ?? {})) headers[key] = String(value);
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    const response = await fetch(target, {
      method: options.method ?? "POST",
      headers,
      body: options.method === "GET" ? undefined : json.toString(),
      signal: AbortSignal.timeout(config.connectionTimeoutMillis ?? 30_000),
    });
    const body = await response.text();
    if (!response.ok)
      throw new HttpClientException({
        message: `HTTP Exception: ${response.status}`,
        statusCode: response.status,
        responseBody: body,
      });
    return body;
  }
}

/** Adyen's Checkout API (sessions, payments, details, captures, refunds, cancels) through its own library. */
export function adyenCheckout(config: AdyenConfig): CheckoutAPI {
  const client = new Client({
    apiKey: config.apiKey,
    environment: config.environment === "live" ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(config.liveUrlPrefix ? { liveEndpointUrlPrefix: config.liveUrlPrefix } : {}),
    connectionTimeoutMillis: 30_000,
    applicationName: "pitchside",
  } as Config);
  if (config.apiUrl) client.httpClient = new BaseUrlClient(config.apiUrl);
  return new CheckoutAPI(client);
}

export type AdyenAmount = Types.checkout.Amount;
export { HttpClientException };
