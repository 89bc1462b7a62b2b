import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorOutput } from "#modules/accounts/accounts.contract.ts";
import { memberOf, requireMember } from "#modules/accounts/require-member.ts";
import { invoiceLink, invoicePdf } from "./invoice.service.ts";
import {
  invoiceDownloadOutput,
  invoicePdfResponse,
  orderListOutput,
  orderNumberParams,
  orderOutput,
  pdfAttachmentResponse,
} from "./orders.contract.ts";
import { getOrder, listOrders } from "./orders.service.ts";
import {
  returnableOutput,
  returnCreatedOutput,
  returnRequestInput,
  returnSlipParams,
} from "./returns.contract.ts";
import { requestReturn, returnableLines, returnSlip } from "./returns.service.ts";
import { lifecycleDeps } from "./shipment-lifecycle.service.ts";

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

  const deps = lifecycleDeps(fastify.jobs, fastify.publicAddresses.forMarket);

  app.get(
    "/v1.1/orders/:order_number/returns/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary:
          "What of an order may be returned: lines of delivered own-warehouse packages within the window, and its returns",
        params: orderNumberParams,
        response: { 200: returnableOutput },
      },
    },
    async (request) => returnableLines(db, memberOf(request), request.params.order_number),
  );

  app.post(
    "/v1.1/orders/:order_number/returns/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary:
          "Return goods of a delivered package of the shop's own warehouse within 100 days: the return slip is mailed",
        params: orderNumberParams,
        body: returnRequestInput,
        response: { 201: returnCreatedOutput, 400: errorOutput, 404: errorOutput, 409: errorOutput },
      },
    },
    async (request, reply) => {
      const created = await requestReturn(
        db,
        deps,
        memberOf(request),
        request.params.order_number,
        request.body,
      );
      return reply.code(201).send({ success: true as const, return: created });
    },
  );

  app.get(
    "/v1.1/orders/:order_number/returns/:return_id/slip/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "The printable return slip of one of the member's returns (PDF)",
        params: returnSlipParams,
        response: {
          200: pdfAttachmentResponse("The return slip"),
        },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await returnSlip(
        db,
        memberOf(request),
        request.params.order_number,
        request.params.return_id,
        deps.publicUrlFor,
      );
      return sendPdfAttachment(reply, filename, pdf);
    },
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
      return sendPdfAttachment(reply, filename, pdf);
    },
  );
}

/** Answers a PDF as a download under its file name (the invoice, a return slip). */
const sendPdfAttachment = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply.type("application/pdf").header("content-disposition", `attachment; filename="${filename}"`).send(pdf);
