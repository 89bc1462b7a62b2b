import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberOf, requireMember } from "#modules/accounts/require-member.ts";
import { invoiceLink, invoicePdf } from "./invoice.service.ts";
import {
  invoiceDownloadOutput,
  invoicePdfResponse,
  orderListOutput,
  orderNumberParams,
  orderOutput,
} from "./orders.contract.ts";
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

  app.get(
    "/checkout/invoice_download/:order_number/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "Where the invoice of one of the member's orders is: { success, invoice } (the PDF's URL)",
        params: orderNumberParams,
        response: { 200: invoiceDownloadOutput },
      },
    },
    async (request) =>
      invoiceLink(
        db,
        memberOf(request),
        request.params.order_number,
        fastify.publicAddresses.forRequest(request.headers.host, request.market.code),
      ),
  );

  app.get(
    "/checkout/invoice/:order_number.pdf",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "The invoice of one of the member's orders, as a PDF in the order's language and currency",
        params: orderNumberParams,
        response: { 200: invoicePdfResponse },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await invoicePdf(db, memberOf(request), request.params.order_number);
      // Cache-Control: private, no-store comes with every answer under /checkout/ (private-answers.ts).
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
}
