import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyRequest {
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /** Calls from outside the browser (payment notifications) set this and prove themselves otherwise. */
    csrfExempt?: boolean;
  }
}

function sign(secret: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(`csrf:${value}`).digest("base64url").slice(0, 22);
}

export function issueCsrfToken(secret: string): string {
  const value = crypto.randomBytes(18).toString("base64url");
  return `${value}.${sign(secret, value)}`;
}

/** A token is ours when its signature matches: a cookie tossed in from a sibling domain is not. */
export function isValidCsrfToken(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [value, signature] = token.split(".");
  if (!value || !signature) return false;
  const expected = sign(secret, value);
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
 * must be this shop.
 */
export function registerCsrf(app: FastifyInstance) {
  const { sessionSecret, trustedOrigins } = app.config;

  app.decorateRequest("csrfToken", "");

  const originAllowed = (request: FastifyRequest): boolean => {
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return true;
    let origin: string;
    try {
      origin = new URL(source).origin;
    } catch {
      return false;
    }
    if (origin === "null") return false;
    const own = new URL(`${request.protocol}://${request.host}`).origin;
    return origin === own || trustedOrigins.includes(origin);
  };

  app.addHook("onRequest", (request, reply, done) => {
    const cookie = request.cookies[CSRF_COOKIE];
    // Safe methods only remember the cookie; it is checked (and a missing one issued) where it matters.
    if (!UNSAFE_METHODS.has(request.method)) {
      if (cookie) request.csrfToken = cookie;
      return done();
    }
    if (request.routeOptions.config?.csrfExempt) return done();
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!isValidCsrfToken(sessionSecret, cookie) || !sent || !sameToken(sent, cookie)) {
      reply.status(403).send({
        error: "csrf_failed",
        message: "CSRF token missing or incorrect.",
        request_id: request.id,
      });
      return;
    }
    if (!originAllowed(request)) {
      reply
        .status(403)
        .send({ error: "csrf_failed", message: "Origin not allowed.", request_id: request.id });
      return;
    }
    request.csrfToken = cookie;
    done();
  });
}

/**
 * Pages (and GET /api/csrf/) hand out the token: a visitor without a valid one gets a new cookie.
 */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  if (isValidCsrfToken(request.server.config.sessionSecret, request.csrfToken || undefined))
    return request.csrfToken;
  return rotateCsrfToken(request, reply);
}

/** After log-in the token changes too, as Django does. */
export function rotateCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const { sessionSecret, secureCookies } = request.server.config;
  request.csrfToken = issueCsrfToken(sessionSecret);
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
