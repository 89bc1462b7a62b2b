import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { ORDER_NUMBER_PATTERN, orderLookupInput } from "#modules/orders/order-lookup.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { pageTitle } from "#web/routes/account/account.server.ts";
import { FormError } from "#web/ui/form-error.tsx";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { TextField } from "#web/ui/text-field.tsx";
import type { Route } from "./+types/order-lookup-page.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const number = (new URL(request.url).searchParams.get("id") ?? "").trim();
  return {
    title: pageTitle(shop, "meta.orderLookup.title"),
    // Only what looks like an order number is put back in the form.
    number: ORDER_NUMBER_PATTERN.test(number) ? number : "",
    member: shop.user !== null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

type Input = z.input<typeof orderLookupInput>;
type Output = z.output<typeof orderLookupInput>;

/**
 * A guest's way to an order without the confirmation mail: its number and the e-mail address it was
 * placed with. Any mismatch gets the same answer (the form does not tell which part was wrong).
 */
export default function OrderLookupPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(orderLookupInput),
    mode: "onTouched",
    defaultValues: { order_number: loaderData.number, email: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const found = await call("POST /v1.1/orders/lookup/", { json: values });
      navigate(found.redirect_url);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) setFormError("orders.lookup.noMatch");
      else setFormError(applyServerErrors(error, form.setError, ["order_number", "email"]));
    }
  });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">
        <FormattedMessage id="orders.lookup.title" />
      </h1>
      <p className="mb-6 text-neutral-800">
        <FormattedMessage id="orders.lookup.intro" />
      </p>
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="order-lookup-form">
        <TextField
          label={intl.formatMessage({ id: "orders.lookup.number" })}
          hint={intl.formatMessage({ id: "orders.lookup.numberHint" })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          error={form.formState.errors.order_number?.message}
          {...form.register("order_number")}
        />
        <TextField
          label={intl.formatMessage({ id: "form.email.label" })}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <FormError id={formError} />
        <SubmitButton busy={form.formState.isSubmitting}>
          <FormattedMessage id="orders.lookup.submit" />
        </SubmitButton>
      </form>
      <p className="mt-6 text-sm text-neutral-800">
        {loaderData.member ? (
          <Link to="/account/orders/" className="font-semibold underline">
            <FormattedMessage id="orders.lookup.memberOrders" />
          </Link>
        ) : (
          <FormattedMessage
            id="orders.lookup.login"
            values={{
              link: (text) => (
                <Link to="/account/login/?next=%2Faccount%2Forders%2F" className="font-semibold underline">
                  {text}
                </Link>
              ),
            }}
          />
        )}
      </p>
    </div>
  );
}
