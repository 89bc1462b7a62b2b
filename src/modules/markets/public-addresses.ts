import { getMarket, hostnameOf } from "./markets.service.ts";

/** The base URL (scheme, host, port; no trailing slash) that a market's links are built on. */
export type PublicUrlFor = (market: string) => string;

/** One MARKET_HOSTS entry with the address its links are built on. */
export interface MarketHostAddress {
  host: string;
  market: string;
  url: string;
}

/**
 * Where shoppers reach the shop, from configuration only (PUBLIC_URL and MARKET_HOSTS): every link the
 * shop hands out (mail, API answers, pages, the social sign-in's return address) is built on one of
 * these, never on a request's Host, X-Forwarded-Host or Origin. A request's Host header may pick one
 * of these addresses; its own value never becomes part of a link.
 */
export interface PublicAddresses {
  /** PUBLIC_URL as an origin: the address of every market without a host of its own. */
  readonly publicUrl: string;
  /** Each MARKET_HOSTS host on PUBLIC_URL's scheme and port, in the order configured. */
  readonly hosts: readonly MarketHostAddress[];
  /** A market's address: its first host in MARKET_HOSTS, else PUBLIC_URL. For mail. */
  readonly forMarket: PublicUrlFor;
  /**
   * The address of the configured host a request came to (PUBLIC_URL's host or a market host, as the
   * Host header names it), else its market's. For links the shopper's browser follows at once
   * (a list's next page, the social sign-in's return), which must stay on the host that holds the
   * shopper's cookies.
   */
  forRequest(hostHeader: string | undefined, market: string): string;
  /** Whether a Host header names PUBLIC_URL's host or a MARKET_HOSTS host (any port, any case). */
  isKnownHost(hostHeader: string | undefined): boolean;
}

/** A PUBLIC_URL or MARKET_HOSTS value the shop cannot build links on; the process does not start. */
export class PublicAddressError extends Error {}

function parsePublicUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublicAddressError(`PUBLIC_URL is not a URL: "${raw}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new PublicAddressError(`PUBLIC_URL must start with https:// or http://, not "${raw}".`);
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash)
    throw new PublicAddressError(
      `PUBLIC_URL is the shop's origin only (scheme, host and port, e.g. https://pitchside.example), not "${raw}".`,
    );
  return url;
}

function parseHost(raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(`http://${raw}`);
  } catch {
    url = undefined;
  }
  if (!url || url.port || url.username || url.password || url.pathname !== "/" || url.search || url.hash)
    throw new PublicAddressError(
      `MARKET_HOSTS names host names without scheme, port or path (e.g. pitchside.de=de), not "${raw}".`,
    );
  return hostnameOf(url.hostname);
}

/**
 * The shop's public addresses from PUBLIC_URL and the MARKET_HOSTS map (host → market code). A market
 * host is served on PUBLIC_URL's scheme and port; a market named by several hosts gets links on the
 * first. Throws PublicAddressError for a value links cannot be built on, or an unknown market.
 */
export function publicAddresses(publicUrl: string, hostMarkets: Record<string, string>): PublicAddresses {
  const base = parsePublicUrl(publicUrl);
  const origin = base.origin;
  const port = base.port ? `:${base.port}` : "";
  const publicHost = hostnameOf(base.hostname);
  const hosts: MarketHostAddress[] = [];
  const byHost = new Map<string, string>();
  const byMarket = new Map<string, string>();
  for (const [rawHost, rawMarket] of Object.entries(hostMarkets)) {
    const host = parseHost(rawHost);
    const market = getMarket(rawMarket)?.code;
    if (!market)
      throw new PublicAddressError(`MARKET_HOSTS names an unknown market "${rawMarket}" for ${rawHost}.`);
    const url = `${base.protocol}//${host}${port}`;
    hosts.push({ host, market, url });
    byHost.set(host, url);
    if (!byMarket.has(market)) byMarket.set(market, url);
  }
  const forMarket: PublicUrlFor = (market) => byMarket.get(market.toLowerCase()) ?? origin;
  return {
    publicUrl: origin,
    hosts,
    forMarket,
    forRequest(hostHeader, market) {
      const host = hostnameOf(hostHeader);
      if (host === publicHost) return origin;
      return byHost.get(host) ?? forMarket(market);
    },
    isKnownHost(hostHeader) {
      const host = hostnameOf(hostHeader);
      return host !== "" && (host === publicHost || byHost.has(host));
    },
  };
}
