import { redirect } from "react-router";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";

export function pageTitle(shop: ShopRequestContext, id: string): string {
  return messagesFor(shop.locale)[id] ?? "Pitchside";
}

/** Members-only pages send visitors to the login page, coming back afterwards. */
export function requireMember(shop: ShopRequestContext, url: URL) {
  if (!shop.user) throw redirect(`/account/login/?next=${encodeURIComponent(url.pathname + url.search)}`);
  return shop.user;
}

/** The login page's product slider; secondary, so a failure gives an empty slider. */
export async function popularProducts(shop: ShopRequestContext) {
  return getProductCards(shop.database.db, { currency: shop.market.currency, limit: 12 }).catch(() => []);
}
