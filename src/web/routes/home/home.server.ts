import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Brand, ProductCard } from "#modules/catalog/catalog.contract.ts";
import { getProductCards, listBrands, translate } from "#modules/catalog/catalog.service.ts";
import { contentItems } from "#modules/content/content.schema.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

/** The popular-products slider's four type filters (spec: football_boots, sneakers, goalkeeper_gloves, football_shirts). */
export const POPULAR_TYPES = ["football_boots", "sneakers", "goalkeeper_gloves", "football_shirts"] as const;
export type PopularType = (typeof POPULAR_TYPES)[number];

export interface HomeTeaser {
  slug: string;
  title: string;
  lead: string;
  url: string;
  image: { src: string; width: number; height: number };
}

export interface HomeData {
  heroes: HomeTeaser[];
  linkCards: HomeTeaser[];
  sliders: { id: string; titleId: string; url: string; cards: ProductCard[] }[];
  popular: { itemType: PopularType; cards: ProductCard[] }[];
  brands: Brand[];
}

/** The home page: every part is secondary, so one failing query leaves the rest of the page. */
export async function loadHome(shop: ShopRequestContext): Promise<HomeData> {
  const { db } = shop.database;
  const currency = shop.market.currency;
  const soft = <T>(what: string, promise: Promise<T>, fallback: T) =>
    promise.catch((error) => {
      console.error(`[${shop.requestId}] home ${what} failed`, error);
      return fallback;
    });
  const teasers = (kind: "hero" | "link_card") =>
    db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.kind, kind), isNull(contentItems.categoryId)))
      .orderBy(asc(contentItems.sort), desc(contentItems.publishedAt))
      .limit(kind === "hero" ? 3 : 6)
      .then((rows) =>
        rows.map((row) => {
          const data = row.data as { url?: string; image?: { src: string; width: number; height: number } };
          return {
            slug: row.slug,
            title: translate(row.title, shop.locale),
            lead: translate(row.lead, shop.locale),
            url: data.url ?? "/",
            image: data.image ?? { src: `/media/content/${row.slug}.svg`, width: 1200, height: 800 },
          };
        }),
      );
  const slider = (id: string, titleId: string, url: string, query: Parameters<typeof getProductCards>[1]) =>
    soft(`slider ${id}`, getProductCards(db, query), []).then((cards) => ({ id, titleId, url, cards }));
  const [heroes, linkCards, brands, ...sliders] = await Promise.all([
    soft("heroes", teasers("hero"), []),
    soft("link cards", teasers("link_card"), []),
    soft("brands", listBrands(db), []),
    slider("new", "home.slider.new", "/search/?q=*&sort=latest-online", {
      currency,
      sort: "latest-online",
      limit: 12,
    }),
    slider("discounted", "home.slider.discounted", "/search/?q=*&sort=discount-desc", {
      currency,
      discountedOnly: true,
      sort: "discount-desc",
      limit: 12,
    }),
  ]);
  const popular = await Promise.all(
    POPULAR_TYPES.map((itemType) =>
      soft(
        `popular ${itemType}`,
        getProductCards(db, { currency, itemType, sort: "default", limit: 12 }),
        [],
      ).then((cards) => ({ itemType, cards })),
    ),
  );
  return { heroes, linkCards, brands, sliders, popular };
}
