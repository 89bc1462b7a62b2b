import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cmsPageOutput, cmsPageParams } from "./cms-pages.contract.ts";
import { PREVIEW_TOKEN_COOKIE, previewGranted, readCmsPage } from "./cms-pages.service.ts";

/**
 * Answers a page for a preview request: never kept by a cache, never indexed. A request that asks
 * for a preview is answered so even when its token is missing (it then sees published pages only),
 * so a shared cache never holds an answer given to a preview request.
 */
export function markPreviewAnswer(reply: FastifyReply) {
  reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex");
}

/**
 * `GET /api/content/pages/{id}/`: a CMS page the Wagtail way (decision 0046). Published pages only,
 * unless an operator previews with the Preview cookie or header and the operator token.
 */
export async function cmsPagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const addresses = fastify.publicAddresses;
  const expected = fastify.config.operatorApiToken;
  const granted = (request: FastifyRequest) =>
    previewGranted(request.preview, expected, {
      authorization: request.headers.authorization,
      cookie: request.cookies[PREVIEW_TOKEN_COOKIE],
    });
  app.get(
    "/api/content/pages/:id/",
    {
      schema: {
        tags: ["content"],
        summary:
          "A CMS page: id, title, meta and body blocks in the shopper's language (drafts in a preview)",
        params: cmsPageParams,
        response: { 200: cmsPageOutput },
      },
    },
    async (request, reply) => {
      const preview = granted(request);
      if (request.preview) markPreviewAnswer(reply);
      // The answer follows the language and market cookies, so only the shopper's browser keeps it.
      else reply.header("cache-control", "private, max-age=300");
      return readCmsPage(
        db,
        { id: request.params.id },
        {
          locale: request.locale,
          market: request.market.code,
          currency: request.market.currency,
          preview,
          isShopAddress: (url) => addresses.isKnownHost(url.host),
        },
      );
    },
  );
}
