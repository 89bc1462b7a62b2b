import { z } from "zod";
import { PRODUCT_SORTS, productCardSchema } from "#modules/catalog/catalog.contract.ts";
import { FACET_KEYS } from "./listing-rules.ts";

// The facet keys and page size live apart from the schemas, so the listing's page code ships no Zod.
export { FACET_KEYS, type FacetKey, PAGE_SIZE } from "./listing-rules.ts";
export const OTHERS_VALUES = ["on-sale", "members-only", "preorder", "customizable"] as const;

/** `min-max` or `min+`, whole units of the market's currency. */
export const PRICE_RANGE = /^(\d{1,7})-(\d{1,7})$|^(\d{1,7})\+$/;

const filterValue = z
  .string()
  .max(500)
  .optional()
  .transform((value) =>
    value ? value.split("|").filter((part) => part.length > 0 && part.length <= 100) : [],
  );

/** Shared by the listing pages and the calls. Unknown keys are ignored; page is checked later (404). */
export const listingQuery = z.object({
  sort: z.enum(PRODUCT_SORTS, { error: "listing.error.sort" }).optional().default("default"),
  page: z.string().max(12).optional(),
  brand: filterValue,
  boot_surface: filterValue,
  color: filterValue,
  age: filterValue,
  others: filterValue,
  price_range: filterValue.refine((values) => values.every((value) => PRICE_RANGE.test(value)), {
    message: "listing.error.priceRange",
  }),
});

export const categoryQuery = listingQuery.extend({
  slug: z.string({ error: "listing.error.slug" }).min(1, "listing.error.slug").max(200),
});

export const searchQuery = listingQuery.extend({
  q: z.string().max(200, "listing.error.queryTooLong").optional().default("*"),
});

export const filterSchema = z.object({
  key: z.enum(FACET_KEYS),
  name: z.string(),
  values: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      count: z.number().int(),
      selected: z.boolean(),
      /** Brands only: whether a logo is known (the condensed view shows only those). */
      has_logo: z.boolean().optional(),
    }),
  ),
});

const contentImage = z.object({
  src: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * The spec's sponsored component: a brand's block at the top of a category's first page — its
 * colours, icon and background picture, a "sponsored" label, product cards and promo pictures placed
 * at 1-based positions among them.
 */
export const sponsoredComponentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_color: z.string(),
  icon_image: z.string().nullable(),
  background_color: z.string(),
  background_image: z.string().nullable(),
  show_sponsored_label: z.boolean(),
  products: z.array(productCardSchema),
  images: z.array(
    z.object({ position: z.number().int().min(1), url: z.string().nullable(), image: contentImage }),
  ),
});
export type SponsoredComponent = z.infer<typeof sponsoredComponentSchema>;

export const categoryOutput = z.object({
  products: z.array(productCardSchema),
  meta: z.object({
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    breadcrumb: z.array(z.object({ title: z.string(), url: z.string() })),
    sub_categories: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
    has_sub_categories: z.boolean(),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.object({ total: z.number().int() }),
    filters: z.array(filterSchema),
    content: z.object({ sponsored: sponsoredComponentSchema.nullable() }),
  }),
});

export const searchOutput = z.object({
  products: z.array(productCardSchema),
  navigation_items: z.array(z.object({ title: z.string(), url: z.string(), count: z.number().int() })),
  meta: z.object({
    title: z.string(),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.object({ total: z.number().int() }),
    filters: z.array(filterSchema),
  }),
});

export type ListingQuery = z.output<typeof listingQuery>;
export type CategoryQuery = z.output<typeof categoryQuery>;
export type SearchQuery = z.output<typeof searchQuery>;
export type CategoryOutput = z.infer<typeof categoryOutput>;
export type SearchOutput = z.infer<typeof searchOutput>;
export type Filter = z.infer<typeof filterSchema>;

/** The item types the popular-products widget is asked for. */
export const POPULAR_ITEM_TYPES = [
  "football_boots",
  "sneakers",
  "goalkeeper_gloves",
  "football_shirts",
] as const;

/** `GET /api/recommendations/popular-products/?item_type=…`. */
export const popularProductsQuery = z.object({
  item_type: z.enum(POPULAR_ITEM_TYPES, { error: "listing.error.itemType" }),
});

/** The most popular products of the item type (12 at most). */
export const popularProductsOutput = z.object({ data: z.object({ results: z.array(productCardSchema) }) });
