import { productPageVisitor, readProductPage } from "#server/product-page.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { asPage } from "#web/lib/page-data.server.ts";
import { type ProductPageData, productPageOf } from "./product-view.ts";

/**
 * The product page's data for a document: the answer the page's call gives (server/product-page.ts),
 * read in the request; 404 when there is no such product. Its structured data links on the page's
 * configured address.
 */
export async function loadProductPage(shop: ShopRequestContext, slug: string): Promise<ProductPageData> {
  const answer = await asPage(() =>
    readProductPage(shop.database.db, slug, productPageVisitor(shop, shop.config)),
  );
  return productPageOf(answer, shop.publicUrl);
}
