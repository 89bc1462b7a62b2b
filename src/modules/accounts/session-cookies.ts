// The session cookie as request handlers use it: make an anonymous session on first need, rotate it
// at log-in, drop it at log-out. The server's session plugin reads the cookie on every request.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#kernel/session-user.ts";
import {
  createSession,
  destroySession,
  rotateSession,
  SESSION_COOKIE,
  SESSION_DAYS,
} from "./session.service.ts";

declare module "fastify" {
  interface FastifyRequest {
    sessionId: string | null;
    sessionData: Record<string, unknown>;
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
