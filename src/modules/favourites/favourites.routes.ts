import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "#server/plugins/errors.ts";
import { addFavourite, listFavouriteIds, removeFavourite } from "./favourites.service.ts";

const productInput = z.object({
  product_id: z
    .number({ error: "favourites.error.product" })
    .int()
    .positive({ error: "favourites.error.product" }),
});
const listOutput = z.object({ data: z.array(z.object({ product_id: z.number().int() })) });

/** Favourites are a member's: a visitor who is not logged in gets 401 and is sent to log in. */
function memberId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError(401, "login_required", "Log in to keep favourites.");
  return request.user.id;
}

export async function favouritesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["favourites"];
  const list = async (userId: number) => ({
    data: (await listFavouriteIds(db, userId)).map((id) => ({ product_id: id })),
  });

  app.get(
    "/api/favorites/",
    { schema: { tags, summary: "The member's favourite products", response: { 200: listOutput } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return list(memberId(request));
    },
  );

  app.post(
    "/api/favorites/add/",
    {
      schema: {
        tags,
        summary: "Makes a product a favourite",
        body: productInput,
        response: { 200: listOutput },
      },
    },
    async (request) => {
      const userId = memberId(request);
      await addFavourite(db, userId, request.body.product_id);
      return list(userId);
    },
  );

  app.post(
    "/api/favorites/remove/",
    { schema: { tags, summary: "Removes a favourite", body: productInput, response: { 200: listOutput } } },
    async (request) => {
      const userId = memberId(request);
      await removeFavourite(db, userId, request.body.product_id);
      return list(userId);
    },
  );
}
