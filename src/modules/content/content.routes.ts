import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type ContentListKind, listCategoryContent } from "./content.service.ts";

const contentQuery = z.object({
  slug: z.string({ error: "listing.error.slug" }).min(1, "listing.error.slug").max(200),
  page: z.string().max(12).optional(),
  fields: z.string().max(100).optional(),
});

const listOutput = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    pages: z.object({ total: z.number().int() }),
    next: z.string().nullable(),
  }),
});

const LISTS: { path: string; kind: ContentListKind; summary: string }[] = [
  {
    path: "/api/category/guides/",
    kind: "guide",
    summary: "A category's guides (inserted before every 22nd product)",
  },
  {
    path: "/api/category/reels/",
    kind: "reel",
    summary: "A category's reels (inserted before every 8th product)",
  },
  {
    path: "/api/category/stories/",
    kind: "story",
    summary: "A category's stories (inserted before every 16th product)",
  },
  {
    path: "/api/content/category/video-cards/",
    kind: "video_card",
    summary: "Video cards placed at their index_placement",
  },
  {
    path: "/api/content/category/link-cards/",
    kind: "link_card",
    summary: "Link cards placed at their index_placement",
  },
  {
    path: "/api/content/category/images/",
    kind: "image_item",
    summary: "Image items placed at their index_placement",
  },
  {
    path: "/api/content/category/shop-the-looks/",
    kind: "shop_the_look",
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
          querystring: contentQuery,
          response: { 200: listOutput },
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
          baseUrl: `${request.protocol}://${request.host}${list.path}`,
        });
      },
    );
  }
}
