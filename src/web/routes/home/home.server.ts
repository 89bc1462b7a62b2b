import type { Brand } from "#modules/catalog/catalog.contract.ts";
import { getProductCards, listBrands } from "#modules/catalog/catalog.service.ts";
import {
  listTeasers,
  listVideoCards,
  type Teaser,
  type VideoCard,
} from "#modules/content/content.service.ts";
import { POPULAR_ITEM_TYPES } from "#modules/search/listing.contract.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { type CardView, cardListText } from "#web/components/product-card.tsx";
import type { JsonText } from "#web/lib/json-text.ts";
import { soft } from "#web/lib/page-data.server.ts";

/** The popular-products slider's four type filters (spec: football_boots, sneakers, goalkeeper_gloves, football_shirts). */
export type PopularType = (typeof POPULAR_ITEM_TYPES)[number];

export interface HomeData {
  heroes: Teaser[];
  linkCards: Teaser[];
  /** The video slider: the shop-wide video cards. */
  videos: VideoCard[];
  /** Each row's cards cut to what a card shows, as one JSON text (decision 0070). */
  sliders: { id: string; titleId: string; url: string; cards: JsonText<CardView[]> }[];
  popular: { itemType: PopularType; count: number; cards: JsonText<CardView[]> }[];
  brands: Brand[];
  /** The login-aware banner: null for a guest (who is asked to log in or join), else the members' text. */
  memberBanner: Teaser | null;
}

/** The home page: every part is secondary, so one failing query leaves the rest of the page. */
export async function loadHome(shop: ShopRequestContext): Promise<HomeData> {
  const { db } = shop.database;
  const currency = shop.market.currency;
  const slider = (id: string, titleId: string, url: string, query: Parameters<typeof getProductCards>[1]) =>
    soft(shop, `home slider ${id}`, getProductCards(db, query), []).then((cards) => ({
      id,
      titleId,
      url,
      cards: cardListText(cards, shop.pageTexts),
    }));
  const [heroes, memberBanners, linkCards, videos, brands, ...sliders] = await Promise.all([
    soft(shop, "home heroes", listTeasers(db, "hero", shop.locale, 3), []),
    shop.user ? soft(shop, "home member banner", listTeasers(db, "member_banner", shop.locale, 1), []) : [],
    soft(shop, "home link cards", listTeasers(db, "link_card", shop.locale, 6), []),
    soft(shop, "home videos", listVideoCards(db, shop.locale, 8), []),
    soft(shop, "home brands", listBrands(db), []),
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
    POPULAR_ITEM_TYPES.map((itemType) =>
      soft(
        shop,
        `home popular ${itemType}`,
        getProductCards(db, { currency, itemType, sort: "default", limit: 12 }),
        [],
      ).then((cards) => ({ itemType, count: cards.length, cards: cardListText(cards, shop.pageTexts) })),
    ),
  );
  return { heroes, linkCards, videos, brands, sliders, popular, memberBanner: memberBanners[0] ?? null };
}
