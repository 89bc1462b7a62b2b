import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import {
  CUSTOMIZATION_NAME_MAX,
  CUSTOMIZATION_NUMBER_MAX,
  customizationInput,
} from "#modules/cart/customization.contract.ts";
import { callAt } from "#web/lib/api.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { TextField } from "#web/ui/text-field.tsx";

type Print = z.output<typeof customizationInput>;

/**
 * A bag line's print: none → added through this dialog → removed. The form is checked by the same
 * contract as the product page and the server; a failure shows a banner that a click dismisses.
 */
export function LinePrint({
  url,
  current,
  onChanged,
}: {
  url: string;
  current: Print | null;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm<z.input<typeof customizationInput>, unknown, Print>({
    resolver: zodResolver(customizationInput),
    mode: "onTouched",
    defaultValues: { name: current?.name ?? "", number: current?.number ?? "" },
  });
  const send = async (print: Partial<Print>) => {
    setFailed(false);
    try {
      await callAt("POST /customizations/update/:id/", url, {
        form: { name: "", number: "", marker: "", player_flag: "", print_type: "", ...print },
      });
      setOpen(false);
      onChanged();
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      {failed && (
        <div role="alert">
          <button
            type="button"
            onClick={() => setFailed(false)}
            className="w-full rounded border border-red-700 bg-red-50 p-2 text-left text-red-800"
          >
            <FormattedMessage id="cart.print.failed" />
          </button>
        </div>
      )}
      {current ? (
        <p className="flex items-center gap-2">
          <FormattedMessage id="cart.print.current" values={{ name: current.name, number: current.number }} />
          <button type="button" onClick={() => send({})} className="underline" data-testid="remove-print">
            <FormattedMessage id="cart.print.remove" />
          </button>
        </p>
      ) : (
        <Dialog
          side="centre"
          className="w-[min(28rem,92vw)] p-5"
          headerClassName="mb-3"
          open={open}
          onOpenChange={setOpen}
          trigger={
            <button type="button" className="self-start underline" data-testid="add-print">
              <FormattedMessage id="cart.print.add" />
            </button>
          }
          title={<FormattedMessage id="customization.title" />}
          description={<FormattedMessage id="customization.title" />}
        >
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => send(values))}
            className="flex flex-col gap-3"
          >
            <TextField
              label={intl.formatMessage({ id: "cart.print.name" })}
              maxLength={CUSTOMIZATION_NAME_MAX}
              error={form.formState.errors.name?.message}
              {...form.register("name")}
            />
            <TextField
              label={intl.formatMessage({ id: "cart.print.number" })}
              maxLength={CUSTOMIZATION_NUMBER_MAX}
              inputMode="numeric"
              error={form.formState.errors.number?.message}
              {...form.register("number")}
            />
            <button
              type="submit"
              disabled={form.formState.isSubmitting}
              className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
            >
              <FormattedMessage id="cart.print.save" />
            </button>
          </form>
        </Dialog>
      )}
    </div>
  );
}
