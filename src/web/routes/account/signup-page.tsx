import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { z } from "zod";
import { signupInput } from "#modules/accounts/accounts.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { TextField } from "#web/ui/text-field.tsx";
import type { Route } from "./+types/signup-page.ts";
import { pageTitle } from "./account.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { title: pageTitle(context.get(shopContext), "meta.signup.title") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }];
}

export default function SignupPage() {
  const intl = useIntl();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof signupInput>, unknown, z.output<typeof signupInput>>({
    resolver: zodResolver(signupInput),
    mode: "onTouched",
    defaultValues: { name: "", email: "", password: "", newsletter: false },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await call("POST /api/auth/signup/", { json: values });
      window.location.assign(
        `/account/login/?validate_email=${encodeURIComponent(values.email)}&next=/account/home/`,
      );
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ["name", "email", "password"]));
    }
  });
  const { errors } = form.formState;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">
        <FormattedMessage id="signup.title" />
      </h1>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label={intl.formatMessage({ id: "form.name.label" })}
          autoComplete="name"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <TextField
          label={intl.formatMessage({ id: "form.email.label" })}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label={intl.formatMessage({ id: "form.password.label" })}
          type="password"
          autoComplete="new-password"
          hint={intl.formatMessage({ id: "form.password.hint" })}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register("newsletter")} className="size-4" />
          <FormattedMessage id="form.newsletter.label" />
        </label>
        <FormError id={formError} />
        <SubmitButton busy={form.formState.isSubmitting}>
          <FormattedMessage id="signup.submit" />
        </SubmitButton>
      </form>
      <Link to="/account/login/" className="mt-6 block text-center font-semibold text-pitch-700 underline">
        <FormattedMessage id="signup.haveAccount" />
      </Link>
    </div>
  );
}
