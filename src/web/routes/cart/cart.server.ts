import { readCart } from "#modules/cart/cart.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";

/** The bag, priced now: the page's critical data (an error is the error page). */
export function loadCart(shop: ShopRequestContext) {
  return readCart(
    shop.database.db,
    { userId: shop.user?.id ?? null, sessionId: shop.sessionId },
    shop.market,
    shop.locale,
  );
}
