import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { z } from "zod";
import { TextField } from "#web/ui/text-field.tsx";
import { formatExpiry } from "./card-expiry.ts";

/** The card form's own checks; the provider decides the rest. Holder name required, no billing address. */
export const cardForm = z.object({
  holderName: z.string().trim().min(1, { error: "payment.card.error.holder" }).max(100),
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "payment.card.error.number" })),
  expiry: z
    .string()
    .transform(formatExpiry)
    .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: "payment.card.error.expiry" })),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: "payment.card.error.cvc" }),
});
export type CardValues = z.output<typeof cardForm>;

export function CardForm({
  disabled,
  onPay,
  label,
}: {
  disabled: boolean;
  onPay: (card: CardValues) => void;
  label: string;
}) {
  const intl = useIntl();
  const form = useForm<z.input<typeof cardForm>, unknown, CardValues>({
    resolver: zodResolver(cardForm),
    mode: "onTouched",
    defaultValues: { holderName: "", number: "", expiry: "", cvc: "" },
  });
  const error = (name: keyof CardValues) => form.formState.errors[name]?.message;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onPay)}
      className="grid gap-3 sm:grid-cols-2"
      data-testid="card-form"
    >
      <TextField
        className="sm:col-span-2"
        label={intl.formatMessage({ id: "payment.card.holder" })}
        autoComplete="cc-name"
        error={error("holderName")}
        disabled={disabled}
        {...form.register("holderName")}
      />
      <TextField
        className="sm:col-span-2"
        label={intl.formatMessage({ id: "payment.card.number" })}
        autoComplete="cc-number"
        inputMode="numeric"
        error={error("number")}
        disabled={disabled}
        {...form.register("number")}
      />
      <TextField
        label={intl.formatMessage({ id: "payment.card.expiry" })}
        autoComplete="cc-exp"
        placeholder={intl.formatMessage({ id: "payment.card.expiryPlaceholder" })}
        inputMode="numeric"
        maxLength={7}
        error={error("expiry")}
        disabled={disabled}
        data-testid="card-expiry"
        {...form.register("expiry", {
          // Written MM/YY as it is typed: "0330" reads "03/30".
          onChange: (event: { target: { value: string } }) => {
            const formatted = formatExpiry(event.target.value);
            if (formatted !== event.target.value) form.setValue("expiry", formatted);
          },
        })}
      />
      <TextField
        label={intl.formatMessage({ id: "payment.card.cvc" })}
        autoComplete="cc-csc"
        inputMode="numeric"
        error={error("cvc")}
        disabled={disabled}
        {...form.register("cvc")}
      />
      <button
        type="submit"
        disabled={disabled}
        className="rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60 sm:col-span-2"
        data-testid="pay-button"
      >
        {label}
      </button>
    </form>
  );
}
