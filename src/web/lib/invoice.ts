// The invoice call of the spec (§7): `GET /checkout/invoice_download/{order}/` → { success, invoice },
// `invoice` being the PDF's address. The call is built beside the order pages (issue 13); until it is
// registered it cannot join the endpoint table, so it goes through the untyped transport here, the
// one place outside the table that may (tests/api/endpoint-table.test.ts). Once the call is merged,
// it becomes a `call("GET /checkout/invoice_download/:order/")` entry and this file goes.
import { api } from "./api.ts";

interface InvoiceAnswer {
  success: boolean;
  invoice?: string | null;
}

/**
 * The address of the order's invoice, when the call gives one the browser may open (this shop's, or
 * another web address); null otherwise. A failed call throws, as every call does.
 */
export async function invoiceAddress(orderNumber: string): Promise<string | null> {
  const answer = await api<InvoiceAnswer>(`/checkout/invoice_download/${encodeURIComponent(orderNumber)}/`);
  if (!answer?.success || !answer.invoice) return null;
  try {
    const url = new URL(answer.invoice, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
