import { redirect } from "react-router";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { favouritesQuery } from "#modules/favourites/favourites.contract.ts";
import { favouritesPage } from "#modules/favourites/favourites.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";
import { soft } from "#web/lib/page-data.server.ts";

export function pageTitle(shop: ShopRequestContext, id: string): string {
  return messagesFor(shop.locale)[id] ?? "Pitchside";
}

/** Members-only pages send visitors to the login page, coming back afterwards. */
export function memberOrLogin(shop: ShopRequestContext, url: URL) {
  if (!shop.user) throw redirect(`/account/login/?next=${encodeURIComponent(url.pathname + url.search)}`);
  return shop.user;
}

/** The login page's product slider; secondary, so a failure gives an empty slider. */
export async function popularProducts(shop: ShopRequestContext) {
  return soft(
    shop,
    "login popular products",
    getProductCards(shop.database.db, { currency: shop.market.currency, limit: 12 }),
    [],
  );
}

/**
 * The favourites page's data: one page of the member's favourites (an unreadable `page` is page 1).
 * A failure gives null, which the page shows as a toast rather than the error page.
 */
export async function memberFavourites(shop: ShopRequestContext, memberId: number, url: URL) {
  const parsed = favouritesQuery.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const page = parsed.success ? parsed.data.page : 1;
  return soft(
    shop,
    "favourites page",
    favouritesPage(shop.database.db, memberId, { page, currency: shop.market.currency }),
    null,
  );
}
