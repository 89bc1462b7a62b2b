import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { type Translated, translate } from "#kernel/translate.ts";
import type { ProductCard } from "#modules/catalog/catalog.contract.ts";
import { categories } from "#modules/catalog/catalog.schema.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { cachedAtRevision, cachedByCatalogue } from "#modules/catalog/catalogue-cache.ts";
import type { UiLocale } from "#modules/markets/markets.service.ts";
import { sanitizeCmsHtml, WORDS_PER_MINUTE } from "./cms-pages.service.ts";
import { type CmsBlock, type ContentKind, cmsPages, contentItems } from "./content.schema.ts";

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

/**
 * A picture as an editor stored it, or null when it has no address. Keys other than the known ones
 * pass through; a width or height that is not a number is dropped, so one odd item never breaks a
 * list's answer.
 */
function storedImage(value: unknown): Image | null {
  if (typeof value !== "object" || value === null) return null;
  const image = { ...(value as Record<string, unknown>) };
  if (typeof image.src !== "string") return null;
  for (const key of ["width", "height"] as const) if (typeof image[key] !== "number") delete image[key];
  if (typeof image.alt !== "string") delete image.alt;
  return image as unknown as Image;
}

/** A link or label as an editor stored it: text, or null. */
const storedText = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** A text kept in a content item's data: one string for every language, or a text per locale. */
const storedLocalText = (value: unknown, locale: UiLocale): string | null => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const text = translate(value as Record<string, string>, locale);
    return text === "" ? null : text;
  }
  return null;
};

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

/** A tag as an editor stored it: a slug and a name (one text, or a text per locale); others are skipped. */
export function contentTags(value: unknown, locale: UiLocale): { name: string; slug: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag) => {
    if (typeof tag !== "object" || tag === null) return [];
    const { slug, name } = tag as Record<string, unknown>;
    const text = storedLocalText(name, locale);
    return typeof slug === "string" && text ? [{ name: text, slug }] : [];
  });
}

/** Minutes to read an HTML text at 250 words a minute, rounded up; at least one. */
export function htmlReadingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** What an article card and its slide-out page show: lead, header image, tags, date, body and reading time. */
function articleFields(row: typeof contentItems.$inferSelect, locale: UiLocale, image: Image | null) {
  const data = row.data as Record<string, unknown>;
  const body = sanitizeCmsHtml(translate(row.body, locale));
  return {
    lead: translate(row.lead, locale),
    header_image: image
      ? { url: image.src, width: image.width ?? null, height: image.height ?? null, alt: image.alt ?? "" }
      : null,
    content_tags: contentTags(data.content_tags, locale),
    first_published_at: row.publishedAt.toISOString(),
    body,
    reading_minutes: htmlReadingMinutes(body),
  };
}

function toItem(row: typeof contentItems.$inferSelect, locale: UiLocale, cards: Map<number, ProductCard>) {
  const data = row.data as Record<string, unknown>;
  const image = storedImage(data.image ?? data.header_image);
  const title = translate(row.title, locale);
  const base = { id: row.id, slug: row.slug, title, index_placement: row.indexPlacement };
  switch (row.kind) {
    case "guide":
    case "story":
      return { ...base, image: { src: image?.src ?? "" }, ...articleFields(row, locale, image) };
    case "reel":
      return {
        ...base,
        image: { src: image?.src ?? "" },
        video: data.video ?? null,
        button_label: storedLocalText(data.button_label, locale),
        button_url: storedText(data.button_url),
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
      return { ...base, url: storedText(data.url) ?? "/", image };
    case "image_item":
      return { ...base, url: storedText(data.url), image };
    case "shop_the_look": {
      const spots = (data.hotspots as { x: unknown; y: unknown }[] | undefined) ?? [];
      const hotspots = spots.flatMap((spot, index) => {
        const x = hotspotPercent(spot.x);
        const y = hotspotPercent(spot.y);
        const product = cards.get(row.productIds[index] as number);
        // Hotspots without a product, or with coordinates that are not numbers, are skipped.
        return x === null || y === null || !product ? [] : [{ coordinates: { x, y }, product: [product] }];
      });
      return { ...base, content: { image, hotspots } };
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
  /** Shop-the-looks: the picture and its markers, each with the product it leads to (priced in the market's currency). */
  look: Omit<ShopTheLook, "title"> | null;
}

/** Everything a category's product grid interleaves, in one query; secondary for the page. */
export function categoryInserts(
  db: Db,
  categoryId: number,
  locale: UiLocale,
  options: { videos: boolean; currency: string },
) {
  return cachedByCatalogue(db, `inserts:${categoryId}:${locale}:${options.currency}:${options.videos}`, () =>
    readCategoryInserts(db, categoryId, locale, options),
  );
}

async function readCategoryInserts(
  db: Db,
  categoryId: number,
  locale: UiLocale,
  options: { videos: boolean; currency: string },
) {
  const rows = await db
    .select()
    .from(contentItems)
    .where(eq(contentItems.categoryId, categoryId))
    .orderBy(asc(contentItems.sort), desc(contentItems.publishedAt));
  // The products the looks' markers lead to, in one read.
  const lookProductIds = rows.filter((row) => row.kind === "shop_the_look").flatMap((row) => row.productIds);
  const lookCards = lookProductIds.length
    ? await getProductCards(db, {
        currency: options.currency,
        productIds: lookProductIds,
        limit: lookProductIds.length,
      })
    : [];
  const cardsById = new Map(lookCards.map((card) => [card.product_id, card]));
  const lookOf = (row: (typeof rows)[number]): ListingInsert["look"] => {
    if (row.kind !== "shop_the_look") return null;
    const item = toItem(row, locale, cardsById) as {
      content: { image: ShopTheLook["image"]; hotspots: ShopTheLook["hotspots"] };
    };
    return { image: item.content.image, hotspots: item.content.hotspots };
  };
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
      look: lookOf(row),
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
  revision: string,
): Promise<ShopTheLook | null> {
  // The looks are a handful of content items: they and the category tree are read once per catalogue
  // revision and chosen from here, so a product page asks nothing of its own for its look.
  const { looks, parents } = await cachedAtRevision(db, "content:looks", revision, async () => ({
    looks: await db
      .select()
      .from(contentItems)
      .where(eq(contentItems.kind, "shop_the_look"))
      .orderBy(desc(contentItems.publishedAt), desc(contentItems.id)),
    parents: new Map(
      (await db.select({ id: categories.id, parent: categories.parentId }).from(categories)).map((row) => [
        row.id,
        row.parent,
      ]),
    ),
  }));
  const parent = parents.get(product.categoryId) ?? null;
  // The look that features the product, else the newest of its category or its parent category.
  const row =
    looks.find((look) => look.productIds.includes(product.id)) ??
    looks.find(
      (look) =>
        look.categoryId !== null && (look.categoryId === product.categoryId || look.categoryId === parent),
    );
  if (!row) return null;
  return cachedAtRevision(db, `content:look:${row.id}:${currency}:${locale}`, revision, async () => {
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
  });
}

/** A shop-wide teaser (a hero or a link card): its words, where it leads and its picture. */
export interface Teaser {
  slug: string;
  title: string;
  lead: string;
  url: string;
  image: { src: string; width: number; height: number };
  /** A link card's kicker above its title (spec §3 Link card: trumpet); empty when it has none. */
  trumpet: string;
  /** A link card's title colour (a CSS colour); null for the card's default. */
  titleColor: string | null;
}

/**
 * The shop-wide teasers of one kind (those of no category), in their set order and newest first
 * within it. One without a picture of its own shows its kind's drawing; one without a link leads home.
 */
export async function listTeasers(
  db: Db,
  kind: "hero" | "link_card" | "member_banner",
  locale: UiLocale,
  limit: number,
): Promise<Teaser[]> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), isNull(contentItems.categoryId)))
    .orderBy(asc(contentItems.sort), desc(contentItems.publishedAt))
    .limit(limit);
  return rows.map((row) => {
    const data = row.data as {
      url?: string;
      image?: Teaser["image"];
      trumpet?: Translated;
      title_color?: string;
    };
    return {
      slug: row.slug,
      title: translate(row.title, locale),
      lead: translate(row.lead, locale),
      url: data.url ?? "/",
      image: data.image ?? { src: `/media/content/${row.slug}.svg`, width: 1200, height: 800 },
      trumpet: data.trumpet ? translate(data.trumpet, locale) : "",
      titleColor:
        typeof data.title_color === "string" && /^#[0-9a-f]{6}$/i.test(data.title_color)
          ? data.title_color
          : null,
    };
  });
}

/** A shop-wide video card for the home page's video slider: its title, still and film. */
export interface VideoCard {
  slug: string;
  title: string;
  image: { src: string; width: number; height: number };
  video: { provider: "youtube" | "vimeo"; id: string };
}

/** The shop-wide video cards (those of no category) in their set order; ones without a film are left out. */
export async function listVideoCards(db: Db, locale: UiLocale, limit: number): Promise<VideoCard[]> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, "video_card"), isNull(contentItems.categoryId)))
    .orderBy(asc(contentItems.sort), desc(contentItems.publishedAt))
    .limit(limit);
  return rows.flatMap((row) => {
    const data = row.data as { image?: VideoCard["image"]; video?: { provider?: string; id?: string } };
    if (!data.video?.id) return [];
    return [
      {
        slug: row.slug,
        title: translate(row.title, locale),
        image: data.image ?? { src: `/media/content/${row.slug}.svg`, width: 720, height: 405 },
        video: { provider: data.video.provider === "vimeo" ? "vimeo" : "youtube", id: data.video.id },
      },
    ];
  });
}

/**
 * A CMS page's title and blocks in the shopper's language; null when there is no such page. Blocks
 * follow the order of every translated text (the locale, its base language, then English); a page
 * with none of those has no blocks rather than another language's.
 */
export async function pageBlocks(
  db: Db,
  slug: string,
  locale: UiLocale,
): Promise<{ title: string; blocks: CmsBlock[] } | null> {
  const [page] = await db
    .select({ title: cmsPages.title, blocks: cmsPages.blocks })
    .from(cmsPages)
    // A draft (no publication time, or one still to come) is not shown outside preview.
    .where(and(eq(cmsPages.slug, slug), sql`${cmsPages.publishedAt} <= now()`));
  if (!page) return null;
  const blocks = page.blocks[locale] ?? page.blocks[locale.split("-")[0] ?? ""] ?? page.blocks.en ?? [];
  return { title: translate(page.title, locale), blocks };
}
