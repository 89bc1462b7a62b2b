// Shared between the Fastify server and the React Router server build (kept external in the SSR
// build, see vite.config.ts), so loaders read the very context the server filled in.
import { createContext } from "react-router";
import type { Database } from "#db/client.ts";
import type { Market, UiLocale } from "#modules/markets/markets.service.ts";
import type { AppConfig } from "./config.ts";

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  emailValidated: boolean;
}

export interface ShopRequestContext {
  requestId: string;
  config: AppConfig;
  database: Database;
  market: Market;
  locale: UiLocale;
  /** Null until the visitor has a session row. */
  sessionId: string | null;
  user: SessionUser | null;
  csrfToken: string;
  cspNonce: string;
  /** Consent given in the cookie_consent cookie (comma-separated: statistics, marketing). */
  consent: { statistics: boolean; marketing: boolean };
  /** True when the preview header or cookie asks for unpublished content. */
  preview: boolean;
}

export const shopContext = createContext<ShopRequestContext>();
