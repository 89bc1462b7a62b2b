import { z } from "zod";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";

/** Reels feed page size: one page is a few screens of vertical scrolling (decision 0043). */
export const REELS_PAGE_SIZE = 6;
/** Far beyond any feed; a larger page is refused rather than looked for. */
const MAX_PAGE = 100_000;

/** `GET /api/content/reels/?page=`: a whole number 1..100000, 1 when absent. */
export const reelsFeedQuery = z.object({
  page: z
    .string()
    .max(12, "reels.error.page")
    .regex(/^[1-9][0-9]*$/, "reels.error.page")
    .transform(Number)
    .refine((page) => page <= MAX_PAGE, "reels.error.page")
    .optional()
    .default(1),
});

/** Reel (checkout/product/search/content spec §3). */
export const feedReelOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The reel's address segment: `/reels/{slug}/`. */
  meta: z.object({ slug: z.string() }),
  button_label: z.string().nullable(),
  button_url: z.string().nullable(),
  image: z.object({ full_url: z.string(), width: z.number().int(), height: z.number().int() }),
  /** The video file's address (the shop's own media), null when the reel has none. */
  video: z.string().nullable(),
  brand: z.object({ image: z.string(), brand: z.string() }).nullable(),
  player: z.object({ name: z.string(), image: z.string() }).nullable(),
  products: z.array(productCardSchema),
});
export type FeedReel = z.infer<typeof feedReelOutput>;

/** One page of the feed, newest first; `meta.next` is the next page's address (null on the last). */
export const reelsFeedOutput = z.object({
  items: z.array(feedReelOutput),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    pages: z.object({ total: z.number().int() }),
    next: z.string().nullable(),
  }),
});
export type ReelsFeedPage = z.infer<typeof reelsFeedOutput>;
