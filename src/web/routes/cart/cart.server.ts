import { readCart } from "#modules/cart/cart.service.ts";
import { pageBlocks } from "#modules/content/content.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { soft } from "#web/lib/page-data.server.ts";

/** The bag, priced now: the page's critical data (an error is the error page). */
export async function loadCart(shop: ShopRequestContext) {
  const { owner, market, locale } = shop.shopper;
  return await readCart(shop.database.db, owner, market, locale);
}

/**
 * The bag page's notices, from the page content "cart" (its paragraphs, sanitised when stored).
 * Secondary: a failure shows no notices.
 */
export function loadCartNotices(shop: ShopRequestContext): Promise<string[]> {
  const notices = pageBlocks(shop.database.db, "cart", shop.locale).then((page) =>
    (page?.blocks ?? []).flatMap((block) => (block.type === "paragraph" ? [block.value] : [])),
  );
  return soft(shop, "bag notices", notices, []);
}
