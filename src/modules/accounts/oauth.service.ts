import crypto from "node:crypto";
import type { Db } from "#db/client.ts";
import { sameOriginPath } from "#kernel/redirect-target.ts";
import type { SessionUser } from "#kernel/session-user.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { findOrCreateOAuthUser } from "./accounts.service.ts";

/** A social sign-in provider (OpenID Connect style), as the operator configures it. */
export interface OAuthProvider {
  /** Shown on the social sign-in button, and stored with the member it signs in. */
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/**
 * The state travels to the provider and back in the address, and is kept in this cookie meanwhile:
 * a callback whose state is not the cookie's was not started by this browser.
 */
export const OAUTH_STATE_COOKIE = "oauth_state";
export const OAUTH_STATE_PATH = "/api/auth/oauth/";
export const OAUTH_STATE_SECONDS = 600;

/**
 * Where the visitor goes after signing in (the log-in page's `next`), kept beside the state for the
 * round trip. It never travels to the provider, and it is checked as a same-origin path (decision
 * 0021) both when it is kept and when it is followed, so neither the provider nor a planted cookie
 * can send the member away from the shop.
 */
export const OAUTH_NEXT_COOKIE = "oauth_next";
export const AFTER_SIGN_IN = "/account/home/";

/** The page to land on after social sign-in: `next` when it stays on the shop, else the member's home. */
export function signInTarget(next: string | null | undefined): string {
  return sameOriginPath(next) ?? AFTER_SIGN_IN;
}

/** The log-in page a failed social sign-in returns to, saying why and keeping where the visitor was going. */
export function signInFailedUrl(failure: SignInFailure, next: string | null | undefined): string {
  const target = sameOriginPath(next);
  const query = new URLSearchParams({ oauth_error: failure });
  if (target && target !== AFTER_SIGN_IN) query.set("next", target);
  return `/account/login/?${query}`;
}

/** A provider that does not answer in this time fails the sign-in instead of holding the request. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Where to send the visitor to sign in at the provider, and the fresh state the callback must bring. */
export function authorizeUrl(provider: OAuthProvider, callbackUrl: string): { url: string; state: string } {
  const state = crypto.randomBytes(24).toString("base64url");
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", callbackUrl);
  url.searchParams.set("scope", provider.scope);
  url.searchParams.set("state", state);
  return { url: url.toString(), state };
}

/** Why a sign-in did not happen; the log-in page explains each (`?oauth_error=`). */
export type SignInFailure = "state" | "profile" | "provider";

interface Profile {
  sub?: string;
  email?: string;
  name?: string;
  email_verified?: boolean;
}

/**
 * The provider's callback. The state must be the one this browser was given at the start (otherwise
 * someone could log the visitor in to an account of theirs); the code is exchanged for a token and the
 * token for the profile; a profile with an address the provider has not verified is refused, since
 * the address is what matches an existing member. Then the member is found or made.
 * Returns the member, or why not; a provider that fails or does not answer throws.
 */
export async function completeSignIn(
  db: Db,
  provider: OAuthProvider,
  callback: {
    /** The code and state the provider sent back. */
    code?: string | undefined;
    state?: string | undefined;
    /** The state this browser was given at the start (its cookie). */
    expectedState?: string | undefined;
    callbackUrl: string;
  },
  context: { locale: UiLocale; market: string },
): Promise<{ user: SessionUser } | { failed: SignInFailure }> {
  const { code, state, expectedState } = callback;
  if (!code || !state || !expectedState || state !== expectedState) return { failed: "state" };
  const accessToken = await exchangeCode(provider, code, callback.callbackUrl);
  const profile = await fetchProfile(provider, accessToken);
  if (!profile?.sub || !profile.email || profile.email_verified === false) return { failed: "profile" };
  const user = await findOrCreateOAuthUser(
    db,
    { provider: provider.name, subject: profile.sub, email: profile.email, name: profile.name ?? "" },
    context,
  );
  return { user };
}

async function exchangeCode(provider: OAuthProvider, code: string, callbackUrl: string): Promise<string> {
  const response = await fetch(provider.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: callbackUrl,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const tokens = (await response.json()) as { access_token?: string };
  if (!response.ok || !tokens.access_token) throw new Error(`token exchange answered ${response.status}`);
  return tokens.access_token;
}

/** The profile, or null when the provider will not give it for this token. */
async function fetchProfile(provider: OAuthProvider, accessToken: string): Promise<Profile | null> {
  const response = await fetch(provider.userInfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const profile = (await response.json()) as Profile;
  return response.ok ? profile : null;
}
