import { listStores } from "#modules/content/stores.service.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { pageTitle } from "#web/routes/account/account.server.ts";

/** The store locator's data: the stores in the shopper's language, and the map tiles' address. */
export async function loadStores(shop: ShopRequestContext) {
  return {
    title: pageTitle(shop, "stores.title"),
    stores: await listStores(shop.database.db, shop.locale, intlTag(shop.locale, shop.market)),
    mapTileUrl: shop.config.mapTileUrl,
  };
}
