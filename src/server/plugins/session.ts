import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSessionCache } from "#modules/accounts/session-cache.ts";
// The request fields the session fills (sessionId, user) are declared beside the cookie helpers.
import "#modules/accounts/session-cookies.ts";
import {
  hashToken,
  type LoadedSession,
  loadSession,
  SESSION_COOKIE,
  touchSession,
} from "#modules/accounts/session.service.ts";
import type { RequestSteps } from "../request-steps.ts";

/**
 * Paths that never need a session: static files (and the interface texts), probes and metrics, and the storefront's route manifest (fetched
 * in the background while the shopper acts: answering it with a new session would overwrite the
 * cookie a log-in sets at the same moment).
 */
export function isSessionless(url: string): boolean {
  return (
    url.startsWith("/__manifest") ||
    url.startsWith("/assets/") ||
    url.startsWith("/i18n/") ||
    url.startsWith("/healthz") ||
    url.startsWith("/readyz") ||
    url.startsWith("/metrics") ||
    url.startsWith("/media/") ||
    url === "/favicon.ico" ||
    url.startsWith("/api/docs")
  );
}

/**
 * The session of each request, from the session cookie. A session this process loaded less than
 * SESSION_CACHE_SECONDS ago is taken from memory: an ordinary request reads no session row; a load
 * (and the sliding expiry's rare write) happens once per session and bound (decision 0048).
 */
export function registerSessions(app: FastifyInstance, steps: RequestSteps) {
  const { db } = app.database;
  const cache = createSessionCache({
    ttlMs: app.config.sessionCacheSeconds * 1000,
    now: () => app.clock().getTime(),
  });
  app.decorate("sessions", cache);

  app.decorateRequest("sessionId", null);
  app.decorateRequest("user", null);

  const attach = (request: FastifyRequest, reply: FastifyReply, session: LoadedSession | null) => {
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return;
    }
    request.sessionId = session.id;
    request.user = session.user;
  };
  const load = async (request: FastifyRequest, reply: FastifyReply, token: string, id: string) => {
    const found = await loadSession(db, token);
    const session = found && (await touchSession(db, found));
    cache.set(id, session);
    attach(request, reply, session);
  };
  // Only a request whose session this process has not loaded within the bound waits for the database.
  steps.onArrival(function session(request, reply) {
    // The cookie first: most requests without one never need the address looked at.
    const token = request.cookies[SESSION_COOKIE];
    if (!token || isSessionless(request.url)) return;
    const id = hashToken(token);
    const cached = cache.get(id);
    if (cached !== undefined) {
      attach(request, reply, cached);
      return;
    }
    return load(request, reply, token, id);
  });
}
