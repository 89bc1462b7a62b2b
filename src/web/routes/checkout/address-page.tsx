import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { FormField } from "#modules/markets/address-forms.ts";
import { shopCodeFromAlpha3 } from "#modules/markets/markets.service.ts";
import { shopContext } from "#server/request-context.ts";
import { ApiRequestError, api } from "#web/lib/api.ts";
import type { Route } from "./+types/address-page.ts";
import {
  AddressFields,
  type AddressFormValues,
  showServerErrors,
  useAddressForm,
  valuesFor,
} from "./address-form.tsx";
import { loadAddressStep } from "./checkout.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadAddressStep(context.get(shopContext));
}

const formFor = (type: "shipping" | "billing", country: string) =>
  api<FormField[]>(`/checkout/payment_form/?type=${type}&country_code=${country}`);

export default function AddressPage({ loaderData }: Route.ComponentProps) {
  const { customer, shopCountry, loggedIn } = loaderData;
  const intl = useIntl();
  const navigate = useNavigate();
  const [shippingFields, setShippingFields] = useState(loaderData.shippingFields);
  const [billingFields, setBillingFields] = useState(loaderData.billingFields);
  const shipping = useAddressForm(
    shippingFields,
    customer.address ? { ...customer.address, email: customer.email } : { email: customer.email },
  );
  const billing = useAddressForm(billingFields, customer.billing_address);
  const [sameBilling, setSameBilling] = useState(customer.billing_address === null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);

  const changeCountry = (kind: "shipping" | "billing") => async (country: string) => {
    const fields = await formFor(kind, country).catch(() => null);
    if (!fields) return;
    const form = kind === "shipping" ? shipping : billing;
    const values = form.getValues();
    (kind === "shipping" ? setShippingFields : setBillingFields)(fields);
    form.reset({ ...valuesFor(fields, null), ...values, country }, { keepTouched: true });
  };

  const save = async (values: AddressFormValues, billingValues: AddressFormValues) => {
    setSaving(true);
    setFailed(false);
    try {
      await api("/api/checkout/set_delivery_address/", { json: values });
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiRequestError && error.body.error === "country_mismatch") {
        setRedirectTo(shopCodeFromAlpha3(values.country ?? "") ?? null);
        return false;
      }
      if (error instanceof ApiRequestError && error.body.fields)
        showServerErrors(shipping, error.body.fields);
      else setFailed(true);
      return false;
    }
    try {
      const { email: _email, ...billingAddress } = billingValues;
      await api("/api/checkout/set_billing_address/", { json: billingAddress });
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiRequestError && error.body.fields)
        showServerErrors(sameBilling ? shipping : billing, error.body.fields);
      else setFailed(true);
      return false;
    }
    return true;
  };

  // Both forms are submitted through react-hook-form, so after a submit every field re-checks while
  // it is typed in (an error does not wait for the field to be left). Shipping goes last: its first
  // error is the one focused.
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let billingValues: AddressFormValues | null = null;
    if (!sameBilling)
      await billing.handleSubmit((values) => {
        billingValues = values;
      })();
    await shipping.handleSubmit(async (values) => {
      if (!sameBilling && !billingValues) return;
      if (values.country !== shopCountry) {
        setRedirectTo(shopCodeFromAlpha3(values.country ?? "") ?? null);
        return;
      }
      if (await save(values, billingValues ?? values)) navigate("/checkout/delivery/");
    })();
  };

  const confirmRedirect = async () => {
    if (!redirectTo) return;
    await api("/api/markets/select/", { json: { market: redirectTo } });
    const values = shipping.getValues();
    await save(values, sameBilling ? values : billing.getValues());
    window.location.reload();
  };

  return (
    <div className="py-4">
      <h1 className="mb-4 text-2xl font-bold">
        <FormattedMessage id="checkout.address.title" />
      </h1>
      {loggedIn && customer.addresses.length > 0 && (
        <fieldset className="mb-6">
          <legend className="mb-2 font-semibold">
            <FormattedMessage id="checkout.address.saved" />
          </legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {customer.addresses.map((address) => (
              <li key={address.id}>
                <button
                  type="button"
                  className="w-full rounded border border-neutral-300 p-3 text-left text-sm hover:border-neutral-900"
                  onClick={() =>
                    shipping.reset(valuesFor(shippingFields, { ...address, email: customer.email }))
                  }
                >
                  <span className="block font-semibold">{address.name}</span>
                  {address.full_address_line}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <form noValidate onSubmit={submit} className="space-y-6" aria-busy={saving}>
        <section aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className="mb-3 text-lg font-semibold">
            <FormattedMessage id="checkout.address.shipping" />
          </h2>
          <AddressFields
            form={shipping}
            fields={shippingFields}
            idPrefix="shipping"
            onCountryChange={changeCountry("shipping")}
          />
        </section>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={sameBilling}
            onChange={(e) => setSameBilling(e.target.checked)}
            className="size-5"
          />
          <FormattedMessage id="checkout.address.useForBilling" />
        </label>
        {!sameBilling && (
          <section aria-labelledby="billing-heading">
            <h2 id="billing-heading" className="mb-3 text-lg font-semibold">
              <FormattedMessage id="checkout.address.billing" />
            </h2>
            <AddressFields
              form={billing}
              fields={billingFields}
              idPrefix="billing"
              onCountryChange={changeCountry("billing")}
            />
          </section>
        )}
        {failed && (
          <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
            <FormattedMessage id="checkout.error.generic" />
          </p>
        )}
        <button
          type="submit"
          disabled={saving}
          data-testid="address-submit"
          className="w-full rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60 sm:w-auto"
        >
          <FormattedMessage id="checkout.address.continue" />
        </button>
      </form>
      <Dialog.Root open={redirectTo !== null} onOpenChange={(open) => !open && setRedirectTo(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content
            className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-6 shadow-xl sm:inset-x-auto sm:right-0 sm:top-0 sm:w-96 sm:rounded-none"
            data-testid="country-redirect"
          >
            <Dialog.Title className="mb-2 text-lg font-bold">
              <FormattedMessage id="checkout.redirect.title" />
            </Dialog.Title>
            <Dialog.Description className="mb-4">
              <FormattedMessage
                id="checkout.redirect.text"
                values={{
                  country: new Intl.DisplayNames([intl.locale], { type: "region" }).of(
                    (redirectTo ?? "dk").toUpperCase(),
                  ),
                }}
              />
            </Dialog.Description>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={confirmRedirect}
                className="flex-1 rounded-full bg-pitch-900 px-4 py-3 font-bold text-white"
              >
                <FormattedMessage id="checkout.redirect.confirm" />
              </button>
              <Dialog.Close className="flex-1 rounded-full border border-neutral-900 px-4 py-3 font-bold">
                <FormattedMessage id="checkout.redirect.cancel" />
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
