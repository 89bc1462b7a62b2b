import { z } from "zod";

/** Prices as the storefront reads them: decimal amounts of the market's currency. */
export const pricesSchema = z.object({
  min_price: z.number(),
  max_price: z.number(),
  recommended_retail_price: z.number(),
  currency: z.string(),
  discount_percentage: z.number().int(),
  /** The lowest price of the last 30 days, shown with a discount (EU price rule). */
  lowest_price_30_days: z.number().nullable(),
});

export const cardSizeSchema = z.object({
  size_id: z.number().int(),
  name: z.string(),
  name_short: z.string(),
  in_stock: z.boolean(),
});

export const productCardSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  style: z.string(),
  brand: z.string(),
  image: z.string(),
  relative_url: z.string(),
  /** "Preorder" marks a product that can be ordered before it is in stock. */
  delivery: z.string().nullable(),
  is_exclusive: z.boolean(),
  labels: z.array(z.string()),
  sizes: z.array(cardSizeSchema),
  prices: pricesSchema,
  attributes: z.object({ brand: z.string(), item_type: z.string(), team: z.string().nullable() }),
});

export type ProductCard = z.infer<typeof productCardSchema>;
export type Prices = z.infer<typeof pricesSchema>;

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    url: z.string(),
    children: z.array(categoryNodeSchema),
  }),
);

export interface CategoryNode {
  id: number;
  slug: string;
  title: string;
  url: string;
  children: CategoryNode[];
}

export const brandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

// The sorts live apart from the schemas, so the listing's page code ships no Zod.
export { PRODUCT_SORTS, type ProductSort } from "./product-sorts.ts";
