import { IntlMessageFormat } from "intl-messageformat";
import { OWN_SUPPLIER } from "#modules/cart/cart.contract.ts";
import { escapeHtml, mailMessages, type OutgoingMail } from "#modules/mail/mail.service.ts";
import {
  formatMoney,
  getMarket,
  intlTag,
  isUiLocale,
  LOCALE_TAGS,
  type UiLocale,
} from "#modules/markets/markets.service.ts";
import { orderNumber } from "./order-numbers.ts";
import type { orderLines, orderShipments, orders } from "./orders.schema.ts";

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** The shop's own warehouse is shown under the shop's name. */
export const shopNameOf = (supplier: string) => (supplier === OWN_SUPPLIER ? "Pitchside" : supplier);

/** What every mail about an order needs: its language, formats and where the shopper sees it. */
export function orderMailContext(order: OrderRow, publicUrl: string) {
  const locale: UiLocale = isUiLocale(order.locale) ? order.locale : "en";
  const messages = mailMessages(locale);
  const market = getMarket(order.market);
  const tag = market ? intlTag(locale, market) : LOCALE_TAGS[locale];
  const format = (id: string, values: Record<string, string | number> = {}) =>
    String(new IntlMessageFormat(messages[id] ?? id, LOCALE_TAGS[locale]).format(values));
  const number = orderNumber(order.id);
  // A member follows the order on its page; a guest's mail links to the receipt, as the confirmation does.
  const orderLink =
    order.userId === null
      ? `${publicUrl}/checkout/receipt/?token=${order.token}`
      : `${publicUrl}/account/orders/details/?id=${number}`;
  return {
    locale,
    format,
    number,
    orderLink,
    money: (minor: number) => formatMoney(minor, order.currency, tag),
    date: (when: Date) => new Intl.DateTimeFormat(tag, { dateStyle: "long" }).format(when),
    greeting: format("mail.greeting", { name: order.deliveryAddress.name ?? "" }),
    signature: format("mail.signature"),
  };
}

const lineText = (line: LineRow) =>
  `${line.quantity} × ${line.productName}${line.sizeName ? ` (${line.sizeName})` : ""}`;

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#123524;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** A mail of paragraphs, a list of lines and links, as HTML and plain text. */
export function simpleMail(
  ctx: ReturnType<typeof orderMailContext>,
  parts: {
    subject: string;
    paragraphs: string[];
    lines: string[];
    after?: string[];
    links: { label: string; url: string }[];
  },
): Omit<OutgoingMail, "to"> {
  const text = [
    ctx.greeting,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...parts.lines.map((line) => `  ${line}`),
    "",
    ...(parts.after ?? []).flatMap((p) => [p, ""]),
    ...parts.links.flatMap((link) => [`${link.label}: ${link.url}`]),
    "",
    ctx.signature,
    "",
  ].join("\n");
  const cell = "padding:6px 0;border-bottom:1px solid #e5e7eb";
  const html = `<!doctype html><html lang="${LOCALE_TAGS[ctx.locale]}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:600px">
<p>${escapeHtml(ctx.greeting)}</p>${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}
<table style="width:100%;border-collapse:collapse">${parts.lines.map((line) => `<tr><td style="${cell}">${escapeHtml(line)}</td></tr>`).join("")}</table>
${(parts.after ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join("")}
${parts.links.map((link) => button(link.url, link.label)).join("\n")}
<p>${escapeHtml(ctx.signature)}</p></body></html>`;
  return { subject: parts.subject, text, html };
}

/** The package is on its way: the carrier, the tracking link and what is in the parcel. */
export function renderShipmentShipped(
  data: { order: OrderRow; shipment: ShipmentRow; lines: LineRow[]; carrierName: string },
  publicUrl: string,
): Omit<OutgoingMail, "to"> {
  const ctx = orderMailContext(data.order, publicUrl);
  const { format } = ctx;
  const supplier = shopNameOf(data.shipment.supplierName);
  return simpleMail(ctx, {
    subject: format("mail.shipped.subject", { number: ctx.number }),
    paragraphs: [
      format("mail.shipped.intro", { number: ctx.number, supplier }),
      format("mail.shipped.carrier", {
        carrier: data.carrierName,
        tracking: data.shipment.trackingNumber ?? "",
      }),
    ],
    lines: data.lines.map(lineText),
    links: [
      { label: format("mail.shipped.track"), url: data.shipment.trackAndTrace ?? ctx.orderLink },
      { label: format("mail.shipped.order"), url: ctx.orderLink },
    ],
  });
}

/**
 * The package will not come: what was cancelled, and that what was paid for it comes back — the
 * refund recorded at the card provider when there is one (`refunded`), else its goods and delivery.
 */
export function renderShipmentCancelled(
  data: { order: OrderRow; shipment: ShipmentRow; lines: LineRow[]; refunded?: number | null },
  publicUrl: string,
): Omit<OutgoingMail, "to"> {
  const ctx = orderMailContext(data.order, publicUrl);
  const { format } = ctx;
  const amount =
    data.refunded ?? data.lines.reduce((sum, line) => sum + line.lineTotal, 0) + data.shipment.deliveryCost;
  return simpleMail(ctx, {
    subject: format("mail.cancelled.subject", { number: ctx.number }),
    paragraphs: [
      format("mail.cancelled.intro", {
        number: ctx.number,
        supplier: shopNameOf(data.shipment.supplierName),
      }),
    ],
    lines: data.lines.map((line) => `${lineText(line)}  ${ctx.money(line.lineTotal)}`),
    after: [format("mail.cancelled.refund", { amount: ctx.money(amount) })],
    links: [{ label: format("mail.shipped.order"), url: ctx.orderLink }],
  });
}
