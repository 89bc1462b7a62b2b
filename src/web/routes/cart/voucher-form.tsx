import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import { VOUCHER_PLACEHOLDER, voucherInput } from "#modules/cart/cart.contract.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { TextField } from "#web/ui/text-field.tsx";
import { useToast } from "#web/ui/toast.tsx";

/**
 * Voucher entry: applied → the bag is read again and the field cleared; the server's reason shows
 * under the field; without an answer a generic message does.
 */
export function VoucherForm({ onApplied }: { onApplied: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const form = useForm<z.input<typeof voucherInput>, unknown, z.output<typeof voucherInput>>({
    resolver: zodResolver(voucherInput),
    mode: "onSubmit",
    defaultValues: { voucher_code: "" },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  return (
    <form
      noValidate
      data-testid="voucher-form"
      className="flex flex-col gap-2"
      onSubmit={handleSubmit(async (values) => {
        try {
          const result = await call("POST /api/vouchers/add/", { json: values });
          reset({ voucher_code: "" });
          for (const warning of result.warning_message)
            toast({
              title: intl.formatMessage({ id: warning, defaultMessage: warning }),
              variant: "warning",
              flow: true,
            });
          onApplied();
        } catch (error) {
          const message =
            error instanceof ApiRequestError
              ? (error.body.fields?.voucher_code?.[0] ??
                (error.status === 429 ? "voucher.error.tooMany" : "voucher.error.generic"))
              : "voucher.error.generic";
          setError("voucher_code", { message });
        }
      })}
    >
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={intl.formatMessage({ id: "voucher.label" })}
          placeholder={VOUCHER_PLACEHOLDER}
          autoComplete="off"
          error={formState.errors.voucher_code?.message}
          {...register("voucher_code")}
        />
        <button
          type="submit"
          disabled={formState.isSubmitting}
          className="mb-[1px] rounded-full border border-neutral-900 px-4 py-2 font-semibold disabled:opacity-50"
        >
          <FormattedMessage id="voucher.apply" />
        </button>
      </div>
    </form>
  );
}
