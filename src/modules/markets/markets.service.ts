import { CURRENCIES } from "#kernel/money.ts";
import {
  LOCALE_TAGS,
  MARKETS,
  type Market,
  SELLER,
  SELLER_VAT_NUMBERS,
  UI_LOCALES,
  type UiLocale,
} from "./markets.data.ts";

export type { Market, UiLocale };
export { LOCALE_TAGS, MARKETS, UI_LOCALES };

const BY_CODE = new Map(MARKETS.map((market) => [market.code, market]));
const BY_ALPHA3 = new Map(MARKETS.map((market) => [market.alpha3, market]));

export const MARKET_COOKIE = "market";
export const LANGUAGE_COOKIE = "language";

export function getMarket(code: string | undefined | null): Market | undefined {
  return code ? BY_CODE.get(code.toLowerCase()) : undefined;
}

export function requireMarket(code: string): Market {
  const market = getMarket(code);
  if (!market) throw new Error(`Unknown market ${code}`);
  return market;
}

/** dnk → dk, as the spec's country-mismatch rule maps three-letter codes to shop codes. */
export function shopCodeFromAlpha3(alpha3: string): string | undefined {
  return BY_ALPHA3.get(alpha3.toLowerCase())?.code;
}

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === "string" && (UI_LOCALES as readonly string[]).includes(value);
}

export interface MarketResolutionInput {
  host: string | undefined;
  marketCookie: string | undefined;
  languageCookie: string | undefined;
  hostMarkets: Record<string, string>;
  defaultMarket: string;
}

/**
 * The host name a Host header names, as MARKET_HOSTS and PUBLIC_URL spell it: lower case, without
 * port or the trailing dot of a fully qualified name (an IPv6 address keeps its brackets).
 */
export function hostnameOf(host: string | undefined): string {
  if (!host) return "";
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    return end === -1 ? "" : value.slice(0, end + 1);
  }
  const colon = value.indexOf(":");
  const name = colon === -1 ? value : value.slice(0, colon);
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

/** Market from the host name, else the switcher's cookie, else the configured default. */
export function resolveMarket(input: MarketResolutionInput): { market: Market; locale: UiLocale } {
  const host = hostnameOf(input.host);
  // Own keys only: a Host such as "constructor" names no market.
  const market =
    getMarket(Object.hasOwn(input.hostMarkets, host) ? input.hostMarkets[host] : undefined) ??
    getMarket(input.marketCookie) ??
    getMarket(input.defaultMarket) ??
    requireMarket("dk");
  const locale = isUiLocale(input.languageCookie) ? input.languageCookie : market.locale;
  return { market, locale };
}

/** Intl tag for a locale shown in a market: language from the locale, region from the market. */
export function intlTag(locale: UiLocale, market: Market): string {
  const language = LOCALE_TAGS[locale].split("-")[0];
  return `${language}-${market.countryCode}`;
}

export function formatMoney(minorUnits: number, currency: string, tag: string): string {
  const info = CURRENCIES[currency];
  const exponent = info?.exponent ?? 2;
  const wholeOnly = (info?.rounding ?? 1) >= 10 ** exponent && minorUnits % 10 ** exponent === 0;
  return new Intl.NumberFormat(tag, {
    style: "currency",
    currency,
    minimumFractionDigits: wholeOnly ? 0 : exponent,
    maximumFractionDigits: wholeOnly ? 0 : exponent,
  }).format(minorUnits / 10 ** exponent);
}

export function formatDate(
  date: Date | number,
  tag: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
) {
  return new Intl.DateTimeFormat(tag, options).format(date);
}

/** Rounds a minor-unit amount to the currency's price rounding (whole kroner, cents, …). */
export function roundForCurrency(minorUnits: number, currency: string): number {
  const rounding = CURRENCIES[currency]?.rounding ?? 1;
  return Math.round(minorUnits / rounding) * rounding;
}

/** Who sells in a market, as an invoice names the seller: the legal entity and its VAT number there. */
export function sellerFor(marketCode: string) {
  return {
    ...SELLER,
    vatNumber: SELLER_VAT_NUMBERS[marketCode.toLowerCase()] ?? SELLER_VAT_NUMBERS.dk ?? "",
  };
}
export type Seller = ReturnType<typeof sellerFor>;
