import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "#kernel/ids.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import { storeErrorOutput, storeStockOutput, storesOutput } from "./stores.contract.ts";
import { flagshipStock, listStores } from "./stores.service.ts";

/** The store locator's stores, and what the flagship store holds of a product per size (decision 0044). */
export async function storesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["content"];

  app.get(
    "/api/stores/",
    {
      schema: {
        tags,
        summary: "The shop's stores with address, map place, opening hours and pictures, flagship first",
        response: { 200: storesOutput },
      },
    },
    async (request) => ({
      stores: await listStores(db, {
        locale: request.locale,
        localeTag: intlTag(request.locale, request.market),
        currency: request.market.currency,
        isShopAddress: (url) => fastify.publicAddresses.isKnownHost(url.host),
      }),
    }),
  );

  app.get(
    "/api/products/:id/store-stock/",
    {
      schema: {
        tags,
        summary: "Per size of a product, the pieces on the flagship store's shelf now",
        params: idParams,
        response: { 200: storeStockOutput, 404: storeErrorOutput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return flagshipStock(db, request.params.id);
    },
  );
}
