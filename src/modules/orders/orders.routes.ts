import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberOf, requireMember } from "#modules/accounts/require-member.ts";
import { orderListOutput, orderOutput } from "./orders.contract.ts";
import { getOrder, listOrders } from "./orders.service.ts";

/** The member area's order calls. */
export async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const memberOnly = requireMember("orders.error.login");
  const tags = ["orders"];

  app.get(
    "/v1.1/orders/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "The member's orders: active_orders and completed_orders, newest first",
        response: { 200: orderListOutput },
      },
    },
    async (request) => listOrders(db, memberOf(request)),
  );

  app.get(
    "/v1.1/orders/:order_number/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "One of the member's orders by its number (ST…); any other answers invalid_id",
        params: z.object({ order_number: z.string().max(20) }),
        response: { 200: orderOutput },
      },
    },
    async (request) => getOrder(db, memberOf(request), request.params.order_number),
  );
}
