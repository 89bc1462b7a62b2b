import { type ByMarket, type EnvReader, perMarketConfig, shopWideReader } from "../market-config.ts";

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

/** One Adyen configuration; `read` picks a market's own variables (default: the shop-wide ones). */
export function adyenConfigFrom(
  env: Record<string, string | undefined>,
  read: EnvReader = shopWideReader(env),
): AdyenConfig | null {
  const environment = (read.get("ADYEN_ENVIRONMENT") ?? "test").toLowerCase();
  if (environment !== "test" && environment !== "live")
    throw new Error(
      `${read.name("ADYEN_ENVIRONMENT")} must be test or live, not ${JSON.stringify(read.get("ADYEN_ENVIRONMENT"))}`,
    );
  const apiKey = read.get("ADYEN_API_KEY");
  const merchantAccount = read.get("ADYEN_MERCHANT_ACCOUNT");
  const clientKey = read.get("ADYEN_CLIENT_KEY");
  if (!apiKey || !merchantAccount || !clientKey) return null;
  const liveUrlPrefix = read.get("ADYEN_LIVE_URL_PREFIX") ?? null;
  if (environment === "live" && !liveUrlPrefix)
    throw new Error(
      `${read.name("ADYEN_LIVE_URL_PREFIX")} is required with ${read.name("ADYEN_ENVIRONMENT")}=live`,
    );
  const hmacKey = read.get("ADYEN_HMAC_KEY") ?? "";
  if (!/^[0-9a-fA-F]{32,}$/.test(hmacKey))
    throw new Error(`${read.name("ADYEN_HMAC_KEY")} must be the hexadecimal HMAC key of the Adyen webhook`);
  const apiUrl = read.get("ADYEN_API_URL")?.replace(/\/+$/, "") || null;
  return { apiKey, merchantAccount, clientKey, hmacKey, environment, liveUrlPrefix, apiUrl };
}

/**
 * Adyen for each market (decision 0059): ADYEN_<NAME>_<CODE> is a market's own value (a merchant
 * account per market: ADYEN_MERCHANT_ACCOUNT_SE), ADYEN_MARKETS=dk,se limits Adyen to those
 * markets. A market's own API key comes with its own client key (they belong to one API credential).
 */
export const adyenMarketsFrom = (
  env: Record<string, string | undefined>,
  marketCodes: readonly string[],
): ByMarket<AdyenConfig> =>
  perMarketConfig(
    env,
    {
      prefix: "ADYEN",
      names: [
        "ADYEN_API_KEY",
        "ADYEN_MERCHANT_ACCOUNT",
        "ADYEN_CLIENT_KEY",
        "ADYEN_HMAC_KEY",
        "ADYEN_ENVIRONMENT",
        "ADYEN_LIVE_URL_PREFIX",
        "ADYEN_API_URL",
      ],
      together: [["ADYEN_API_KEY", "ADYEN_CLIENT_KEY"]],
      required: ["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY"],
      parse: (read) => adyenConfigFrom(env, read),
    },
    marketCodes,
  );
