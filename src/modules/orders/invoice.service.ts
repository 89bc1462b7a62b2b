import type { Db } from "#db/client.ts";
import { sellerFor } from "#modules/markets/markets.service.ts";
import { buildInvoice } from "./invoice.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import type { InvoiceDownloadOutput } from "./orders.contract.ts";
import { orderNumber, orderParts, ownOrder } from "./orders.service.ts";

/** Where an order's invoice is, on the shop's own address (no host in it). */
export const invoicePath = (number: string) => `/checkout/invoice/${number}.pdf`;

/**
 * `GET /checkout/invoice_download/{order}/`: the address of the member's own order's invoice, on the
 * public address the member is using (`baseUrl`). Another member's order, or none, is 404 invalid_id.
 */
export async function invoiceLink(
  db: Db,
  userId: number,
  number: string,
  baseUrl: string,
): Promise<InvoiceDownloadOutput> {
  const order = await ownOrder(db, userId, number);
  return { success: true, invoice: `${baseUrl}${invoicePath(orderNumber(order.id))}` };
}

/**
 * `GET /checkout/invoice/{order_number}.pdf`: the invoice of the member's own order, rendered from
 * the order as it was placed, in its language and currency, each time it is asked for (nothing is
 * stored; an order never changes once placed, so neither does its invoice). Anyone else's is 404 invalid_id.
 */
export async function invoicePdf(
  db: Db,
  userId: number,
  number: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await ownOrder(db, userId, number);
  const { shipments, lines } = await orderParts(db, order.id);
  const invoice = buildInvoice(order, shipments, lines, sellerFor(order.market));
  return { filename: `invoice-${invoice.number}.pdf`, pdf: await renderInvoicePdf(invoice) };
}
