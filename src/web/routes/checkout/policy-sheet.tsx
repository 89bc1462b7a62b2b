import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { BRAND_STORE_SUPPLIER } from "#modules/cart/cart.contract.ts";
import { SideSheet } from "#web/ui/dialog.tsx";
import { FileDown } from "#web/ui/icons.tsx";

/** In Germany terms come with a PDF button, except the brand store's (it publishes its own). */
export const NO_PDF_SUPPLIER = BRAND_STORE_SUPPLIER;

export const supplierCode = (name: string) => name.toLowerCase().replace(/\s+/g, "-");

/** A link to a supplier's terms that slides them out; the text is fetched when opened. */
export function PolicyLink({ supplier, label, pdf }: { supplier: string; label: string; pdf: boolean }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const code = supplierCode(supplier);
  const load = async (open: boolean) => {
    if (!open || html !== null) return;
    try {
      const response = await fetch(`/policies/${code}/`, { headers: { accept: "text/html" } });
      if (!response.ok) throw new Error(String(response.status));
      setHtml(await response.text());
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <SideSheet
        width="w-[32rem]"
        onOpenChange={load}
        trigger={
          <button type="button" className="min-h-6 font-semibold underline">
            {label}
          </button>
        }
        title={label}
        description={label}
      >
        {failed ? (
          <p role="alert">
            <FormattedMessage id="checkout.policy.failed" />
          </p>
        ) : html === null ? (
          <p aria-busy="true">
            <FormattedMessage id="checkout.droppoint.loading" />
          </p>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server when stored and when served
          <div className="prose prose-sm" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </SideSheet>
      {pdf && code !== NO_PDF_SUPPLIER && (
        <a
          href={`/policies/${code}/?format=pdf`}
          className="ml-2 inline-flex min-h-6 items-center gap-1 text-sm underline"
          download
        >
          <FileDown aria-hidden="true" className="size-4" />
          <FormattedMessage id="checkout.policy.pdf" />
        </a>
      )}
    </>
  );
}
