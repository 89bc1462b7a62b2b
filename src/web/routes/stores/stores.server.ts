import { listStores } from "#modules/content/stores.service.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { pageBlocks } from "#web/components/blocks/page-blocks.server.ts";
import { pageTitle } from "#web/routes/account/account.server.ts";

/** The public OpenStreetMap tile server: fine while developing, not for a shop's traffic (its usage policy). */
const PUBLIC_OSM_TILES = /^https?:\/\/(?:[a-z]\.)?tile\.openstreetmap\.org\//;

/**
 * The tile server the store maps load from: MAP_TILE_URL. A production shop that has not configured
 * one shows no map (the address and the map-service link still say where the store is) rather than
 * send its visitors' traffic to the public OpenStreetMap servers.
 */
export function storeMapTiles(config: { env: string; mapTileUrl: string }): string | null {
  if (config.env === "production" && PUBLIC_OSM_TILES.test(config.mapTileUrl)) return null;
  return config.mapTileUrl || null;
}

/** The store locator's data: the stores in the shopper's language, and the map tiles' address. */
export async function loadStores(shop: ShopRequestContext) {
  return {
    title: pageTitle(shop, "stores.title"),
    stores: (
      await listStores(shop.database.db, {
        locale: shop.locale,
        localeTag: intlTag(shop.locale, shop.market),
        currency: shop.market.currency,
        isShopAddress: (url) => shop.publicAddresses.isKnownHost(url.host),
      })
    ).map((store) => ({ ...store, body: pageBlocks(store.body, shop.pageTexts) })),
    mapTileUrl: storeMapTiles(shop.config),
  };
}
