import * as Dialog from "@radix-ui/react-dialog";
import { FileDown, X } from "lucide-react";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";

/** In Germany terms come with a PDF button, except this supplier's (it publishes its own). */
export const NO_PDF_SUPPLIER = "puma";

export const supplierCode = (name: string) => name.toLowerCase().replace(/\s+/g, "-");

/** A link to a supplier's terms that slides them out; the text is fetched when opened. */
export function PolicyLink({ supplier, label, pdf }: { supplier: string; label: string; pdf: boolean }) {
  const intl = useIntl();
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
    <Dialog.Root onOpenChange={load}>
      <Dialog.Trigger className="font-semibold underline">{label}</Dialog.Trigger>
      {pdf && code !== NO_PDF_SUPPLIER && (
        <a
          href={`/policies/${code}/?format=pdf`}
          className="ml-2 inline-flex items-center gap-1 text-sm underline"
          download
        >
          <FileDown aria-hidden="true" className="size-4" />
          <FormattedMessage id="checkout.policy.pdf" />
        </a>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 w-[32rem] max-w-full overflow-y-auto bg-white p-6 shadow-xl">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{label}</Dialog.Title>
            <Dialog.Close className="rounded p-2" aria-label={intl.formatMessage({ id: "checkout.close" })}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{label}</Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
