import type { FastifyRequest } from "fastify";
import { HttpError } from "#kernel/errors.ts";

/**
 * The one guard for a member's own resources (orders, favourites, profile, addresses): a visitor who
 * is not logged in gets 401 `login_required`, which the storefront answers by sending them to log in.
 * Use it as the route's preHandler (`preHandler: requireMember("orders.error.login")`); the handler
 * then reads the member's id with `memberOf(request)`.
 */
export function requireMember(message: string) {
  return async (request: FastifyRequest) => {
    if (!request.user) throw new HttpError(401, "login_required", message);
  };
}

/** The logged-in member's id, for a handler behind `requireMember`. */
export function memberOf(request: FastifyRequest): number {
  if (!request.user) throw new HttpError(401, "login_required", "Log in first.");
  return request.user.id;
}
