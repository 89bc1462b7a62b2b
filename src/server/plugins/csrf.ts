import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { hashToken, SESSION_COOKIE } from "#modules/accounts/session.service.ts";
import { ANSWERED, type RequestSteps } from "../request-steps.ts";
import { isSessionless } from "./session.ts";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyRequest {
    csrfToken: string;
    /** The session the visitor's CSRF token is bound to: its id, or "" for none. */
    csrfBinding: string;
  }
  interface FastifyContextConfig {
    /** Calls from outside the browser (payment notifications) set this and prove themselves otherwise. */
    csrfExempt?: boolean;
  }
}

/**
 * The signature covers the session the token was issued for (its id, the hash of the session
 * cookie; "" before the visitor has a session), so a token is worth nothing in any other session:
 * one captured before log-in is refused after it, because log-in gives the visitor a new session.
 */
function sign(secret: string, binding: string, value: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`csrf:${binding}:${value}`)
    .digest("base64url")
    .slice(0, 22);
}

/** A new token for the session `binding` (a session id, or "" for a visitor without a session). */
export function issueCsrfToken(secret: string, binding = ""): string {
  const value = crypto.randomBytes(18).toString("base64url");
  return `${value}.${sign(secret, binding, value)}`;
}

/** The session a session cookie stands for, as tokens are bound to it ("" without a cookie). */
export const csrfBindingOfCookie = (sessionCookie: string | undefined): string =>
  sessionCookie ? hashToken(sessionCookie) : "";

/**
 * A token is ours, and for this session, when its signature matches: a cookie tossed in from a
 * sibling domain is not, nor is a token issued for another session (or before log-in).
 */
export function isValidCsrfToken(secret: string, token: string | undefined, binding = ""): token is string {
  if (!token) return false;
  const [value, signature] = token.split(".");
  if (!value || !signature) return false;
  const expected = sign(secret, binding, value);
  return (
    signature.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

function sameToken(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Django's dialect, as the storefront's calls expect: the token lives in the csrftoken cookie and
 * comes back in the X-CSRFToken header on every state-changing request; the Origin (or Referer)
 * must be this shop, and one of them must be there. The token is bound to the session and is
 * replaced whenever the session changes (log-in, sign-up, log-out, a first session): decision 0025.
 */
export function registerCsrf(app: FastifyInstance, steps: RequestSteps) {
  const { sessionSecret, trustedOrigins } = app.config;

  app.decorateRequest("csrfToken", "");
  app.decorateRequest("csrfBinding", "");

  const originAllowed = (request: FastifyRequest): boolean => {
    // Every browser sends Origin on a state-changing request (Referer as well, unless told not to):
    // a request with neither is not from a page of this shop.
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return false;
    let origin: string;
    try {
      origin = new URL(source).origin;
    } catch {
      return false;
    }
    if (origin === "null") return false;
    if (trustedOrigins.includes(origin)) return true;
    // The shop's own origin is the Host header the request came with (in production one of the
    // configured hosts), never X-Forwarded-Host; the scheme may come from a trusted proxy.
    const host = request.headers.host;
    if (!host) return false;
    try {
      return origin === new URL(`${request.protocol}://${host}`).origin;
    } catch {
      return false;
    }
  };

  steps.onArrival(function csrf(request, reply) {
    // The session the browser's token must be bound to: the session cookie it sent, alive or not
    // (the session hook has already loaded a live one; a dead one is still the browser's).
    const sessionCookie = request.cookies[SESSION_COOKIE];
    request.csrfBinding =
      request.sessionId ??
      (sessionCookie && !isSessionless(request.url) ? csrfBindingOfCookie(sessionCookie) : "");
    const cookie = request.cookies[CSRF_COOKIE];
    // Safe methods only remember the cookie; it is checked (and a missing one issued) where it matters.
    if (!UNSAFE_METHODS.has(request.method)) {
      if (cookie) request.csrfToken = cookie;
      return;
    }
    if (request.routeOptions.config?.csrfExempt) return;
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!isValidCsrfToken(sessionSecret, cookie, request.csrfBinding) || !sent || !sameToken(sent, cookie)) {
      reply.status(403).send({
        error: "csrf_failed",
        message: "CSRF token missing or incorrect.",
        request_id: request.id,
      });
      return ANSWERED;
    }
    if (!originAllowed(request)) {
      reply
        .status(403)
        .send({ error: "csrf_failed", message: "Origin not allowed.", request_id: request.id });
      return ANSWERED;
    }
    request.csrfToken = cookie;
  });

  // Whenever a request changed the visitor's session (a first session, log-in, sign-up, log-out, a
  // dead session dropped), the answer carries a new token bound to the new session; the old one is
  // refused from now on. The browser reads the cookie at every call, so it sends the new one next.
  steps.onAnswer(function newCsrfToken(request, reply) {
    if ((request.sessionId ?? "") !== request.csrfBinding) rotateCsrfToken(request, reply);
  });
}

/**
 * Pages (and GET /api/csrf/) hand out the token: a visitor without a valid one for their current
 * session gets a new cookie.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  // A request that does not read the session (the route manifest, fetched while the shopper acts)
  // cannot tell which session the token is for: it leaves the cookie as it is.
  if (isSessionless(request.url)) return request.csrfToken;
  const binding = request.sessionId ?? "";
  if (isValidCsrfToken(request.server.config.sessionSecret, request.csrfToken || undefined, binding)) {
    request.csrfBinding = binding;
    return request.csrfToken;
  }
  return rotateCsrfToken(request, reply);
}

/** A new token for the visitor's current session, as Django does after log-in. */
export function rotateCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const { sessionSecret, secureCookies } = request.server.config;
  request.csrfBinding = request.sessionId ?? "";
  request.csrfToken = issueCsrfToken(sessionSecret, request.csrfBinding);
  reply.setCookie(CSRF_COOKIE, request.csrfToken, {
    path: "/",
    sameSite: "lax",
    secure: secureCookies,
    httpOnly: false,
    maxAge: 365 * 86_400,
  });
  return request.csrfToken;
}

export function registerCsrfTokenRoute(app: FastifyInstance) {
  app.get(
    "/api/csrf/",
    {
      schema: {
        tags: ["session"],
        summary: "The CSRF token for the X-CSRFToken header (also set as the csrftoken cookie)",
        response: { 200: z.object({ csrf_token: z.string() }) },
      },
    },
    async (request, reply) => ({ csrf_token: ensureCsrfCookie(request, reply) }),
  );
}
