import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { stockEntrySchema } from "./product.contract.ts";
import { getAvailability, getProductMessages } from "./product.service.ts";

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The product page's own calls: stock per size, product messages, cards by id. */
export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["product"];

  app.get(
    "/api/availability/:id/",
    {
      schema: {
        tags,
        summary: "A product's sizes with stock, supplier and delivery, read now",
        params: idParam,
        response: { 200: z.array(stockEntrySchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getAvailability(db, request.params.id, request.market.currency);
    },
  );

  app.get(
    "/api/productmessage/:id/",
    {
      schema: {
        tags,
        summary: "Notices shown on a product page",
        params: idParam,
        response: { 200: z.array(z.object({ id: z.number().int(), text: z.string() })) },
      },
    },
    async (request) => getProductMessages(db, request.params.id, request.locale),
  );

  app.get(
    "/api/products/cards/",
    {
      schema: {
        tags,
        summary: "Product cards by id, in the order asked (recently seen products)",
        querystring: z.object({
          ids: z
            .string()
            .max(200)
            .regex(/^\d+(,\d+)*$/, { error: "product.error.ids" })
            .transform((value) => [...new Set(value.split(",").map(Number))].slice(0, 24)),
        }),
        response: { 200: z.object({ results: z.array(productCardSchema) }) },
      },
    },
    async (request) => {
      const ids = request.query.ids;
      const cards = await getProductCards(db, {
        currency: request.market.currency,
        productIds: ids,
        limit: ids.length,
      });
      const byId = new Map(cards.map((card) => [card.product_id, card]));
      return { results: ids.flatMap((id) => byId.get(id) ?? []) };
    },
  );
}
