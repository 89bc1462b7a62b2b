import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { sendCachedJson } from "#modules/catalog/catalogue-cache.ts";
import { categoryOutput, categoryQuery, searchOutput, searchQuery } from "./listing.contract.ts";
import { loadCategory, loadSponsored, runListing } from "./listing.service.ts";

export const POPULAR_ITEM_TYPES = [
  "football_boots",
  "sneakers",
  "goalkeeper_gloves",
  "football_shirts",
] as const;

/** Listing bodies depend on the address, the market's currency and the language, not on the visitor. */
const responseKey = (request: FastifyRequest) =>
  `${request.market.code}:${request.market.currency}:${request.locale}:${request.url}`;

/** Category listings, search and the popular-products widget. */
export async function listingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["listing"];

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
      await sendCachedJson(db, reply, responseKey(request), async () => {
        const query = request.query;
        const category = await loadCategory(db, query.slug, request.locale);
        const listing = await runListing(
          db,
          { currency: request.market.currency, locale: request.locale, categoryIds: category.ids },
          query,
        );
        const sponsored =
          listing.page === 1 && !listing.anyFilterActive
            ? await loadSponsored(db, category.id, request.market.currency, request.locale)
            : null;
        return {
          products: listing.products,
          meta: {
            slug: category.slug,
            title: category.title,
            description: category.description,
            breadcrumb: category.breadcrumb,
            sub_categories: category.subCategories,
            has_sub_categories: category.subCategories.length > 0,
            total: listing.total,
            page: listing.page,
            pages: { total: listing.totalPages },
            filters: listing.filters,
            content: { sponsored },
          },
        };
      });
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
      await sendCachedJson(db, reply, responseKey(request), async () => {
        const query = request.query;
        const listing = await runListing(
          db,
          { currency: request.market.currency, locale: request.locale, q: query.q },
          query,
        );
        return {
          products: listing.products,
          navigation_items: listing.navigation,
          meta: {
            title: query.q,
            total: listing.total,
            page: listing.page,
            pages: { total: listing.totalPages },
            filters: listing.filters,
          },
        };
      });
      // Returned so that Fastify waits for the body sent above (compression runs after it).
      return reply;
    },
  );

  app.get(
    "/api/recommendations/popular-products/",
    {
      schema: {
        tags,
        summary: "The most popular products of one item type (home page slider)",
        querystring: z.object({ item_type: z.enum(POPULAR_ITEM_TYPES, { error: "listing.error.itemType" }) }),
        response: { 200: z.object({ data: z.object({ results: z.array(productCardSchema) }) }) },
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
