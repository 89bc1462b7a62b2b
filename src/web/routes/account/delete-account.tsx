import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { call } from "#web/lib/api.ts";
import { ConfirmActions, Dialog } from "#web/ui/dialog.tsx";
import { useToast } from "#web/ui/toast.tsx";

/**
 * The member's own data: a link that downloads the data export, and account deletion behind a
 * confirmation (deleted → the log-in landing; a failure → a generic error toast).
 */
export function MyData() {
  const intl = useIntl();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleteAccount = async () => {
    setBusy(true);
    try {
      const answer = await call("POST /delete-account/", { json: {} });
      window.location.assign(answer.redirect);
    } catch {
      setBusy(false);
      setOpen(false);
      toast({ title: intl.formatMessage({ id: "form.error.generic" }), variant: "destructive" });
    }
  };
  return (
    <section className="mt-10 border-t border-neutral-300 pt-6" aria-labelledby="my-data-heading">
      <h2 id="my-data-heading" className="text-xl font-bold">
        <FormattedMessage id="accountHome.data.title" />
      </h2>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href="/v1.1/profile/export/"
          download="pitchside-data.json"
          className="rounded-full border border-neutral-500 px-5 py-2 font-semibold"
          data-testid="download-data"
        >
          <FormattedMessage id="accountHome.data.download" />
        </a>
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
              className="rounded-full border border-red-700 px-5 py-2 font-semibold text-red-800"
              data-testid="delete-account"
            >
              <FormattedMessage id="accountHome.delete.open" />
            </button>
          }
          title={<FormattedMessage id="accountHome.delete.title" />}
          description={<FormattedMessage id="accountHome.delete.body" />}
          descriptionClassName="mb-4 text-sm"
        >
          <ConfirmActions
            cancel={<FormattedMessage id="accountHome.delete.cancel" />}
            confirm={<FormattedMessage id="accountHome.delete.confirm" />}
            busy={busy}
            onConfirm={deleteAccount}
            testId="delete-account-confirm"
          />
        </Dialog>
      </div>
    </section>
  );
}
