import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { policyParams, policyQuery, policyResponse } from "./policies.contract.ts";
import { policyHtml, policyPdf, supplierPolicy } from "./policies.service.ts";

/**
 * `GET /policies/{supplier}/`: a supplier's terms of sale as HTML for the slide-out panel, or with
 * `?format=pdf` as a PDF to keep. `/policies/privacy/` is a page of the storefront, not a supplier.
 */
export async function policiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  app.get(
    "/policies/:supplier(^(?!privacy$)[a-z0-9-]{1,40}$)/",
    {
      schema: {
        tags: ["content"],
        summary: "A supplier's terms of sale: sanitised HTML, or a PDF with ?format=pdf",
        params: policyParams,
        querystring: policyQuery,
        response: { 200: policyResponse },
      },
    },
    async (request, reply) => {
      const policy = await supplierPolicy(db, request.params.supplier, request.locale);
      reply.header("cache-control", "public, max-age=300");
      if (request.query.format === "pdf") {
        const pdf = await policyPdf(policy);
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="terms-${request.params.supplier}.pdf"`)
          .send(pdf);
      }
      return reply.type("text/html; charset=utf-8").send(policyHtml(policy));
    },
  );
}
