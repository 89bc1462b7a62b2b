import { dayRange } from "#kernel/day-range.ts";
import { escapeHtml, type OutgoingMail } from "#modules/mail/mail.service.ts";
import { LOCALE_TAGS } from "#modules/markets/markets.service.ts";
import { type orderForMail, orderViewPath } from "./orders.service.ts";
import { orderMailContext, shopNameOf } from "./shipment-mail.ts";

type MailData = NonNullable<Awaited<ReturnType<typeof orderForMail>>>;

/**
 * The order confirmation, in the shopper's language, as HTML and plain text: the order number, each
 * package with its lines and delivery, the totals, and the addresses.
 */
export function renderOrderConfirmation(data: MailData, publicUrl: string): Omit<OutgoingMail, "to"> {
  const { order, shipments, lines } = data;
  const { locale, format, number, money, greeting, signature } = orderMailContext(order, publicUrl);

  const subject = format("mail.order.subject", { number });
  const intro = format("mail.order.intro", { number });
  const packages = shipments.map((shipment, index) => {
    const items = lines.filter((line) => line.shipmentId === shipment.id);
    const heading = format("mail.order.package", {
      index: index + 1,
      total: shipments.length,
      supplier: shopNameOf(shipment.supplierName),
    });
    const delivery = format("mail.order.delivery", {
      method: shipment.deliveryMethodName,
      ...dayRange(LOCALE_TAGS[locale], shipment.minDays, shipment.maxDays),
    });
    const pickup = shipment.pickupAddress
      ? format("mail.order.pickup", {
          name: shipment.pickupAddress.name,
          address: `${shipment.pickupAddress.street}, ${shipment.pickupAddress.zip} ${shipment.pickupAddress.city}`,
        })
      : null;
    return { heading, delivery, pickup, items };
  });
  const address = (a: MailData["order"]["deliveryAddress"]) =>
    [
      a.name,
      a.company,
      [a.address, a.addr_number].filter(Boolean).join(" "),
      a.address2,
      `${a.post_nummer ?? ""} ${a.town ?? ""}`,
    ]
      .filter((part) => part?.trim())
      .join(", ");
  const totals: [string, string][] = [
    [format("mail.order.goods"), money(order.goodsTotal - order.voucherTotal)],
    [format("mail.order.shipping"), money(order.deliveryTotal)],
    ...(order.paymentFee > 0
      ? [[format("mail.order.fee"), money(order.paymentFee)] as [string, string]]
      : []),
    ...(order.giftCardTotal > 0
      ? [[format("mail.order.giftCards"), `-${money(order.giftCardTotal)}`] as [string, string]]
      : []),
    [format("mail.order.total"), money(order.amountDue)],
    [format("mail.order.vat"), money(order.vatTotal)],
  ];
  // The order's own page, read by the token alone: it opens in any browser, not only the one that
  // ordered (decision 0035).
  const link = `${publicUrl}${orderViewPath(order.token)}`;
  const deliveryLabel = format("mail.order.deliveryAddress");
  const billingLabel = format("mail.order.billingAddress");
  const action = format("mail.order.action");

  const text = [
    greeting,
    "",
    intro,
    "",
    ...packages.flatMap((pkg) => [
      pkg.heading,
      pkg.delivery,
      ...(pkg.pickup ? [pkg.pickup] : []),
      ...pkg.items.map(
        (line) =>
          `  ${line.quantity} × ${line.productName}${line.sizeName ? ` (${line.sizeName})` : ""}  ${money(line.lineTotal)}`,
      ),
      "",
    ]),
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    `${deliveryLabel}: ${address(order.deliveryAddress)}`,
    `${billingLabel}: ${address(order.billingAddress)}`,
    "",
    `${action}: ${link}`,
    "",
    signature,
    "",
  ].join("\n");

  const cell = "padding:6px 0;border-bottom:1px solid #e5e7eb";
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:600px">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
${packages
  .map(
    (pkg) => `<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(pkg.heading)}</h2>
<p style="margin:0 0 8px;color:#374151">${escapeHtml(pkg.delivery)}${pkg.pickup ? `<br>${escapeHtml(pkg.pickup)}` : ""}</p>
<table style="width:100%;border-collapse:collapse">${pkg.items
      .map(
        (line) =>
          `<tr><td style="${cell}">${line.quantity} × ${escapeHtml(line.productName)}${line.sizeName ? ` (${escapeHtml(line.sizeName)})` : ""}</td><td style="${cell};text-align:right">${escapeHtml(money(line.lineTotal))}</td></tr>`,
      )
      .join("")}</table>`,
  )
  .join("\n")}
<table style="width:100%;border-collapse:collapse;margin-top:16px">${totals
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>
<p><strong>${escapeHtml(deliveryLabel)}:</strong> ${escapeHtml(address(order.deliveryAddress))}<br><strong>${escapeHtml(billingLabel)}:</strong> ${escapeHtml(address(order.billingAddress))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#123524;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p>${escapeHtml(signature)}</p></body></html>`;
  return { subject, text, html };
}
