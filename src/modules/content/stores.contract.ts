import { z } from "zod";
import { cmsBlockOutput } from "./cms-pages.contract.ts";

/** One day of a store's week: its name in the shopper's language and the hours as shown (or "closed"). */
export const openingDayOutput = z.object({
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: z.number().int(),
  day: z.enum(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
  display_name: z.string(),
  /** "10:00–19:00", or null on a day the store is closed (the page says so in its language). */
  display: z.string().nullable(),
  open: z.string().nullable(),
  close: z.string().nullable(),
});

export const storeImageOutput = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

/** A store as the locator shows it (spec §3 Store). */
export const storeOutput = z.object({
  id: z.number().int(),
  slug: z.string(),
  group_key: z.string(),
  title: z.string(),
  /** The store's name; the title is shown, this where there is none. */
  store: z.string(),
  description: z.string(),
  /** The store's page text as CMS blocks (paragraph HTML sanitised, as a CMS page's body). */
  body: z.array(cmsBlockOutput),
  images: z.array(storeImageOutput),
  address: z.object({
    street: z.string(),
    city: z.string(),
    zip: z.string(),
    country: z.string(),
    maps_location: z.object({ place_id: z.string(), lat: z.number(), lng: z.number() }),
  }),
  /** The store's place on the map service, by its place id. */
  maps_url: z.string(),
  opening_hours: z.array(openingDayOutput),
  is_flagship: z.boolean(),
});
export type StoreView = z.infer<typeof storeOutput>;

export const storesOutput = z.object({ stores: z.array(storeOutput) });

/** The flagship store as a product page's "in store" sheet names it: its name, address and week. */
export const flagshipStoreOutput = z.object({
  title: storeOutput.shape.title,
  address: storeOutput.shape.address.pick({ street: true, city: true, zip: true }),
  opening_hours: storeOutput.shape.opening_hours,
});
export type FlagshipStore = z.infer<typeof flagshipStoreOutput>;

/** Per size of a product, what the flagship store holds now. */
export const storeStockOutput = z.object({
  product_id: z.number().int(),
  store: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
  sizes: z.array(
    z.object({
      size_id: z.number().int(),
      name: z.string(),
      name_short: z.string(),
      /** Pieces on the store's shelf (0: not in the store). */
      quantity: z.number().int(),
    }),
  ),
});
export type StoreStock = z.infer<typeof storeStockOutput>;

/** A refusal: its code and message (the shop's error answer; field errors ride along). */
export const storeErrorOutput = z.object({ error: z.string(), message: z.string() }).loose();
