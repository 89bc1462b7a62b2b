import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createSession,
  destroySession,
  loadSession,
  rotateSession,
  SESSION_COOKIE,
  SESSION_DAYS,
  touchSession,
} from "#modules/accounts/session.service.ts";
import type { SessionUser } from "../request-context.ts";

declare module "fastify" {
  interface FastifyRequest {
    sessionId: string | null;
    sessionData: Record<string, unknown>;
    user: SessionUser | null;
  }
}

/** Paths that never need a session: static files and probes. */
export function isSessionless(url: string): boolean {
  return (
    url.startsWith("/assets/") ||
    url.startsWith("/healthz") ||
    url.startsWith("/readyz") ||
    url.startsWith("/media/") ||
    url === "/favicon.ico" ||
    url.startsWith("/api/docs")
  );
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.server.config.secureCookies,
    maxAge: SESSION_DAYS * 86_400,
  });
}

/** The visitor's session id, creating an anonymous session (and its cookie) when there is none. */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  if (request.sessionId) return request.sessionId;
  const { token, id } = await createSession(request.server.database.db, null);
  request.sessionId = id;
  setSessionCookie(request, reply, token);
  return id;
}

/** Log-in: a new session id for this member; the bag and favourites carry over. */
export async function startMemberSession(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
  const { token, id } = await rotateSession(request.server.database.db, request.sessionId, user.id);
  request.sessionId = id;
  request.user = user;
  setSessionCookie(request, reply, token);
}

/** Log-out: the session row is deleted; a new anonymous one is made only when needed. */
export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionId) await destroySession(request.server.database.db, request.sessionId);
  request.sessionId = null;
  request.user = null;
  request.sessionData = {};
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
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
