import { type ReactNode, useState } from "react";
import { FormattedMessage } from "react-intl";
import { ApiRequestError } from "#web/lib/api.ts";
import { SubmitButton } from "#web/ui/submit-button.tsx";

/**
 * The button behind a link from a mail (a new e-mail address, a back-in-stock alert). Opening the
 * link changes nothing, since mail scanners open links; this form posts the token under CSRF.
 * `confirm` sends it and shows the outcome; when the shop refuses the token, `onRefused` gets the
 * token field's message and returns whether the page shows it — otherwise (and on any other
 * failure) the form says that something went wrong, and the shopper can try again.
 */
export function MailLinkConfirmForm({
  token,
  message,
  submitLabel,
  confirm,
  onRefused,
}: {
  token: string;
  message: ReactNode;
  submitLabel: ReactNode;
  confirm: () => Promise<void>;
  onRefused: (problem: string) => boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await confirm();
    } catch (error) {
      const problem = error instanceof ApiRequestError ? error.body.fields?.token?.[0] : undefined;
      if (!problem || !onRefused(problem)) setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <p className="text-lg">{message}</p>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          <FormattedMessage id="form.error.generic" />
        </p>
      )}
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
    </form>
  );
}
