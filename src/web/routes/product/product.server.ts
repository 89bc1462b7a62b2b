import type { ProductDetail } from "#modules/product/product.contract.ts";
import { loadProductDetail } from "#modules/product/product.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { asPage } from "#web/lib/page-data.server.ts";
import { productJsonLd } from "./product-json-ld.ts";

export interface ProductPageData {
  product: ProductDetail;
  loggedIn: boolean;
  /** schema.org Product with its Offer, for search engines. */
  jsonLd: Record<string, unknown>;
}

/** The product page's data; its structured data links on the page's configured address. */
export async function loadProductPage(shop: ShopRequestContext, slug: string): Promise<ProductPageData> {
  const product = await asPage(() =>
    loadProductDetail(shop.database.db, slug, shop.market.currency, shop.locale),
  );
  return { product, loggedIn: shop.user !== null, jsonLd: productJsonLd(product, shop.publicUrl) };
}
