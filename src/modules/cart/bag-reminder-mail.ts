import { IntlMessageFormat } from "intl-messageformat";
import { escapeHtml, mailMessages, type OutgoingMail, serverMessages } from "#modules/mail/mail.service.ts";
import {
  formatMoney,
  getMarket,
  intlTag,
  isUiLocale,
  LOCALE_TAGS,
  requireMarket,
} from "#modules/markets/markets.service.ts";

/** One line of the reminded bag as the mail lists it. */
export interface BagReminderLine {
  product: string;
  size: string | null;
  quantity: number;
  /** The line's price today in minor units; null when the product has no price in this currency. */
  total: number | null;
  currency: string;
}

/** The currency a market's bag is priced in (an unknown market code counts as the default's). */
export const currencyOf = (marketCode: string) => (getMarket(marketCode) ?? requireMarket("dk")).currency;

/**
 * The abandoned-bag reminder in the owner's language (messages/<locale>/bag-reminder.json): the
 * bag's lines with today's prices by Intl in the market's currency, the "back to your bag" link,
 * why the mail came (with a member's settings link), and the unsubscribe link every reminder carries.
 */
export function renderBagReminder(
  localeCode: string,
  marketCode: string,
  facts: {
    lines: BagReminderLine[];
    link: string;
    settingsLink: string | null;
    unsubscribeLink: string;
    days: number;
  },
): Omit<OutgoingMail, "to"> {
  const locale = isUiLocale(localeCode) ? localeCode : "en";
  const market = getMarket(marketCode) ?? requireMarket("dk");
  const messages = { ...mailMessages(locale), ...serverMessages(locale, "bag-reminder") };
  const format = (id: string, values: Record<string, string | number> = {}) =>
    String(new IntlMessageFormat(messages[id] ?? id, LOCALE_TAGS[locale]).format(values));
  const tag = intlTag(locale, market);
  const listed = facts.lines.map((line) => {
    const item = format("mail.bagReminder.item", { quantity: line.quantity, product: line.product });
    const size = line.size ? `, ${format("mail.bagReminder.size", { size: line.size })}` : "";
    const price = line.total === null ? "" : `: ${formatMoney(line.total, line.currency, tag)}`;
    return `${item}${size}${price}`;
  });
  const subject = format("mail.bagReminder.subject");
  const greeting = format("mail.greeting", { name: "" }).replace(/\s+,/, ",");
  const intro = format("mail.bagReminder.intro");
  const action = format("mail.bagReminder.action");
  const validity = format("mail.bagReminder.validity", { days: facts.days });
  const once = format("mail.bagReminder.once");
  const why = facts.settingsLink
    ? format("mail.bagReminder.memberConsent")
    : format("mail.bagReminder.guestConsent");
  const settings = facts.settingsLink ? format("mail.bagReminder.settings") : null;
  const unsubscribe = format("mail.bagReminder.unsubscribe");
  const signature = format("mail.signature");
  const text = [
    greeting,
    intro,
    listed.map((line) => `- ${line}`).join("\n"),
    `${action}: ${facts.link}`,
    validity,
    `${once} ${why}${settings ? ` ${settings}: ${facts.settingsLink}` : ""}`,
    `${unsubscribe}: ${facts.unsubscribeLink}`,
    signature,
  ].join("\n\n");
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>${listed.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul><p><a href="${escapeHtml(facts.link)}" style="display:inline-block;background:#123524;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p><p style="font-size:13px;color:#374151">${escapeHtml(validity)}</p><p style="font-size:13px;color:#374151">${escapeHtml(`${once} ${why}`)}${settings && facts.settingsLink ? ` <a href="${escapeHtml(facts.settingsLink)}">${escapeHtml(settings)}</a>` : ""}</p><p style="font-size:13px;color:#374151"><a href="${escapeHtml(facts.unsubscribeLink)}">${escapeHtml(unsubscribe)}</a></p><p>${escapeHtml(signature)}</p></body></html>`;
  return { subject, text: `${text}\n`, html };
}
