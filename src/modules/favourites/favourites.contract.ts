import { z } from "zod";
import { id } from "#kernel/ids.ts";
import { pricesSchema } from "#modules/catalog/catalog.contract.ts";

export const favouriteInput = z.object({
  product_id: id("favourites.error.product"),
});

/** The member's favourite product ids, newest first: adding and removing answer with the whole list. */
export const favouritesOutput = z.object({ data: z.array(z.object({ product_id: z.number().int() })) });

/**
 * The heart of a visitor who is not logged in: `pending` when the product is kept for the log-in the
 * heart leads to, false when the caller is a member and it is a favourite at once.
 */
export const pendingFavouriteOutput = z.object({ success: z.literal(true), pending: z.boolean() });

/** Favourites page size (spec §9). */
export const FAVOURITES_PAGE_SIZE = 6;
/** Far beyond any member's favourites; a larger page is refused rather than scanned for. */
const MAX_PAGE = 100_000;

/** `?page=` of the favourites list: a whole number 1..100000, 1 when absent. */
export const favouritesQuery = z.object({
  page: z
    .string()
    .max(12, "favourites.error.page")
    .regex(/^[1-9][0-9]*$/, "favourites.error.page")
    .transform(Number)
    .refine((page) => page <= MAX_PAGE, "favourites.error.page")
    .optional()
    .default(1),
});

/** The Favourite entity (member area spec §3): the product as its card shows it, sizes in stock. */
export const favouriteSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  relative_url: z.string(),
  is_exclusive: z.boolean(),
  prices: pricesSchema,
  stock: z.array(z.object({ size_id: z.number().int(), name: z.string(), name_short: z.string() })),
});
export type Favourite = z.infer<typeof favouriteSchema>;

/**
 * One page of the member's favourites, newest first, with the count and number of pages; also every
 * favourite product id, so the hearts on other pages know their state from the same call.
 */
export const favouritesPageOutput = z.object({
  data: z.array(favouriteSchema),
  product_ids: z.array(z.number().int()),
  total_count: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  page_size: z.number().int(),
});
export type FavouritesPage = z.infer<typeof favouritesPageOutput>;
