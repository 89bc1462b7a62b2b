import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import { emailInput } from "#modules/accounts/accounts.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { TextField } from "#web/ui/text-field.tsx";
import type { Route } from "./+types/reset-page.ts";
import { pageTitle } from "./account.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { title: pageTitle(context.get(shopContext), "meta.reset.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }];
}

export default function ResetPage() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof emailInput>, unknown, z.output<typeof emailInput>>({
    resolver: zodResolver(emailInput),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await call("POST /api/auth/password-reset/", { json: values });
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ["email"]));
    }
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-4 text-3xl font-bold">
        <FormattedMessage id="reset.title" />
      </h1>
      <p className="mb-6">
        <FormattedMessage id="reset.intro" />
      </p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={intl.formatMessage({ id: "form.email.label" })}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <FormError id={formError} />
        <SubmitButton busy={form.formState.isSubmitting}>
          <FormattedMessage id="reset.submit" />
        </SubmitButton>
      </form>
      <p role="status" className="mt-4">
        {sentTo && <FormattedMessage id="reset.sent" values={{ email: sentTo }} />}
      </p>
    </div>
  );
}
