import { readStockAlertLink, type StockAlertLink } from "#modules/product/stock-alerts.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";

export interface StockAlertConfirmPageData {
  title: string;
  link: StockAlertLink;
}

/**
 * The confirmation link's page reads what the link stands for and nothing more: mail scanners and
 * link previews fetch it, so only the page's button (a CSRF-checked POST) confirms.
 */
export async function loadStockAlertConfirmPage(
  shop: ShopRequestContext,
  url: URL,
): Promise<StockAlertConfirmPageData> {
  return {
    title: messagesFor(shop.locale)["notify.confirm.title"] ?? "Pitchside",
    link: await readStockAlertLink(shop.database.db, url.searchParams.get("token") ?? ""),
  };
}
