import type { FastifyInstance } from "fastify";
import { accountsRoutes } from "#modules/accounts/accounts.routes.ts";
import { cartRoutes } from "#modules/cart/cart.routes.ts";
import { mediaRoutes } from "#modules/catalog/media.routes.ts";
import { checkoutRoutes } from "#modules/checkout/checkout.routes.ts";
import { contentRoutes } from "#modules/content/content.routes.ts";
import { policiesRoutes } from "#modules/content/policies.routes.ts";
import { favouritesRoutes } from "#modules/favourites/favourites.routes.ts";
import { marketsRoutes } from "#modules/markets/markets.routes.ts";
import { ordersRoutes } from "#modules/orders/orders.routes.ts";
import { productRoutes } from "#modules/product/product.routes.ts";
import { listingRoutes } from "#modules/search/listing.routes.ts";

/** Each module's calls. A module adds its routes function here. */
export async function registerModuleRoutes(app: FastifyInstance) {
  await app.register(marketsRoutes);
  await app.register(mediaRoutes);
  await app.register(accountsRoutes);
  await app.register(listingRoutes);
  await app.register(contentRoutes);
  await app.register(cartRoutes);
  await app.register(productRoutes);
  await app.register(favouritesRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(policiesRoutes);
}
