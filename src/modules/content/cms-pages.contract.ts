import { z } from "zod";
import { idParams } from "#kernel/ids.ts";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";

/** `GET /api/content/pages/{id}/`: a page by its id, 1 to 2³¹−1 (anything else is a 400). */
export const cmsPageParams = idParams;

const picture = z.object({
  src: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * One block of a page's body, as the renderer reads it. Empty blocks and unknown types never reach
 * the answer; a paragraph's HTML is sanitised when stored and again when read.
 */
export const cmsBlockOutput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("image"), value: picture }),
  z.object({ type: z.literal("paragraph"), value: z.string() }),
  z.object({
    type: z.literal("youtube_video"),
    value: z.object({ video_id: z.string(), title: z.string() }),
  }),
  z.object({
    type: z.literal("call_to_action"),
    value: z.object({
      type: z.enum(["button", "link"]),
      label: z.string(),
      url: z.string(),
      alignment: z.enum(["left", "center", "right"]),
      /** True when the address is not on one of the shop's configured hosts: a new tab, noopener noreferrer. */
      external: z.boolean(),
    }),
  }),
  z.object({ type: z.literal("image_gallery"), value: z.array(picture) }),
  z.object({ type: z.literal("tiktok_video"), value: z.object({ url: z.string(), video_id: z.string() }) }),
  z.object({ type: z.literal("instagram_reel"), value: z.object({ url: z.string(), reel_id: z.string() }) }),
  z.object({
    type: z.literal("product_slider"),
    value: z.object({
      title: z.string(),
      product_ids_list: z.array(z.number().int()),
      /** The cards of the products still online, in the editor's order. */
      products: z.array(productCardSchema),
    }),
  }),
  z.object({
    type: z.literal("faq"),
    value: z.array(z.object({ question: z.string(), answer: z.string() })),
  }),
]);
export type CmsBlockOutput = z.infer<typeof cmsBlockOutput>;

/** A CMS page the Wagtail way: id, title, meta and the body's blocks, in the shopper's language. */
export const cmsPageOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  meta: z.object({
    type: z.string(),
    slug: z.string(),
    html_url: z.string(),
    seo_title: z.string(),
    search_description: z.string(),
    first_published_at: z.string().nullable(),
    last_published_at: z.string().nullable(),
    locale: z.string(),
    /** True for a page not published yet, shown only in an operator's preview. */
    draft: z.boolean(),
  }),
  /** Minutes at 250 words a minute, rounded up (at least 1). */
  reading_time_minutes: z.number().int(),
  body: z.array(cmsBlockOutput),
});
export type CmsPageOutput = z.infer<typeof cmsPageOutput>;
