import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import { signupInput } from "#modules/accounts/accounts.contract.ts";
import { call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { MailCheck, UserPlus } from "#web/ui/icons.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { TextField } from "#web/ui/text-field.tsx";

/**
 * The receipt's offer to a guest: an account from this order, with the order's e-mail and name filled
 * in, only a password to choose. The sign-up is the shop's usual one (a validation mail, the same
 * answer whether or not the address has an account); once the address is confirmed, the guest
 * orders placed with it are in the account (decision 0038).
 */
export function GuestSignUp({ email, name }: { email: string; name: string }) {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof signupInput>, unknown, z.output<typeof signupInput>>({
    resolver: zodResolver(signupInput),
    mode: "onTouched",
    defaultValues: { name, email, password: "", newsletter: false },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await call("POST /api/auth/signup/", { json: values });
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ["name", "email", "password"]));
    }
  });
  const { errors } = form.formState;
  return (
    <section
      aria-labelledby="guest-signup-heading"
      className="rounded border border-pitch-700 bg-pitch-50 p-4"
      data-testid="guest-signup"
    >
      <h2 id="guest-signup-heading" className="flex items-center gap-2 text-lg font-semibold">
        <UserPlus aria-hidden="true" className="size-5" />
        <FormattedMessage id="receipt.account.title" />
      </h2>
      {sentTo ? (
        <p role="status" className="mt-2 flex items-start gap-2 text-sm" data-testid="guest-signup-sent">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <FormattedMessage id="receipt.account.sent" values={{ email: sentTo }} />
        </p>
      ) : (
        <>
          <p className="mt-1 mb-3 text-sm text-neutral-800">
            <FormattedMessage id="receipt.account.text" />
          </p>
          <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={intl.formatMessage({ id: "form.email.label" })}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register("email")}
            />
            <TextField
              label={intl.formatMessage({ id: "form.name.label" })}
              autoComplete="name"
              error={errors.name?.message}
              {...form.register("name")}
            />
            <TextField
              className="sm:col-span-2"
              label={intl.formatMessage({ id: "form.password.label" })}
              type="password"
              autoComplete="new-password"
              hint={intl.formatMessage({ id: "form.password.hint" })}
              error={errors.password?.message}
              {...form.register("password")}
            />
            {formError && (
              <div className="sm:col-span-2">
                <FormError id={formError} />
              </div>
            )}
            <div className="sm:col-span-2">
              <SubmitButton busy={form.formState.isSubmitting}>
                <FormattedMessage id="receipt.account.submit" />
              </SubmitButton>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
