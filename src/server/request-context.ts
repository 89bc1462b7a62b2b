// Shared between the Fastify server and the React Router server build (kept external in the SSR
// build, see vite.config.ts), so loaders read the very context the server filled in.
import type { FastifyBaseLogger } from "fastify";
import { createContext } from "react-router";
import type { Database } from "#db/client.ts";
import type { Consent } from "#kernel/consent.ts";
import type { PageTexts } from "#kernel/page-texts.ts";
import type { SessionUser, VisitorOwner } from "#kernel/session-user.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import type { PublicAddresses } from "#modules/markets/public-addresses.ts";
import type { AppConfig } from "./config.ts";

/**
 * Who is shopping, where and in which language: what every read of a bag, favourites or checkout is
 * keyed by, assembled once per request instead of in each loader.
 */
export interface RequestShopper {
  /** The bag's and favourites' owner: the member when signed in, else the visitor's session. */
  owner: VisitorOwner;
  market: Market;
  locale: UiLocale;
}

export interface ShopRequestContext {
  requestId: string;
  /** The visitor's address as the server trusts it (behind a trusted proxy, the forwarded one). */
  clientIp: string;
  /** The request's own logger: every line carries its request id. */
  log: FastifyBaseLogger;
  config: AppConfig;
  database: Database;
  market: Market;
  locale: UiLocale;
  /** Null until the visitor has a session row. */
  sessionId: string | null;
  user: SessionUser | null;
  shopper: RequestShopper;
  csrfToken: string;
  /**
   * The shop's configured address for this page (the configured host it was asked on, else its
   * market's): what the page's own links are built on, never the request's URL or headers.
   */
  publicUrl: string;
  /** Every configured address (PUBLIC_URL and the market hosts), for links to other markets. */
  publicAddresses: PublicAddresses;
  cspNonce: string;
  /**
   * The page may be kept in the page cache (an anonymous visitor's public page, decision 0051): it
   * carries nothing personal (log-in state, bag and favourites counts, CSRF token); the browser
   * reads those from `GET /api/shell/`.
   */
  personalFromBrowser: boolean;
  /**
   * A document's long JSON texts, written beside its data rather than in it (decision 0098); null
   * for a page data call, whose texts go in its data.
   */
  pageTexts: PageTexts | null;
  /** The shopper's answer in the consent cookie (kernel/consent.ts); nothing optional until given. */
  consent: Consent;
  /** True when the preview header or cookie asks for unpublished content. */
  preview: boolean;
  /** Reports an unexpected error of a page's loader, action or render (Sentry, when configured). */
  reportError(error: unknown): void;
}

export const shopContext = createContext<ShopRequestContext>();
