import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ensureSession } from "#modules/accounts/session-cookies.ts";
import {
  guestOrderParams,
  orderLookupInput,
  orderLookupOutput,
  orderTokenParams,
} from "./order-lookup.contract.ts";
import { lookUpOrder, orderByGrant, orderByToken } from "./order-lookup.service.ts";
import { orderOutput } from "./orders.contract.ts";

/** A guest's read-only ways to an order: the lookup form and the confirmation mail's link. */
export async function orderLookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["orders"];

  app.post(
    "/v1.1/orders/lookup/",
    {
      schema: {
        tags,
        summary:
          "Order number and e-mail: lets this session read the order for 30 minutes (404 invalid_id for any mismatch, 429 when over the limits)",
        body: orderLookupInput,
        response: { 200: orderLookupOutput },
      },
    },
    async (request, reply) =>
      lookUpOrder(db, {
        orderNumber: request.body.order_number,
        email: request.body.email,
        ip: request.ip,
        sessionId: () => ensureSession(request, reply),
      }),
  );

  app.get(
    "/v1.1/orders/guest/:order_number/",
    {
      schema: {
        tags,
        summary: "An order this session looked up in the last 30 minutes (read-only); otherwise invalid_id",
        params: guestOrderParams,
        response: { 200: orderOutput },
      },
    },
    async (request) => orderByGrant(db, request.sessionId, request.params.order_number),
  );

  app.get(
    "/v1.1/orders/view/:token/",
    {
      schema: {
        tags,
        summary:
          "The order the confirmation mail's token names (read-only, no session needed); otherwise invalid_id",
        params: orderTokenParams,
        response: { 200: orderOutput },
      },
    },
    async (request) => orderByToken(db, request.params.token, request.ip),
  );
}
