import { z } from "zod";

/** `GET /api/search/suggest/?q=`: the words typed so far (1 to 100 characters, something beyond spaces). */
export const suggestQuery = z.object({
  q: z
    .string({ error: "search.error.query" })
    .max(100, "search.error.queryTooLong")
    .refine((q) => /[\p{L}\p{N}]/u.test(q), { message: "search.error.query" }),
});

export const suggestOutput = z.object({
  q: z.string(),
  categories: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
  brands: z.array(z.object({ slug: z.string(), name: z.string(), url: z.string() })),
  /** Up to 6 products, best match first, priced in the market's currency. */
  products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      brand: z.string(),
      image: z.string(),
      relative_url: z.string(),
      price: z.number(),
      currency: z.string(),
    }),
  ),
});

export type SuggestQuery = z.output<typeof suggestQuery>;
export type SuggestOutput = z.infer<typeof suggestOutput>;
