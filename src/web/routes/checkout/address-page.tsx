import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { shopCodeFromAlpha3 } from "#modules/markets/markets.service.ts";
import { shopContext } from "#server/request-context.ts";
import {
  AddressFields,
  type AddressFormValues,
  switchCountry,
  useAddressForm,
  valuesFor,
} from "#web/components/address-form.tsx";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import type { Route } from "./+types/address-page.ts";
import { loadAddressStep } from "./checkout.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadAddressStep(context.get(shopContext));
}

const formFor = (type: "shipping" | "billing", country: string) =>
  call("GET /checkout/payment_form/", { query: { type, country_code: country } });

export default function AddressPage({ loaderData }: Route.ComponentProps) {
  const { customer, start, shopCountry, loggedIn } = loaderData;
  const intl = useIntl();
  const navigate = useNavigate();
  const [shippingFields, setShippingFields] = useState(loaderData.shippingFields);
  const [billingFields, setBillingFields] = useState(loaderData.billingFields);
  const shipping = useAddressForm(
    shippingFields,
    start.delivery ? { ...start.delivery, email: customer.email } : { email: customer.email },
  );
  const billing = useAddressForm(billingFields, start.billing);
  const [sameBilling, setSameBilling] = useState(start.billing === null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);

  const changeCountry = (kind: "shipping" | "billing") => async (country: string) => {
    const fields = await formFor(kind, country).catch(() => null);
    if (!fields) return;
    (kind === "shipping" ? setShippingFields : setBillingFields)(fields);
    switchCountry(kind === "shipping" ? shipping : billing, fields, country);
  };

  /** A saved address fills the delivery form, in its own country's fields. */
  const fillFromSaved = async (address: (typeof customer.addresses)[number]) => {
    let fields = shippingFields;
    if (address.country !== shipping.getValues().country) {
      const loaded = await formFor("shipping", address.country).catch(() => null);
      if (!loaded) return;
      setShippingFields(loaded);
      fields = loaded;
    }
    shipping.reset(valuesFor(fields, { ...address, email: customer.email }));
  };

  const save = async (values: AddressFormValues, billingValues: AddressFormValues) => {
    setSaving(true);
    setFailed(false);
    try {
      await call("POST /api/checkout/set_delivery_address/", { json: values });
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiRequestError && error.body.error === "country_mismatch") {
        setRedirectTo(shopCodeFromAlpha3(values.country ?? "") ?? null);
        return false;
      }
      if (applyServerErrors(error, shipping.setError)) setFailed(true);
      return false;
    }
    try {
      const { email: _email, ...billingAddress } = billingValues;
      await call("POST /api/checkout/set_billing_address/", { json: billingAddress });
    } catch (error) {
      setSaving(false);
      if (applyServerErrors(error, (sameBilling ? shipping : billing).setError)) setFailed(true);
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
    await call("POST /api/markets/select/", { json: { market: redirectTo } });
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
                  onClick={() => fillFromSaved(address)}
                >
                  <span className="block font-semibold">{address.name}</span>
                  {address.full_address_line}
                  {(address.default_delivery || address.default_billing) && (
                    <span className="mt-1 flex flex-wrap gap-x-3 text-xs font-bold">
                      {address.default_delivery && (
                        <span>
                          <FormattedMessage id="addresses.badge.delivery" />
                        </span>
                      )}
                      {address.default_billing && (
                        <span>
                          <FormattedMessage id="addresses.badge.billing" />
                        </span>
                      )}
                    </span>
                  )}
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
      <Dialog
        side="sheet"
        className="p-6 md:w-96"
        headerClassName="mb-2"
        closeButton={false}
        testId="country-redirect"
        open={redirectTo !== null}
        onOpenChange={(open) => !open && setRedirectTo(null)}
        title={<FormattedMessage id="checkout.redirect.title" />}
        description={
          <FormattedMessage
            id="checkout.redirect.text"
            values={{
              country: new Intl.DisplayNames([intl.locale], { type: "region" }).of(
                (redirectTo ?? "dk").toUpperCase(),
              ),
            }}
          />
        }
        descriptionClassName="mb-4"
      >
        <div className="flex gap-2">
          <button
            type="button"
            onClick={confirmRedirect}
            className="flex-1 rounded-full bg-pitch-900 px-4 py-3 font-bold text-white"
          >
            <FormattedMessage id="checkout.redirect.confirm" />
          </button>
          <DialogClose className="flex-1 rounded-full border border-neutral-900 px-4 py-3 font-bold">
            <FormattedMessage id="checkout.redirect.cancel" />
          </DialogClose>
        </div>
      </Dialog>
    </div>
  );
}
