import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { call } from "#web/lib/api.ts";
import { ConfirmActions, Dialog } from "#web/ui/dialog.tsx";
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
      lines.map((line) =>
        call("POST /cart/items/delete_cart_item/:id/", { params: { id: line.line_id }, form: {} }),
      ),
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
    <Dialog
      side="centre"
      className="w-[min(26rem,92vw)] p-5"
      headerClassName="mb-2"
      closeButton={false}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="self-end py-1 text-sm font-semibold underline"
          data-testid="bulk-remove"
        >
          <FormattedMessage id="cart.bulk.open" />
        </button>
      }
      title={<FormattedMessage id="cart.bulk.title" />}
      description={<FormattedMessage id="cart.bulk.body" values={{ count: lines.length }} />}
      descriptionClassName="mb-4 text-sm"
    >
      <ConfirmActions
        cancel={<FormattedMessage id="cart.bulk.cancel" />}
        confirm={<FormattedMessage id="cart.bulk.confirm" />}
        busy={busy}
        onConfirm={removeAll}
        testId="bulk-remove-confirm"
      />
    </Dialog>
  );
}
