import { madeOnce } from "#kernel/made-once.ts";
import type { ProductDetail } from "#modules/product/product.contract.ts";
import type { ReviewState, ReviewsPage } from "#modules/reviews/reviews.contract.ts";
import type { ProductPageAnswer } from "#server/product-page.ts";
import { type LookPictureProps, lookHotspots } from "#web/components/look-picture.tsx";
import { type FlagshipView, flagshipView } from "./in-store-sheet.tsx";
import { productJsonLd } from "./product-json-ld.ts";

/**
 * The product as its page shows it: the product call's detail, with the shop-the-look markers cut
 * to what they show (each product's name, price and address, not its whole card).
 */
export type ProductView = Omit<ProductDetail, "shop_the_look"> & {
  shop_the_look:
    | (Omit<NonNullable<ProductDetail["shop_the_look"]>, "hotspots"> & {
        hotspots: LookPictureProps["hotspots"];
      })
    | null;
};

export function productView(product: ProductDetail): ProductView {
  const look = product.shop_the_look;
  return { ...product, shop_the_look: look && { ...look, hotspots: lookHotspots(look.hotspots) } };
}

/** What the product page renders, from the product page's answer (server/product-page.ts). */
export interface ProductPageData {
  /** The product as the page shows it (productView). */
  product: ProductView;
  loggedIn: boolean;
  /** schema.org Product with its Offer, for search engines. */
  jsonLd: Record<string, unknown>;
  /**
   * The first page of reviews, newest first, with the stars (decision 0044); null for a gift card,
   * which is not reviewed (the reviews call answers 404 for one).
   */
  reviews: ReviewsPage | null;
  /** What the visitor may do about reviewing it; null where there are no reviews. */
  reviewState: ReviewState | null;
  /** The flagship store as the "in store" sheet shows it; null when the shop has none or it is a package. */
  flagship: FlagshipView | null;
  videoAllowed: boolean;
  statisticsConsent: boolean;
}

/**
 * The page's view of a product detail, made once per detail: details are kept per catalogue revision
 * and never changed (catalogue-cache.ts), so the view is the same object for every request while its
 * detail is kept, and its JSON for the page's data is made once too (`keptJsonText`). In the browser
 * an answer's detail is a new object each time: its view is made once for it.
 */
const views = new WeakMap<ProductDetail, ProductView>();

/** The flagship's view, made once per store read (kept per catalogue revision and language). */
const flagships = new WeakMap<NonNullable<ProductPageAnswer["flagship_store"]>, FlagshipView>();

/**
 * The page's data from the product page's answer, the same whether the server's loader read it (a
 * document) or the browser asked for it (a navigation, decision 0102). The structured data links on
 * `origin`, the shop's configured address the page is on.
 */
export function productPageOf(answer: ProductPageAnswer, origin: string): ProductPageData {
  const store = answer.flagship_store;
  return {
    product: madeOnce(views, answer.product, productView),
    loggedIn: answer.logged_in,
    jsonLd: productJsonLd(answer.product, origin, answer.reviews?.summary),
    reviews: answer.reviews,
    reviewState: answer.review_state,
    flagship: store && madeOnce(flagships, store, flagshipView),
    videoAllowed: answer.video_allowed,
    statisticsConsent: answer.statistics_consent,
  };
}
