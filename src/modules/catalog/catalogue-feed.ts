import { z } from "zod";
import { CURRENCIES } from "#kernel/money.ts";

/**
 * The shop's own catalogue feed (decision 0055): one entry per product, as `pitchside import` reads a
 * JSON file (`{"products": [...]}`) and as a Shopify product CSV is turned into. Prices are decimal
 * amounts per currency the shop sells in; a product is sold in the markets whose currency it has a price in.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: "Required." })
    .max(max, { error: `At most ${max} characters.` });

const amount = z
  .number({ error: "A price, as a number." })
  .positive({ error: "More than 0." })
  .max(10_000_000, { error: "At most 10,000,000." });

export const feedPrice = z
  .object({
    currency: z.enum(Object.keys(CURRENCIES) as [string, ...string[]], {
      error: `A currency the shop sells in: ${Object.keys(CURRENCIES).join(", ")}.`,
    }),
    price: amount,
    /** The recommended retail price (Shopify's "compare at"); the price when absent. */
    compare_at: amount.nullish(),
  })
  .refine((p) => p.compare_at == null || p.compare_at >= p.price, {
    error: "The compare-at price is at least the price.",
    path: ["compare_at"],
  });

export const feedSize = z.object({
  sku: text(64).regex(/^[\w.\-/]+$/, { error: "Letters, digits and . - _ / only." }),
  name: text(40),
  stock: z
    .number({ error: "A whole number." })
    .int({ error: "A whole number." })
    .min(0, { error: "0 or more." })
    .max(1_000_000),
});

/** A picture's source given as a path relative to the import file's folder: no scheme, not absolute, no "..". */
export function isRelativePicturePath(value: string): boolean {
  return (
    !/^[a-z][a-z0-9+.-]*:/i.test(value) &&
    !/^[/\\]/.test(value) &&
    !value.split(/[/\\]/).includes("..") &&
    !value.includes("\0")
  );
}

export const feedImage = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: "Required." })
    .max(2000)
    .refine((value) => (/^https?:\/\//i.test(value) && URL.canParse(value)) || isRelativePicturePath(value), {
      error: "An absolute http(s) address, or a path relative to the import file's folder (without ..).",
    }),
  alt: z.string().trim().max(300).optional(),
});

export const feedProduct = z
  .object({
    handle: text(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: "Lower-case letters, digits and hyphens.",
    }),
    title: text(200),
    description: z.string().max(20_000).optional(),
    brand: text(80),
    /** A category of the shop, by its slug or its name in any language. */
    category: text(120),
    colour: z.string().trim().max(40).optional(),
    online: z.boolean().default(true),
    images: z.array(feedImage).max(30).default([]),
    sizes: z.array(feedSize).min(1, { error: "At least one size (variant)." }).max(100),
    prices: z.array(feedPrice).min(1, { error: "At least one price." }).max(Object.keys(CURRENCIES).length),
  })
  .superRefine((product, ctx) => {
    const skus = new Set<string>();
    product.sizes.forEach((size, i) => {
      if (skus.has(size.sku))
        ctx.addIssue({ code: "custom", message: `SKU ${size.sku} twice.`, path: ["sizes", i, "sku"] });
      skus.add(size.sku);
    });
    const currencies = new Set<string>();
    product.prices.forEach((price, i) => {
      if (currencies.has(price.currency))
        ctx.addIssue({
          code: "custom",
          message: `Two prices in ${price.currency}.`,
          path: ["prices", i, "currency"],
        });
      currencies.add(price.currency);
    });
  });
export type FeedProduct = z.infer<typeof feedProduct>;

export const catalogueFeed = z.object({ products: z.array(z.unknown()).max(1_000_000) });

/** One problem of an import, where the operator finds it: the file's row (CSV) or entry (JSON), and the field. */
export interface ImportError {
  /** CSV: the line number in the file (the header is line 1); JSON: the product's index from 1. */
  row: number;
  handle: string | null;
  field: string;
  message: string;
}

/** A product read from a file, with the rows it came from. */
export interface ReadProduct {
  rows: number[];
  /** The row of each size (variant), in order, where the file has one per size. */
  sizeRows?: number[];
  product: unknown;
}
