import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "#server/plugins/errors.ts";
import { getOrder, listOrders } from "./orders.service.ts";

/** Orders are a member's own: a visitor who is not logged in gets 401. */
function memberId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError(401, "login_required", "orders.error.login");
  return request.user.id;
}

/** The member area's order calls. */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["orders"];

  app.get(
    "/v1.1/orders/",
    { schema: { tags, summary: "The member's orders: active_orders and completed_orders, newest first" } },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listOrders(db, memberId(request));
    },
  );

  app.get(
    "/v1.1/orders/:order_number/",
    {
      schema: {
        tags,
        summary: "One of the member's orders by its number (ST…); any other answers invalid_id",
        params: z.object({ order_number: z.string().max(20) }),
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getOrder(db, memberId(request), request.params.order_number);
    },
  );
}
