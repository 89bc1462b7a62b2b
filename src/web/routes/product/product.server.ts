import { catalogueRevision } from "#modules/catalog/catalogue-cache.ts";
import { flagshipStore } from "#modules/content/stores.service.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import type { ProductDetail } from "#modules/product/product.contract.ts";
import { loadProductDetail } from "#modules/product/product.service.ts";
import type { ReviewState, ReviewsPage } from "#modules/reviews/reviews.contract.ts";
import { productPageReviews, reviewStateOf, takesReviews } from "#modules/reviews/reviews.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { viewOnce } from "#web/lib/json-text.ts";
import { asPage } from "#web/lib/page-data.server.ts";
import { type FlagshipView, flagshipView } from "./in-store-sheet.tsx";
import { productJsonLd } from "./product-json-ld.ts";
import { type ProductView, productView } from "./product-view.ts";

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
}

/**
 * The page's view of a product detail, made once per detail: details are kept per catalogue revision
 * and never changed (catalogue-cache.ts), so the view is the same object for every request while its
 * detail is kept, and its JSON for the page's data is made once too (`keptJsonText`).
 */
const views = new WeakMap<ProductDetail, ProductView>();

/** The flagship's view, made once per store read (kept per catalogue revision and language). */
const flagships = new WeakMap<Parameters<typeof flagshipView>[0], FlagshipView>();

/** The product page's data; its structured data links on the page's configured address. */
export async function loadProductPage(shop: ShopRequestContext, slug: string): Promise<ProductPageData> {
  const { db } = shop.database;
  const [product, store, revision] = await Promise.all([
    asPage(() => loadProductDetail(db, slug, shop.market.currency, shop.locale)),
    flagshipStore(db, intlTag(shop.locale, shop.market)),
    // The revision the product and the store are read at (the same read, or a later one at the end
    // of the reuse time), which the reviews are kept at too.
    catalogueRevision(db),
  ]);
  const [reviews, reviewState] = takesReviews(product)
    ? await Promise.all([
        productPageReviews(db, product.id, revision),
        reviewStateOf(db, shop.user?.id ?? null, product.id),
      ])
    : [null, null];
  const flagship = store && !product.is_package ? viewOnce(flagships, store, flagshipView) : null;
  return {
    product: viewOnce(views, product, productView),
    loggedIn: shop.user !== null,
    jsonLd: productJsonLd(product, shop.publicUrl, reviews?.summary),
    reviews,
    reviewState,
    flagship,
  };
}
