import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError } from "#kernel/errors.ts";

/**
 * The catalogue API's guard (stock feed, search synonyms), as a route preHandler: the bearer token must be the configured one,
 * compared in constant time so the answer time tells nothing about it. Without a configured token
 * the API is off (404) rather than open.
 */
export function catalogueToken(expected: string | undefined) {
  return async (request: FastifyRequest) => {
    if (!expected) throw new HttpError(404, "not_found", "The catalogue API is not enabled.");
    const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "");
    const wanted = Buffer.from(expected);
    if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted))
      throw new HttpError(401, "unauthorized", "A valid catalogue API token is needed.");
  };
}
