/**
 * Adyen's settings, from the environment. Without an API key, merchant account and client key the
 * shop keeps its built-in test card (decision 0057): the demo needs no account.
 */
export interface AdyenConfig {
  apiKey: string;
  merchantAccount: string;
  /** The browser Drop-in's key (public by design). */
  clientKey: string;
  /** The standard notifications' HMAC key (hex), as set on the webhook in the Customer Area. */
  hmacKey: string;
  environment: "test" | "live";
  /** Live only: the prefix of the merchant's own live endpoints. */
  liveUrlPrefix: string | null;
  /** Tests only: where the Checkout API answers instead of Adyen (a local fake). */
  apiUrl: string | null;
}

export function adyenConfigFrom(env: NodeJS.ProcessEnv): AdyenConfig | null {
  const apiKey = env.ADYEN_API_KEY?.trim();
  const merchantAccount = env.ADYEN_MERCHANT_ACCOUNT?.trim();
  const clientKey = env.ADYEN_CLIENT_KEY?.trim();
  if (!apiKey || !merchantAccount || !clientKey) return null;
  const environment = (env.ADYEN_ENVIRONMENT ?? "test").trim().toLowerCase();
  if (environment !== "test" && environment !== "live")
    throw new Error(`ADYEN_ENVIRONMENT must be test or live, not ${JSON.stringify(env.ADYEN_ENVIRONMENT)}`);
  const liveUrlPrefix = env.ADYEN_LIVE_URL_PREFIX?.trim() || null;
  if (environment === "live" && !liveUrlPrefix)
    throw new Error("ADYEN_LIVE_URL_PREFIX is required with ADYEN_ENVIRONMENT=live");
  const hmacKey = env.ADYEN_HMAC_KEY?.trim() ?? "";
  if (!/^[0-9a-fA-F]{32,}$/.test(hmacKey))
    throw new Error("ADYEN_HMAC_KEY must be the hexadecimal HMAC key of the Adyen webhook");
  const apiUrl = env.ADYEN_API_URL?.trim().replace(/\/+$/, "") || null;
  return { apiKey, merchantAccount, clientKey, hmacKey, environment, liveUrlPrefix, apiUrl };
}
