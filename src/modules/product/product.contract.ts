import { z } from "zod";
import { MAX_ID } from "#kernel/ids.ts";
import { pricesSchema, productCardSchema } from "#modules/catalog/catalog.contract.ts";

/** A size as the product page and `GET /api/availability/{id}/` speak of it (the spec's Stock entry). */
export const stockEntrySchema = z.object({
  size_id: z.number().int(),
  sku_id: z.string(),
  pk: z.number().int(),
  name: z.string(),
  name_short: z.string(),
  stock_info: z.number().int(),
  is_marketplace: z.boolean(),
  supplier: z.string(),
  price: z.number(),
  delivery: z.object({ min_days: z.number().int(), max_days: z.number().int() }),
  availability: z.enum(["in_stock", "few_left", "out_of_stock"]),
  /** What the flagship store holds of this size: none, limited (fewer than 4) or in stock. */
  flagship: z.enum(["none", "limited", "in_stock"]),
});
export type StockEntry = z.infer<typeof stockEntrySchema>;

/** `GET /api/availability/{id}/`: every size of the product, at the current stock revision. */
export const availabilityOutput = z.array(stockEntrySchema);

/**
 * `GET /api/products/cards/?ids=3,1,2`: up to 24 distinct ids, comma-separated, in the order wanted;
 * an id beyond the largest there can be is refused.
 */
export const productCardsQuery = z.object({
  ids: z
    .string()
    .max(200)
    .regex(/^\d+(,\d+)*$/, { error: "product.error.ids" })
    .transform((value) => [...new Set(value.split(",").map(Number))].slice(0, 24))
    .refine((ids) => ids.every((id) => id <= MAX_ID), { error: "product.error.ids" }),
});

/** Product cards: `GET /api/products/cards/` (in the order asked) and `GET /api/products/related/{id}/`. */
export const productCardsOutput = z.object({ results: z.array(productCardSchema) });

export const packageItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  online: z.boolean(),
  sizes: z.array(stockEntrySchema),
});

/**
 * The size guide of the product's item type and age group, in the shopper's language. The first
 * cell of each row is the size as the catalogue names it; numbers are written with a full stop and
 * shown in the shopper's number format.
 */
export const sizeGuideSchema = z.object({
  title: z.string(),
  how_to_measure: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type SizeGuide = z.infer<typeof sizeGuideSchema>;

export const productDetailSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  brand_slug: z.string(),
  style: z.string(),
  relative_url: z.string(),
  description: z.string(),
  specifications: z.array(z.object({ name: z.string(), value: z.string() })),
  labels: z.array(z.string()),
  images: z.array(z.object({ src: z.string(), alt: z.string() })),
  has_360: z.boolean(),
  video_id: z.string().nullable(),
  is_exclusive: z.boolean(),
  is_customizable: z.boolean(),
  is_package: z.boolean(),
  /** A gift card: not reviewed, no reviews on its page. */
  is_giftcard: z.boolean(),
  is_preorder: z.boolean(),
  online: z.boolean(),
  sold_out: z.boolean(),
  excluded_from_discounts: z.boolean(),
  item_type: z.string(),
  category: z.object({
    slug: z.string(),
    title: z.string(),
    url: z.string(),
    parent_slug: z.string().nullable(),
  }),
  prices: pricesSchema,
  stock: z.array(stockEntrySchema),
  /** The size guide for this kind of product; none for balls, bags, gift cards and packages. */
  size_guide: sizeGuideSchema.nullable(),
  subitems: z.array(packageItemSchema),
  colour_variants: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      colour: z.string(),
      relative_url: z.string(),
      image: z.string(),
    }),
  ),
  selling_points: z.array(z.object({ headline: z.string(), body: z.string(), icon: z.string() })),
  messages: z.array(z.object({ id: z.number().int(), text: z.string() })),
  shop_the_look: z
    .object({
      title: z.string(),
      image: z.object({ src: z.string(), alt: z.string(), width: z.number(), height: z.number() }).nullable(),
      hotspots: z.array(
        z.object({
          coordinates: z.object({ x: z.number(), y: z.number() }),
          product: z.array(productCardSchema),
        }),
      ),
    })
    .nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A benefit item of an offer: the product at the offer price, with the sizes that can be had. */
export const benefitItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  relative_url: z.string(),
  image: z.string(),
  price: z.number(),
  regular_price: z.number(),
  currency: z.string(),
  sizes: z.array(z.object({ size_id: z.number().int(), name: z.string() })),
});

/** `GET /api/promotions/get/{sku}/`: the offers running now for the size's product. */
export const promotionsOutput = z.object({
  promotions: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      discount_percentage: z.number().int(),
      valid_to: z.iso.datetime(),
      benefit_items: z.array(benefitItemSchema),
    }),
  ),
});
