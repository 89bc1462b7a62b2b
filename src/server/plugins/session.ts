import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
// The request fields the session fills (sessionId, sessionData, user) are declared beside the cookie helpers.
import "#modules/accounts/session-cookies.ts";
import { loadSession, SESSION_COOKIE, touchSession } from "#modules/accounts/session.service.ts";

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

export function registerSessions(app: FastifyInstance) {
  const { db } = app.database;

  app.decorateRequest("sessionId", null);
  app.decorateRequest("sessionData", null as unknown as Record<string, unknown>);
  app.decorateRequest("user", null);

  const attachSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const session = await loadSession(db, token);
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return;
    }
    request.sessionId = session.id;
    request.user = session.user;
    request.sessionData = session.data;
    await touchSession(db, session);
  };
  // Only a request that carries a session cookie waits for the database.
  app.addHook("onRequest", (request, reply, done) => {
    request.sessionData = {};
    const token = isSessionless(request.url) ? undefined : request.cookies[SESSION_COOKIE];
    if (!token) return done();
    attachSession(request, reply, token).then(() => done(), done);
  });
}
