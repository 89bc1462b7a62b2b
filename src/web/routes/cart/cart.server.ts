import { readCart } from "#modules/cart/cart.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

/** The bag, priced now: the page's critical data (an error is the error page). */
export async function loadCart(shop: ShopRequestContext) {
  return await readCart(
    shop.database.db,
    { userId: shop.user?.id ?? null, sessionId: shop.sessionId },
    shop.market,
    shop.locale,
  );
}
