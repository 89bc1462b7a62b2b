import { asc, desc, eq, sql } from "drizzle-orm";
import { type Db, rows } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { translate } from "#kernel/translate.ts";
import { cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import { type IsShopAddress, renderBlocks } from "./cms-pages.service.ts";
import { type OpeningHours, stores } from "./content.schema.ts";
import type { FlagshipStore, StoreStock, StoreView } from "./stores.contract.ts";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** The seven names per language, worked out once: a formatter costs far more than its answer. */
const weekdayNames = new Map<string, string[]>();

/** Weekday 1 (Monday) … 7 (Sunday) by its full name in the shopper's language ("mandag", "Montag"). */
export function weekdayName(weekday: number, localeTag: string): string {
  let names = weekdayNames.get(localeTag);
  if (!names) {
    const format = new Intl.DateTimeFormat(localeTag, { weekday: "long", timeZone: "UTC" });
    // 1 January 2024 was a Monday.
    names = DAYS.map((_, i) => format.format(Date.UTC(2024, 0, i + 1)));
    weekdayNames.set(localeTag, names);
  }
  return names[weekday - 1] ?? "";
}

/** A week from Monday to Sunday, each day with its hours or closed. */
export function openingWeek(hours: OpeningHours[], localeTag: string): StoreView["opening_hours"] {
  return DAYS.map((day, i) => {
    const weekday = i + 1;
    const entry = hours.find((h) => h.weekday === weekday);
    return {
      weekday,
      day,
      display_name: weekdayName(weekday, localeTag),
      display: entry ? `${entry.opens}–${entry.closes}` : null,
      open: entry?.opens ?? null,
      close: entry?.closes ?? null,
    };
  });
}

/** The map service's page of a place, by its id, with the coordinates for a place it does not know. */
export function mapsUrl(placeId: string, lat: number, lng: number): string {
  const query = new URLSearchParams({ api: "1", query: `${lat},${lng}`, query_place_id: placeId });
  return `https://www.google.com/maps/search/?${query.toString()}`;
}

type StoreRow = typeof stores.$inferSelect;

/** Who asks for the stores: their language (and its Intl tag), currency, and the shop's own hosts. */
export interface StoresRequest {
  locale: string;
  localeTag: string;
  currency: string;
  isShopAddress: IsShopAddress;
}

async function storeView(db: Db, row: StoreRow, request: StoresRequest): Promise<StoreView> {
  const { locale, localeTag } = request;
  return {
    id: row.id,
    slug: row.slug,
    group_key: row.groupKey,
    title: row.title,
    store: row.title,
    description: translate(row.description, locale),
    body: await renderBlocks(db, row.body, request),
    images: row.gallery.map((image) => ({
      src: image.src,
      width: image.width,
      height: image.height,
      alt: translate(image.alt, locale),
    })),
    address: {
      street: row.street,
      city: row.city,
      zip: row.zip,
      country: row.country,
      maps_location: { place_id: row.placeId, lat: row.latitude, lng: row.longitude },
    },
    maps_url: mapsUrl(row.placeId, row.latitude, row.longitude),
    opening_hours: openingWeek(row.openingHours, localeTag),
    is_flagship: row.isFlagship,
  };
}

/** Every store, the flagship first, then by group and name, in the shopper's language. */
export async function listStores(db: Db, request: StoresRequest): Promise<StoreView[]> {
  const found = await db
    .select()
    .from(stores)
    .orderBy(desc(stores.isFlagship), asc(stores.groupKey), asc(stores.title));
  return Promise.all(found.map((row) => storeView(db, row, request)));
}

/**
 * The flagship store for the product page's "in store" sheet, read once per catalogue revision (stores
 * move it) and language, without the store page's body; null when the shop has none.
 */
export function flagshipStore(db: Db, localeTag: string): Promise<FlagshipStore | null> {
  return cachedByCatalogue(db, `flagship-store:${localeTag}`, async () => {
    const [row] = await db
      .select({
        title: stores.title,
        street: stores.street,
        city: stores.city,
        zip: stores.zip,
        openingHours: stores.openingHours,
      })
      .from(stores)
      .where(eq(stores.isFlagship, true))
      .orderBy(asc(stores.groupKey), asc(stores.title))
      .limit(1);
    if (!row) return null;
    return {
      title: row.title,
      address: { street: row.street, city: row.city, zip: row.zip },
      opening_hours: openingWeek(row.openingHours, localeTag),
    };
  });
}

/** What the flagship store holds of each size of a product; 404 for a product the shop does not show. */
export async function flagshipStock(db: Db, productId: number): Promise<StoreStock> {
  const [product] = await rows<{ id: number }>(
    db,
    sql`select id from products where id = ${productId} and online`,
  );
  if (!product) throw new HttpError(404, "product_not_found", "reviews.error.product");
  const [store] = await rows<{ id: number; slug: string; title: string }>(
    db,
    sql`select id, slug, title from stores where is_flagship order by id limit 1`,
  );
  const sizes = await rows<{ size_id: number; name: string; name_short: string; quantity: number }>(
    db,
    sql`select id as size_id, name, name_short, store_stock as quantity from product_sizes
         where product_id = ${productId} order by sort, id`,
  );
  return { product_id: productId, store: store ?? null, sizes: store ? sizes : [] };
}
