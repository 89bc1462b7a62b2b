import type { UiLocale } from "#modules/markets/markets.data.ts";

export interface SeoInput {
  /** The shop's configured address for this page (never the request's). */
  origin: string;
  pathname: string;
  search?: string;
  locale: UiLocale;
  localeTag: string;
  /** Each market host with its configured address (PUBLIC_URL's scheme and port). */
  hostMarkets: { host: string; market: string; locale: UiLocale; tag: string; url: string }[];
}

/**
 * Canonical and alternate links. Each market's host (MARKET_HOSTS) is an hreflang alternate of the
 * same path; without a host map, the one origin is canonical for every market (see
 * docs/decisions/0006-hreflang.md).
 */
export function seoLinks({ origin, pathname, search, hostMarkets }: SeoInput) {
  const keep = new URLSearchParams(search ?? "");
  const page = keep.get("page");
  const q = keep.get("q");
  const canonicalQuery = new URLSearchParams();
  if (q) canonicalQuery.set("q", q);
  if (page && page !== "1") canonicalQuery.set("page", page);
  const suffix = canonicalQuery.size ? `?${canonicalQuery}` : "";
  const canonical = `${origin}${pathname}${suffix}`;
  const alternates = hostMarkets.map((entry) => ({
    hrefLang: entry.tag,
    href: `${entry.url}${pathname}${suffix}`,
  }));
  if (alternates.length) alternates.push({ hrefLang: "x-default", href: canonical });
  return { canonical, alternates };
}
