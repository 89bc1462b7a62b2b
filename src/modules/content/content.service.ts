import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { categories } from "#modules/catalog/catalog.schema.ts";
import { getProductCards, translate } from "#modules/catalog/catalog.service.ts";
import { cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { type ContentKind, contentItems } from "./content.schema.ts";

export const CONTENT_PAGE_SIZE = 12;

export type ContentListKind =
  | "guide"
  | "reel"
  | "story"
  | "video_card"
  | "link_card"
  | "image_item"
  | "shop_the_look";

interface Image {
  src: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** Hotspot coordinates: values up to 1 are fractions (×100); all are clamped to 0–100 percent. */
export function hotspotPercent(value: unknown): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return null;
  const percent = number <= 1 ? number * 100 : number;
  return Math.min(100, Math.max(0, percent));
}

/**
 * One page of a category's editorial items of one kind, newest first (placed kinds by their
 * index_placement), with the address of the next page. A page outside the list is 404.
 */
export function listCategoryContent(db: Db, options: ContentListOptions) {
  return cachedByCatalogue(db, `content-list:${JSON.stringify(options)}`, () =>
    readCategoryContent(db, options),
  );
}

interface ContentListOptions {
  kind: ContentListKind;
  slug: string;
  page: number;
  locale: UiLocale;
  currency: string;
  baseUrl: string;
}

async function readCategoryContent(db: Db, options: ContentListOptions) {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, options.slug));
  if (!category) throw new HttpError(404, "category_not_found", "There is no such category.");
  const where = and(
    eq(contentItems.kind, options.kind as ContentKind),
    eq(contentItems.categoryId, category.id),
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(contentItems).where(where);
  const totalPages = Math.max(1, Math.ceil(n / CONTENT_PAGE_SIZE));
  if (!Number.isInteger(options.page) || options.page < 1 || options.page > totalPages)
    throw new HttpError(404, "page_not_found", "There is no such page.");
  const rows = await db
    .select()
    .from(contentItems)
    .where(where)
    .orderBy(asc(contentItems.indexPlacement), asc(contentItems.sort), desc(contentItems.publishedAt))
    .limit(CONTENT_PAGE_SIZE)
    .offset((options.page - 1) * CONTENT_PAGE_SIZE);
  const productIds = [...new Set(rows.flatMap((row) => row.productIds))];
  const cards = productIds.length
    ? await getProductCards(db, { currency: options.currency, productIds, limit: productIds.length })
    : [];
  const byId = new Map<number, ProductCard>(cards.map((card) => [card.product_id, card]));
  const items = rows.map((row) => toItem(row, options.locale, byId));
  const next =
    options.page < totalPages
      ? `${options.baseUrl}?slug=${encodeURIComponent(options.slug)}&page=${options.page + 1}`
      : null;
  return { items, meta: { total: n, page: options.page, pages: { total: totalPages }, next } };
}

function toItem(row: typeof contentItems.$inferSelect, locale: UiLocale, cards: Map<number, ProductCard>) {
  const data = row.data as Record<string, unknown>;
  const image = (data.image ?? data.header_image) as Image | undefined;
  const title = translate(row.title, locale);
  const base = { id: row.id, slug: row.slug, title, index_placement: row.indexPlacement };
  switch (row.kind) {
    case "guide":
    case "story":
      return { ...base, image: { src: image?.src ?? "" } };
    case "reel":
      return {
        ...base,
        image: { src: image?.src ?? "" },
        video: data.video ?? null,
        button_label: data.button_label ?? null,
        button_url: data.button_url ?? null,
        products: row.productIds.flatMap((id) => cards.get(id) ?? []),
      };
    case "video_card":
      return {
        ...base,
        subtitle: translate(row.lead, locale),
        image: { url: image?.src ?? "", alt: image?.alt ?? "" },
        video: data.video ?? null,
      };
    case "link_card":
      return { ...base, url: data.url ?? "/", image: image ?? null };
    case "image_item":
      return { ...base, url: data.url ?? null, image: image ?? null };
    case "shop_the_look": {
      const spots = (data.hotspots as { x: unknown; y: unknown }[] | undefined) ?? [];
      const hotspots = spots.flatMap((spot, index) => {
        const x = hotspotPercent(spot.x);
        const y = hotspotPercent(spot.y);
        const product = cards.get(row.productIds[index] as number);
        // Hotspots without a product, or with coordinates that are not numbers, are skipped.
        return x === null || y === null || !product ? [] : [{ coordinates: { x, y }, product: [product] }];
      });
      return { ...base, content: { image: image ?? null, hotspots } };
    }
    default:
      return base;
  }
}

export interface ListingInsert {
  kind: ContentListKind;
  id: number;
  title: string;
  index_placement: number | null;
  image: string | null;
  url: string | null;
  /** Video cards: the video host and id. */
  video: { provider: string; id: string } | null;
}

/** Everything a category's product grid interleaves, in one query; secondary for the page. */
export function categoryInserts(
  db: Db,
  categoryId: number,
  locale: UiLocale,
  options: { videos: boolean } = { videos: true },
) {
  return cachedByCatalogue(db, `inserts:${categoryId}:${locale}:${options.videos}`, () =>
    readCategoryInserts(db, categoryId, locale, options),
  );
}

async function readCategoryInserts(
  db: Db,
  categoryId: number,
  locale: UiLocale,
  options: { videos: boolean },
) {
  const rows = await db
    .select()
    .from(contentItems)
    .where(eq(contentItems.categoryId, categoryId))
    .orderBy(asc(contentItems.sort), desc(contentItems.publishedAt));
  const toInsert = (row: (typeof rows)[number]): ListingInsert => {
    const data = row.data as {
      image?: { src?: string };
      url?: string;
      video?: { provider?: string; id?: string };
    };
    return {
      kind: row.kind as ContentListKind,
      id: row.id,
      title: translate(row.title, locale),
      index_placement: row.indexPlacement,
      image: data.image?.src ?? null,
      url: data.url ?? null,
      video:
        row.kind === "video_card" && data.video?.id
          ? { provider: data.video.provider ?? "youtube", id: data.video.id }
          : null,
    };
  };
  const of = (kind: ContentKind) => rows.filter((row) => row.kind === kind).map(toInsert);
  return {
    guides: of("guide"),
    reels: of("reel"),
    stories: of("story"),
    placed: rows
      .filter(
        (row) =>
          ["video_card", "link_card", "image_item", "shop_the_look"].includes(row.kind) &&
          row.indexPlacement &&
          (options.videos || row.kind !== "video_card"),
      )
      .map(toInsert),
  };
}

export interface ShopTheLook {
  title: string;
  image: { src: string; alt: string; width: number; height: number } | null;
  hotspots: { coordinates: { x: number; y: number }; product: ProductCard[] }[];
}

/**
 * The shop-the-look shown on a product page: one that features the product, else one of its
 * category or the category's parent; null when there is none.
 */
export async function shopTheLookFor(
  db: Db,
  product: { id: number; categoryId: number },
  currency: string,
  locale: UiLocale,
): Promise<ShopTheLook | null> {
  const features = sql`${contentItems.productIds} @> ${JSON.stringify([product.id])}::jsonb`;
  const [row] = await db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.kind, "shop_the_look"),
        sql`(${features} or ${contentItems.categoryId} = ${product.categoryId}
             or ${contentItems.categoryId} = (select parent_id from categories where id = ${product.categoryId}))`,
      ),
    )
    .orderBy(sql`${features} desc`, desc(contentItems.publishedAt))
    .limit(1);
  if (!row) return null;
  const cards = await getProductCards(db, {
    currency,
    productIds: row.productIds,
    limit: row.productIds.length || 1,
  });
  const item = toItem(row, locale, new Map(cards.map((card) => [card.product_id, card]))) as {
    title: string;
    content: { image: ShopTheLook["image"]; hotspots: ShopTheLook["hotspots"] };
  };
  return { title: item.title, image: item.content.image, hotspots: item.content.hotspots };
}
