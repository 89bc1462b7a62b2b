import { HttpError } from "#kernel/errors.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import {
  type ReminderUnsubscribeLink,
  readReminderUnsubscribe,
  UNSUBSCRIBES_PER_MINUTE,
} from "#modules/cart/reminder-unsubscribe.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { messagesFor } from "#web/i18n/messages.server.ts";

export interface UnsubscribePageData {
  title: string;
  link: ReminderUnsubscribeLink | { state: "busy" };
}

/** The page's status: a link the shop never made is 404, an expired one 410, too many tries 429. */
const STATUS = { pending: 200, withdrawn: 200, unknown: 404, expired: 410, busy: 429 } as const;

/**
 * A reminder's unsubscribe link opens this page: it reads what the link stands for and changes
 * nothing (mail scanners and link previews open links); only the page's button, a CSRF-checked POST,
 * withdraws. Tries are counted per address with the button's, so tokens cannot be guessed here.
 */
export async function loadUnsubscribePage(
  shop: ShopRequestContext,
  url: URL,
): Promise<{ data: UnsubscribePageData; status: number }> {
  const title = messagesFor(shop.locale)["reminders.unsubscribe.title"] ?? "Pitchside";
  const { db } = shop.database;
  try {
    await countAttempt(db, [`reminder-unsubscribe:ip:${shop.clientIp}`], UNSUBSCRIBES_PER_MINUTE);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429)
      return { data: { title, link: { state: "busy" } }, status: STATUS.busy };
    throw error;
  }
  const token = url.searchParams.get("token") ?? "";
  const link = await readReminderUnsubscribe(db, token, new Date());
  return { data: { title, link }, status: STATUS[link.state] };
}
