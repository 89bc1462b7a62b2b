import { redirect } from "react-router";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { favouritesQuery } from "#modules/favourites/favourites.contract.ts";
import { countFavourites, favouritesPage } from "#modules/favourites/favourites.service.ts";
import { pendingFavouritesNotice } from "#modules/favourites/pending-favourites.ts";
import { type LatestOrder, latestOrder } from "#modules/orders/latest-order.service.ts";
import { applicationStatusOf } from "#modules/tastemakers/tastemakers.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { cardListText } from "#web/components/product-card.tsx";
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
  const cards = await soft(
    shop,
    "login popular products",
    getProductCards(shop.database.db, { currency: shop.market.currency, limit: 12 }),
    [],
  );
  return cardListText(cards, shop.pageTexts);
}

/**
 * The log-in page's note for a visitor whose heart kept a product: it becomes a favourite at log-in.
 * Secondary: a failure shows no note.
 */
export async function pendingFavourite(shop: ShopRequestContext) {
  if (shop.user) return null;
  return soft(shop, "pending favourite", pendingFavouritesNotice(shop.database.db, shop.sessionId), null);
}

/**
 * The account home's data: the member's most recent order (null when they have none, "unavailable"
 * when it could not be read) and how many favourites they have (null when it could not be counted).
 * Both are secondary: the home still opens, with its links, when either fails.
 */
export async function memberHome(shop: ShopRequestContext): Promise<{
  latestOrder: LatestOrder | null | "unavailable";
  favouritesCount: number | null;
  /** Whether the member has applied to the tastemaker programme (the tile invites only those who have not). */
  appliedToTastemakers: boolean;
}> {
  const { db } = shop.database;
  const memberId = shop.user?.id;
  if (memberId === undefined)
    return { latestOrder: null, favouritesCount: null, appliedToTastemakers: false };
  const [order, favouritesCount, application] = await Promise.all([
    soft<LatestOrder | null | "unavailable">(
      shop,
      "account home latest order",
      latestOrder(db, memberId),
      "unavailable",
    ),
    soft<number | null>(shop, "account home favourites count", countFavourites(db, shop.shopper.owner), null),
    soft(shop, "account home tastemaker application", applicationStatusOf(db, memberId), null),
  ]);
  return { latestOrder: order, favouritesCount, appliedToTastemakers: application !== null };
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
