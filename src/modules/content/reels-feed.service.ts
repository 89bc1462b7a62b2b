import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { translate } from "#kernel/translate.ts";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { brands } from "#modules/catalog/catalog.schema.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { contentItems } from "./content.schema.ts";
import { type FeedReel, REELS_PAGE_SIZE, type ReelsFeedPage } from "./reels-feed.contract.ts";

interface FeedOptions {
  page: number;
  locale: UiLocale;
  currency: string;
  /** The feed call's address on the shop's configured host, for `meta.next`. */
  baseUrl: string;
}

const isReel = eq(contentItems.kind, "reel");
/** Newest first; the id keeps reels published at the same moment in one order. */
const feedOrder = [desc(contentItems.publishedAt), desc(contentItems.id)];

/** One page of every reel in the shop, newest first, with its products, brand and player. */
export function reelsFeed(db: Db, options: FeedOptions): Promise<ReelsFeedPage> {
  return cachedByCatalogue(db, `reels-feed:${JSON.stringify(options)}`, () => readFeed(db, options));
}

async function readFeed(db: Db, options: FeedOptions): Promise<ReelsFeedPage> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(contentItems).where(isReel);
  const totalPages = Math.max(1, Math.ceil(n / REELS_PAGE_SIZE));
  if (options.page > totalPages) throw new HttpError(404, "page_not_found", "There is no such page.");
  const rows = await db
    .select()
    .from(contentItems)
    .where(isReel)
    .orderBy(...feedOrder)
    .limit(REELS_PAGE_SIZE)
    .offset((options.page - 1) * REELS_PAGE_SIZE);
  const productIds = [...new Set(rows.flatMap((row) => row.productIds))];
  const cards = productIds.length
    ? await getProductCards(db, { currency: options.currency, productIds, limit: productIds.length })
    : [];
  const byId = new Map<number, ProductCard>(cards.map((card) => [card.product_id, card]));
  // The brand a reel shows is its first product's: its logo is drawn from the brand's slug.
  const brandNames = [...new Set(cards.map((card) => card.brand))];
  const brandRows = brandNames.length
    ? await db
        .select({ slug: brands.slug, name: brands.name })
        .from(brands)
        .where(inArray(brands.name, brandNames))
    : [];
  const brandSlug = new Map(brandRows.map((row) => [row.name, row.slug]));
  const items = rows.map((row): FeedReel => {
    const data = row.data as Record<string, unknown>;
    const products = row.productIds.flatMap((id) => byId.get(id) ?? []);
    const first = products[0];
    const slug = first ? brandSlug.get(first.brand) : undefined;
    const image = (data.image ?? {}) as { src?: unknown; width?: unknown; height?: unknown };
    const player = data.player as { name?: unknown; image?: unknown } | undefined;
    return {
      id: row.id,
      title: translate(row.title, options.locale),
      meta: { slug: row.slug },
      button_label: localText(data.button_label, options.locale),
      button_url: typeof data.button_url === "string" ? data.button_url : null,
      image: {
        full_url: typeof image.src === "string" ? image.src : `/media/content/${row.slug}.svg`,
        width: typeof image.width === "number" ? image.width : 720,
        height: typeof image.height === "number" ? image.height : 1280,
      },
      video: typeof data.video === "string" ? data.video : null,
      brand: first && slug ? { brand: first.brand, image: `/media/brands/${slug}.svg` } : null,
      player:
        player && typeof player.name === "string" && typeof player.image === "string"
          ? { name: player.name, image: player.image }
          : null,
      products,
    };
  });
  const next = options.page < totalPages ? `${options.baseUrl}?page=${options.page + 1}` : null;
  return { items, meta: { total: n, page: options.page, pages: { total: totalPages }, next } };
}

const localText = (value: unknown, locale: UiLocale): string | null => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const text = translate(value as Record<string, string>, locale);
    return text === "" ? null : text;
  }
  return null;
};

/** The feed page a reel is on (its address `/reels/{slug}/` opens there); null when there is none. */
export async function reelFeedPage(db: Db, slug: string): Promise<number | null> {
  const [reel] = await db
    .select({ publishedAt: contentItems.publishedAt, id: contentItems.id })
    .from(contentItems)
    .where(and(isReel, eq(contentItems.slug, slug)));
  if (!reel) return null;
  // Reels before it in the feed's order: newer, or as new with a larger id.
  const [{ before } = { before: 0 }] = await db
    .select({ before: count() })
    .from(contentItems)
    .where(
      and(
        isReel,
        sql`(${contentItems.publishedAt} > ${reel.publishedAt.toISOString()}::timestamptz or (${contentItems.publishedAt} = ${reel.publishedAt.toISOString()}::timestamptz and ${contentItems.id} > ${reel.id}))`,
      ),
    );
  return Math.floor(before / REELS_PAGE_SIZE) + 1;
}
