import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reelsFeedOutput, reelsFeedQuery } from "./reels-feed.contract.ts";
import { reelsFeed } from "./reels-feed.service.ts";

const PATH = "/api/content/reels/";

/** The shoppable reels feed: 6 reels a page, newest first, meta.next for the next page. */
export async function reelsFeedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  app.get(
    PATH,
    {
      schema: {
        tags: ["content"],
        summary: "The reels feed: 6 reels a page, newest first, with their products, brand and player",
        querystring: reelsFeedQuery,
        response: { 200: reelsFeedOutput },
      },
    },
    async (request) =>
      reelsFeed(db, {
        page: request.query.page,
        locale: request.locale,
        currency: request.market.currency,
        // The next page on the configured address the shopper is on, never on request headers.
        baseUrl: `${fastify.publicAddresses.forRequest(request.headers.host, request.market.code)}${PATH}`,
      }),
  );
}
