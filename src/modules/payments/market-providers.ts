import type { AdyenConfig } from "./adyen/adyen.config.ts";
import { type AdyenGateway, adyenGateway, adyenModifications } from "./adyen/adyen.service.ts";
import { type KlarnaConfig, klarnaProvider } from "./klarna/klarna-api.ts";
import { type ByMarket, distinctConfigs } from "./market-config.ts";
import type { PaymentModifications, PaymentProvider } from "./payment-provider.ts";

/**
 * The real payment providers of each market (decision 0059): Adyen takes a market's cards and Klarna
 * its pay later where the market has a configuration; elsewhere the built-in test providers do.
 * One client per configuration, built once (markets sharing the shop-wide settings share it).
 */
export interface MarketPayments {
  /** Adyen of a market (lower-case code), or null: the built-in test card. */
  adyen(market: string): AdyenGateway | null;
  /** Klarna of a market, or null: the built-in test pay later. */
  klarna(market: string): PaymentProvider | null;
  /** Whether any market has Adyen (its notifications are received) or Klarna. */
  readonly anyAdyen: boolean;
  readonly anyKlarna: boolean;
  /** The HMAC keys of an Adyen merchant account's notifications (none: not one of the shop's). */
  hmacKeysOf(merchantAccount: string): string[];
  /**
   * Who sends a capture, refund or cancel of a gateway's payment made in a market (null: a payment
   * from before markets were recorded, taken with the shop-wide configuration).
   */
  modifications(gateway: string, market: string | null): PaymentModifications | null;
}

export function marketPayments(
  adyen: ByMarket<AdyenConfig>,
  klarna: ByMarket<KlarnaConfig>,
  fetchImpl: typeof fetch = fetch,
): MarketPayments {
  const klarnaConfigs = [...distinctConfigs(klarna), ...(klarna.shopWide ? [klarna.shopWide] : [])];
  const klarnaProviders = new Map(klarnaConfigs.map((config) => [config, klarnaProvider(config, fetchImpl)]));
  const adyenConfigs = [...distinctConfigs(adyen), ...(adyen.shopWide ? [adyen.shopWide] : [])];
  const adyenSenders = new Map(
    adyenConfigs.map((config) => [config, adyenModifications(adyenGateway(config) as AdyenGateway)]),
  );
  const hmacKeys = new Map<string, string[]>();
  for (const config of distinctConfigs(adyen)) {
    const keys = hmacKeys.get(config.merchantAccount) ?? [];
    if (!keys.includes(config.hmacKey)) keys.push(config.hmacKey);
    hmacKeys.set(config.merchantAccount, keys);
  }
  const klarnaOf = (market: string) => {
    const config = klarna.get(market);
    return config ? (klarnaProviders.get(config) ?? null) : null;
  };
  return {
    adyen: (market) => adyenGateway(adyen.get(market) ?? null),
    klarna: klarnaOf,
    anyAdyen: adyen.size > 0,
    anyKlarna: klarna.size > 0,
    hmacKeysOf: (merchantAccount) => hmacKeys.get(merchantAccount) ?? [],
    modifications(gateway, market) {
      if (gateway === "klarna") {
        const config = market === null ? klarna.shopWide : klarna.get(market);
        return config ? (klarnaProviders.get(config) ?? null) : null;
      }
      if (gateway === "adyen") {
        const config = market === null ? adyen.shopWide : adyen.get(market);
        return config ? (adyenSenders.get(config) ?? null) : null;
      }
      return null;
    },
  };
}

const built = new WeakMap<object, MarketPayments>();
/** The providers of a shop configuration, built once per configuration object. */
export function marketPaymentsOf(config: {
  adyenMarkets: ByMarket<AdyenConfig>;
  klarnaMarkets: ByMarket<KlarnaConfig>;
}): MarketPayments {
  let payments = built.get(config);
  if (!payments) {
    payments = marketPayments(config.adyenMarkets, config.klarnaMarkets);
    built.set(config, payments);
  }
  return payments;
}
