import { useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AddressBookField } from "#modules/accounts/address-book.contract.ts";
import type { AddressValues, FormField } from "#modules/markets/address-forms.ts";
import {
  AddressFields,
  type AddressFormValues,
  switchCountry,
  useAddressForm,
} from "#web/components/address-form.tsx";
import { call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { Dialog, DialogClose } from "#web/ui/dialog.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { BookAddress } from "./address-card.tsx";

interface Props {
  /** The address to change; null to add one. */
  address: BookAddress | null;
  /** The form of the address's country (or the market's, for a new one), already loaded. */
  fields: FormField[];
  /** Whether the member has a default of each kind already (a new address becomes one where not). */
  hasDefault: { delivery: boolean; billing: boolean };
  loadForm: (country: string) => Promise<FormField[]>;
  onClose: () => void;
  onSaved: (addresses: BookAddress[]) => void;
}

/**
 * The address form in a sheet (from the bottom on phones, at the right from tablets up): the
 * country's fields as the server defines them, checked on leaving a field and on sending; another
 * country reloads the fields. Field errors from the server go on their fields; any other failure
 * is an error toast.
 */
export function AddressEditor({
  address,
  fields: initialFields,
  hasDefault,
  loadForm,
  onClose,
  onSaved,
}: Props) {
  const intl = useIntl();
  const toast = useToast();
  const [fields, setFields] = useState(initialFields);
  const form = useAddressForm(fields, address as AddressValues | null);
  const [defaultDelivery, setDefaultDelivery] = useState(address?.default_delivery ?? !hasDefault.delivery);
  const [defaultBilling, setDefaultBilling] = useState(address?.default_billing ?? !hasDefault.billing);
  const [saving, setSaving] = useState(false);
  const countryRequest = useRef(0);
  const failed = (id: string) =>
    toast({ title: intl.formatMessage({ id }), variant: "destructive", flow: true });

  const changeCountry = async (country: string) => {
    const request = ++countryRequest.current;
    const shown = fields.find((field) => field.name === "country")?.initial ?? "";
    try {
      const next = await loadForm(country);
      if (request !== countryRequest.current) return;
      setFields(next);
      switchCountry(form, next, country);
    } catch {
      if (request !== countryRequest.current) return;
      // The fields are still the shown country's: so is the choice.
      form.setValue("country", shown);
      failed("addresses.formFailed");
    }
  };

  const save = async (values: AddressFormValues) => {
    setSaving(true);
    const json = {
      ...(Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? ""])) as Partial<
        Record<AddressBookField, string>
      >),
      default_delivery: defaultDelivery,
      default_billing: defaultBilling,
    };
    try {
      const answer = address
        ? await call("POST /v1.1/addresses/:id/", { params: { id: address.id }, json })
        : await call("POST /v1.1/addresses/", { json });
      onSaved(answer.addresses);
    } catch (error) {
      setSaving(false);
      const names = fields.map((field) => field.name);
      if (applyServerErrors(error, form.setError, names)) failed("addresses.saveFailed");
    }
  };

  const checkbox = "size-5 shrink-0 accent-pitch-900";
  return (
    <Dialog
      side="sheet"
      open
      onOpenChange={(open) => !open && onClose()}
      className="w-full p-5 md:w-[34rem]"
      testId="address-editor"
      title={<FormattedMessage id={address ? "addresses.editTitle" : "addresses.addTitle"} />}
      description={<FormattedMessage id="addresses.formHint" />}
    >
      <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-5" aria-busy={saving}>
        <AddressFields form={form} fields={fields} idPrefix="address-book" onCountryChange={changeCountry} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold">
            <FormattedMessage id="addresses.defaults" />
          </legend>
          <label className="flex min-h-6 items-center gap-2">
            <input
              type="checkbox"
              className={checkbox}
              checked={defaultDelivery}
              onChange={(event) => setDefaultDelivery(event.target.checked)}
            />
            <FormattedMessage id="addresses.useAsDefault.delivery" />
          </label>
          <label className="flex min-h-6 items-center gap-2">
            <input
              type="checkbox"
              className={checkbox}
              checked={defaultBilling}
              onChange={(event) => setDefaultBilling(event.target.checked)}
            />
            <FormattedMessage id="addresses.useAsDefault.billing" />
          </label>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <DialogClose className="flex-1 rounded-full border border-neutral-900 px-4 py-3 font-semibold">
            <FormattedMessage id="addresses.cancel" />
          </DialogClose>
          <button
            type="submit"
            disabled={saving}
            data-testid="address-save"
            className="flex-1 rounded-full bg-pitch-900 px-4 py-3 font-bold text-white disabled:opacity-60"
          >
            <FormattedMessage id="addresses.save" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
