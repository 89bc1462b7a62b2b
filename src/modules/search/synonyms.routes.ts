import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { catalogueToken } from "#modules/catalog/catalogue-token.ts";
import {
  synonymInput,
  synonymKey,
  synonymListOutput,
  synonymListQuery,
  synonymOutput,
  synonymRemovedOutput,
} from "./synonyms.contract.ts";
import { listSynonyms, removeSynonym, saveSynonym } from "./synonyms.service.ts";

/** The operator's search synonyms, behind the catalogue API token like the stock feed. */
export async function synonymRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["catalogue"];
  const guard = catalogueToken(fastify.config.catalogueApiToken);
  const security = [{ catalogueToken: [] }];

  app.get(
    "/api/catalogue/synonyms/",
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Search synonyms per language (en, da, sv, nb, fi, de, nl, fr, pl)",
        security,
        querystring: synonymListQuery,
        response: { 200: synonymListOutput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listSynonyms(db, request.query.language);
    },
  );

  app.put(
    "/api/catalogue/synonyms/",
    {
      config: { csrfExempt: true },
      preHandler: guard,
      schema: {
        tags,
        summary: "Sets a term's synonyms in one language: a search for the term also finds the synonyms",
        security,
        body: synonymInput,
        response: { 200: synonymOutput },
      },
    },
    async (request) => saveSynonym(db, request.body),
  );

  app.delete(
    "/api/catalogue/synonyms/",
    {
      config: { csrfExempt: true },
      preHandler: guard,
      schema: {
        tags,
        summary: "Removes a term's synonyms (unknown term: 404)",
        security,
        querystring: synonymKey,
        response: { 200: synonymRemovedOutput },
      },
    },
    async (request) => removeSynonym(db, request.query),
  );
}
