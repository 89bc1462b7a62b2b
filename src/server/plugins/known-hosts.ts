import type { PublicAddresses } from "#modules/markets/public-addresses.ts";
import { ANSWERED, type RequestSteps } from "../request-steps.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answered on any Host: the health probes, which load balancers call by the process's address. */
    anyHost?: boolean;
  }
}

/**
 * In production the shop answers only on its configured hosts (PUBLIC_URL's host and the
 * MARKET_HOSTS hosts, as the Host header names them; X-Forwarded-Host is never read). Any other Host
 * is refused with 400 `unknown_host` before the shop looks at cookies, sessions or the route. Outside
 * production every host is served, for development on any address.
 */
export function registerKnownHosts(steps: RequestSteps, addresses: PublicAddresses, production: boolean) {
  if (!production) return;
  steps.onArrival(function knownHost(request, reply) {
    if (addresses.isKnownHost(request.headers.host) || request.routeOptions.config?.anyHost) return;
    reply.status(400).send({
      error: "unknown_host",
      message: "This shop is not served on that address.",
      request_id: request.id,
    });
    return ANSWERED;
  });
}
