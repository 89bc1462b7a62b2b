import { z } from "zod";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";

/** A category's editorial list: `?slug=…&page=…` (page from 1; anything else is 404). */
export const contentListQuery = z.object({
  slug: z.string({ error: "listing.error.slug" }).min(1, "listing.error.slug").max(200),
  page: z.string().max(12).optional(),
  fields: z.string().max(100).optional(),
});

const listMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.object({ total: z.number().int() }),
  /** The next page's address, for "load more"; null on the last page. */
  next: z.string().nullable(),
});

/** One page of a list of items; 12 a page. */
export const contentListOutput = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), meta: listMeta });

/** What every item has, whatever its kind; `index_placement` places it in a listing (1-based). */
const itemBase = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  index_placement: z.number().int().nullable(),
};

/** A guide or a story: a card with its picture, lead, header image, tags and date, and its sanitised body. */
export const articleItemOutput = z.object({
  ...itemBase,
  image: z.object({ src: z.string() }),
  lead: z.string(),
  header_image: z
    .object({
      url: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      alt: z.string(),
    })
    .nullable(),
  content_tags: z.array(z.object({ name: z.string(), slug: z.string() })),
  first_published_at: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  /** At 250 words a minute, at least one. */
  reading_minutes: z.number().int(),
});

/** A reel: its poster, the video and button as the editor stored them, and the products it shows. */
export const reelItemOutput = z.object({
  ...itemBase,
  image: z.object({ src: z.string() }),
  video: z.unknown(),
  button_label: z.unknown(),
  button_url: z.string().nullable(),
  products: z.array(productCardSchema),
});

/**
 * A picture as stored with an item; other keys the editor gave it pass through. Its keys are listed in
 * the order PostgreSQL's jsonb keeps them (shorter first), so the body reads as stored.
 */
const storedImage = z
  .object({
    alt: z.string().optional(),
    src: z.string(),
    width: z.number().optional(),
    height: z.number().optional(),
  })
  .loose();

/** An image item (the social gallery reads them): the picture and where it leads. */
export const imageItemOutput = z.object({
  ...itemBase,
  url: z.string().nullable(),
  image: storedImage.nullable(),
});

/** Items of the kinds the browser does not read itself, as the service builds them. */
export const anyItemOutput = z.record(z.string(), z.unknown());

/** `GET /api/category/guides/` and `/api/category/stories/`. */
export const articleListOutput = contentListOutput(articleItemOutput);
/** `GET /api/category/reels/`. */
export const reelListOutput = contentListOutput(reelItemOutput);
/** `GET /api/content/category/images/`. */
export const imageListOutput = contentListOutput(imageItemOutput);
/** The other lists: video cards, link cards and shop-the-looks. */
export const anyContentListOutput = contentListOutput(anyItemOutput);
