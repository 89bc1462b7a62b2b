import { eq } from "drizzle-orm";
import { readCart } from "#modules/cart/cart.service.ts";
import { cmsPages } from "#modules/content/content.schema.ts";
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

/**
 * The bag page's notices, from the page content "cart" (its paragraphs, sanitised when stored).
 * Secondary: a failure shows no notices.
 */
export async function loadCartNotices(shop: ShopRequestContext): Promise<string[]> {
  try {
    const [page] = await shop.database.db.select().from(cmsPages).where(eq(cmsPages.slug, "cart"));
    if (!page) return [];
    const blocks =
      page.blocks[shop.locale] ?? page.blocks[shop.locale.split("-")[0] ?? ""] ?? page.blocks.en ?? [];
    return blocks.flatMap((block) => (block.type === "paragraph" ? [block.value] : []));
  } catch (error) {
    console.error(`[${shop.requestId}] bag notices failed`, error);
    return [];
  }
}
