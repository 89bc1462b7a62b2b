import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { api } from "#web/lib/api.ts";
import { useToast } from "#web/ui/toast.tsx";

/** The bag offers to empty itself in one go from this many lines on. */
export const BULK_REMOVE_FROM = 5;

/** "Remove all" with a confirmation; each line is removed on its own and each failure has its toast. */
export function BulkRemove({
  lines,
  onDone,
}: {
  lines: { line_id: number; product_name: string }[];
  onDone: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (lines.length < BULK_REMOVE_FROM) return null;
  const removeAll = async () => {
    setBusy(true);
    const results = await Promise.allSettled(
      lines.map((line) => api(`/cart/items/delete_cart_item/${line.line_id}/`, { form: {} })),
    );
    results.forEach((result, i) => {
      if (result.status === "rejected")
        toast({
          title: intl.formatMessage({ id: "cart.bulk.failed" }, { name: lines[i]?.product_name ?? "" }),
          variant: "destructive",
          flow: true,
        });
    });
    setBusy(false);
    setOpen(false);
    onDone();
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="self-end text-sm font-semibold underline" data-testid="bulk-remove">
        <FormattedMessage id="cart.bulk.open" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="mb-2 text-lg font-bold">
            <FormattedMessage id="cart.bulk.title" />
          </Dialog.Title>
          <Dialog.Description className="mb-4 text-sm">
            <FormattedMessage id="cart.bulk.body" values={{ count: lines.length }} />
          </Dialog.Description>
          <div className="flex gap-2">
            <Dialog.Close className="flex-1 rounded-full border border-neutral-900 px-4 py-2 font-semibold">
              <FormattedMessage id="cart.bulk.cancel" />
            </Dialog.Close>
            <button
              type="button"
              disabled={busy}
              onClick={removeAll}
              data-testid="bulk-remove-confirm"
              className="flex-1 rounded-full bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-50"
            >
              <FormattedMessage id="cart.bulk.confirm" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
