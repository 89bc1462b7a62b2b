import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { resetConfirmInput } from "#modules/accounts/accounts.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { TextField } from "#web/ui/text-field.tsx";
import type { Route } from "./+types/reset-confirm-page.ts";
import { pageTitle } from "./account.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { title: pageTitle(context.get(shopContext), "meta.reset.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

export default function ResetConfirmPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof resetConfirmInput>, unknown, z.output<typeof resetConfirmInput>>({
    resolver: zodResolver(resetConfirmInput),
    mode: "onTouched",
    defaultValues: { token: params.get("token") ?? "", password: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await call("POST /api/auth/password-reset/confirm/", { json: values });
      setDone(true);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ["password", "token"]));
    }
  });
  const tokenProblem = form.formState.errors.token?.message;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">
        <FormattedMessage id="resetConfirm.title" />
      </h1>
      {done ? (
        <p role="status">
          <FormattedMessage id="resetConfirm.done" />{" "}
          <Link to="/account/login/" className="font-semibold text-pitch-700 underline">
            <FormattedMessage id="login.continue" />
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <input type="hidden" {...form.register("token")} />
          <TextField
            label={intl.formatMessage({ id: "form.password.label" })}
            type="password"
            autoComplete="new-password"
            hint={intl.formatMessage({ id: "form.password.hint" })}
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
          <FormError id={tokenProblem || formError} />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="resetConfirm.submit" />
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
