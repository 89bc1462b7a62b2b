import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorOutput } from "#modules/accounts/accounts.contract.ts";
import { memberOf, requireMember } from "#modules/accounts/require-member.ts";
import { ensureSession } from "#modules/accounts/session-cookies.ts";
import {
  favouriteInput,
  favouritesOutput,
  favouritesPageOutput,
  favouritesQuery,
  pendingFavouriteOutput,
} from "./favourites.contract.ts";
import { addFavourite, favouritesPage, listFavouriteIds, removeFavourite } from "./favourites.service.ts";
import { keepPendingFavourite } from "./pending-favourites.ts";

/** A member's favourite products: list, add and remove; each call answers with the whole list. */
export async function favouritesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const memberOnly = requireMember("Log in to keep favourites.");
  const tags = ["favourites"];
  const list = async (userId: number) => ({
    data: (await listFavouriteIds(db, userId)).map((id) => ({ product_id: id })),
  });

  app.get(
    "/api/favorites/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary:
          "The member's favourite products, 6 a page, newest first, prices in the market's currency; also every favourite id",
        querystring: favouritesQuery,
        response: { 200: favouritesPageOutput },
      },
    },
    async (request) =>
      favouritesPage(db, memberOf(request), { page: request.query.page, currency: request.market.currency }),
  );

  app.post(
    "/api/favorites/add/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "Makes a product a favourite",
        body: favouriteInput,
        response: { 200: favouritesOutput },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      await addFavourite(db, userId, request.body.product_id);
      return list(userId);
    },
  );

  app.post(
    "/api/favorites/remove/",
    {
      preHandler: memberOnly,
      schema: {
        tags,
        summary: "Removes a favourite",
        body: favouriteInput,
        response: { 200: favouritesOutput },
      },
    },
    async (request) => {
      const userId = memberOf(request);
      await removeFavourite(db, userId, request.body.product_id);
      return list(userId);
    },
  );

  app.post(
    "/api/favorites/pending/",
    {
      schema: {
        tags,
        summary:
          "The heart of a visitor who is not logged in: keeps the product in the session (at most 10) to become a favourite at log-in, sign-up or social sign-in; for a member it is a favourite at once",
        body: favouriteInput,
        response: { 200: pendingFavouriteOutput, 404: errorOutput },
      },
    },
    async (request, reply) => {
      if (request.user) {
        await addFavourite(db, request.user.id, request.body.product_id);
        return { success: true as const, pending: false };
      }
      const sessionId = await ensureSession(request, reply);
      await keepPendingFavourite(db, sessionId, request.body.product_id);
      return { success: true as const, pending: true };
    },
  );
}
