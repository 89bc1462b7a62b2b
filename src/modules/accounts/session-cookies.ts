// The session cookie as request handlers use it: make an anonymous session when the visitor first
// stores something (a bag, a heart, a sign-up, an order lookup), rotate it at log-in, drop it at
// log-out. The server's session plugin reads the cookie on every request, from this process's cache
// of loaded sessions when it can (decision 0048).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#kernel/session-user.ts";
import {
  createSession,
  destroySession,
  rotateSession,
  SESSION_COOKIE,
  SESSION_DAYS,
} from "./session.service.ts";
import type { SessionCache } from "./session-cache.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The sessions this process has loaded, trusted for a few seconds (the revocation bound). */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    sessionId: string | null;
    user: SessionUser | null;
  }
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

/**
 * The visitor's session id, creating an anonymous session (and its cookie) when there is none. Only
 * calls that store something in the session call it (Django's rule: a session is saved when it holds
 * something): a visitor who only looks has no session row.
 */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  if (request.sessionId) return request.sessionId;
  const { token, id } = await createSession(request.server.database.db, null);
  request.sessionId = id;
  setSessionCookie(request, reply, token);
  return id;
}

/** Log-in: a new session id for this member; the bag and favourites carry over. */
export async function startMemberSession(request: FastifyRequest, reply: FastifyReply, user: SessionUser) {
  const previous = request.sessionId;
  const { token, id } = await rotateSession(request.server.database.db, previous, user.id);
  if (previous) request.server.sessions.forget(previous);
  request.sessionId = id;
  request.user = user;
  setSessionCookie(request, reply, token);
}

/** Log-out: the session row is deleted; a new anonymous one is made only when needed. */
export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionId) {
    await destroySession(request.server.database.db, request.sessionId);
    request.server.sessions.forget(request.sessionId);
  }
  request.sessionId = null;
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/**
 * The member's account changed (name, address, validation) or their sessions ended (password reset,
 * deletion): this process reads their sessions again on their next request. Other processes follow
 * within the cache's bound.
 */
export function memberChanged(request: FastifyRequest, userId: number) {
  request.server.sessions.forgetMember(userId);
}
