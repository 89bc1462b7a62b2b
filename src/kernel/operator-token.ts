import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError } from "#kernel/errors.ts";

/**
 * The operator API's guard, as a route preHandler, like the stock feed's: the bearer token must be
 * the configured one (OPERATOR_API_TOKEN), compared in constant time. Without a configured token the
 * API is off (404) rather than open.
 */
export function operatorToken(expected: string | undefined) {
  return async (request: FastifyRequest) => {
    if (!expected) throw new HttpError(404, "not_found", "The operator API is not enabled.");
    const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "");
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted))
      throw new HttpError(401, "unauthorized", "A valid operator API token is needed.");
  };
}
