import type { Db, Tx } from "#db/client.ts";
import { renderLinkMail } from "#modules/mail/mail.service.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import { isUiLocale } from "#modules/markets/markets.service.ts";

/** Where a stock-alert mail goes and what it is about; the link is built on a configured address. */
export interface StockAlertMailFacts {
  email: string;
  /** The language the shopper signed up in. */
  locale: string;
  link: string;
  product: string;
  size: string;
}

/** Where the confirmation link leads (on the market's configured address). */
export const STOCK_ALERT_CONFIRM_PATH = "/stock-alerts/confirm/";

/**
 * The double opt-in mail: "confirm that we may write to you when this size is back", queued with
 * the alert's own transaction.
 */
export async function mailStockAlertConfirmation(
  db: Db | Tx,
  mail: MailOutbox,
  facts: StockAlertMailFacts & { days: number },
): Promise<void> {
  await mail.queue(db, {
    to: facts.email,
    ...renderLinkMail("restockConfirm", isUiLocale(facts.locale) ? facts.locale : "en", {
      name: facts.email,
      link: facts.link,
      product: facts.product,
      size: facts.size,
      days: facts.days,
    }),
  });
}

/** The one back-in-stock mail of a confirmed alert, linking to the product; queued with its claim. */
export async function mailBackInStock(
  db: Db | Tx,
  mail: MailOutbox,
  facts: StockAlertMailFacts,
): Promise<void> {
  await mail.queue(db, {
    to: facts.email,
    ...renderLinkMail("restock", isUiLocale(facts.locale) ? facts.locale : "en", {
      name: facts.email,
      link: facts.link,
      product: facts.product,
      size: facts.size,
    }),
  });
}
