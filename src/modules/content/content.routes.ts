import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  anyContentListOutput,
  articleListOutput,
  contentListQuery,
  imageListOutput,
  reelListOutput,
} from "./content.contract.ts";
import { type ContentListKind, listCategoryContent } from "./content.service.ts";

/** Each list and its response contract: the kinds the browser reads have their items described. */
const LISTS: { path: string; kind: ContentListKind; summary: string; output: z.ZodType }[] = [
  {
    path: "/api/category/guides/",
    kind: "guide",
    output: articleListOutput,
    summary: "A category's guides (inserted before every 22nd product)",
  },
  {
    path: "/api/category/reels/",
    kind: "reel",
    output: reelListOutput,
    summary: "A category's reels (inserted before every 8th product)",
  },
  {
    path: "/api/category/stories/",
    kind: "story",
    output: articleListOutput,
    summary: "A category's stories (inserted before every 16th product)",
  },
  {
    path: "/api/content/category/video-cards/",
    kind: "video_card",
    output: anyContentListOutput,
    summary: "Video cards placed at their index_placement",
  },
  {
    path: "/api/content/category/link-cards/",
    kind: "link_card",
    output: anyContentListOutput,
    summary: "Link cards placed at their index_placement",
  },
  {
    path: "/api/content/category/images/",
    kind: "image_item",
    output: imageListOutput,
    summary: "Image items placed at their index_placement",
  },
  {
    path: "/api/content/category/shop-the-looks/",
    kind: "shop_the_look",
    output: anyContentListOutput,
    summary: "Shop-the-looks with hotspots",
  },
];

/** A category's editorial lists: 12 a page, meta.next for "load more", 404 outside the pages. */
export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  for (const list of LISTS) {
    app.get(
      list.path,
      {
        schema: {
          tags: ["content"],
          summary: list.summary,
          querystring: contentListQuery,
          response: { 200: list.output },
        },
      },
      async (request) => {
        const raw = request.query.page;
        const page = raw === undefined || raw === "" ? 1 : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
        return listCategoryContent(db, {
          kind: list.kind,
          slug: request.query.slug,
          page,
          locale: request.locale,
          currency: request.market.currency,
          // The next page on the configured address the shopper is on, never on request headers.
          baseUrl: `${fastify.publicAddresses.forRequest(request.headers.host, request.market.code)}${list.path}`,
        });
      },
    );
  }
}
