import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { sendCachedJson } from "#modules/catalog/catalogue-cache.ts";
import {
  categoryOutput,
  categoryQuery,
  popularProductsOutput,
  popularProductsQuery,
  searchOutput,
  searchQuery,
} from "./listing.contract.ts";
import { categoryListing, searchListing } from "./listing.service.ts";
import { suggestOutput, suggestQuery } from "./suggest.contract.ts";
import { suggest } from "./suggest.service.ts";

/** Listing bodies depend on the address, the market's currency and the language, not on the visitor. */
const responseKey = (request: FastifyRequest) =>
  `${request.market.code}:${request.market.currency}:${request.locale}:${request.url}`;

/** Besides the query, a listing depends only on the market's currency and the language. */
const shopOf = (request: FastifyRequest) => ({ currency: request.market.currency, locale: request.locale });

/** Category listings, search and the popular-products widget. */
export async function listingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["listing"];
  // Listings' cards are written from their kept JSON, checked against the contract's own writing
  // outside production; suggestions are written whole.
  const listing = { cards: { verify: fastify.config.env !== "production" } };

  app.get(
    "/api/category/get/",
    {
      schema: {
        tags,
        summary:
          "A category's products (60 a page) with filters and their counts; page outside 1..total is 404",
        querystring: categoryQuery,
        response: { 200: categoryOutput },
      },
    },
    async (request, reply) => {
      await sendCachedJson(
        db,
        reply,
        responseKey(request),
        () => categoryListing(db, request.query, shopOf(request)),
        listing,
      );
      // Returned so that Fastify waits for the body sent above (compression runs after it).
      return reply;
    },
  );

  app.get(
    "/api/search/",
    {
      schema: {
        tags,
        summary: "Search (full text with stemming and typo tolerance); q=* lists everything; 60 a page",
        querystring: searchQuery,
        response: { 200: searchOutput },
      },
    },
    async (request, reply) => {
      await sendCachedJson(
        db,
        reply,
        responseKey(request),
        () => searchListing(db, request.query, shopOf(request)),
        listing,
      );
      // Returned so that Fastify waits for the body sent above (compression runs after it).
      return reply;
    },
  );

  app.get(
    "/api/search/suggest/",
    {
      schema: {
        tags,
        summary:
          "Suggestions while typing: categories, brands and up to 6 products (image, name, price in the market's currency)",
        querystring: suggestQuery,
        response: { 200: suggestOutput },
      },
    },
    async (request, reply) => {
      await sendCachedJson(db, reply, responseKey(request), () =>
        suggest(db, request.query.q, shopOf(request)),
      );
      return reply;
    },
  );

  app.get(
    "/api/recommendations/popular-products/",
    {
      schema: {
        tags,
        summary: "The most popular products of one item type (home page slider)",
        querystring: popularProductsQuery,
        response: { 200: popularProductsOutput },
      },
    },
    async (request) => ({
      data: {
        results: await getProductCards(db, {
          currency: request.market.currency,
          itemType: request.query.item_type,
          sort: "default",
          limit: 12,
        }),
      },
    }),
  );
}
