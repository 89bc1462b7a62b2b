import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { useIntl } from "react-intl";
import { type AddressValues, addressSchema, type FormField } from "#modules/markets/address-forms.ts";

export type AddressFormValues = Record<string, string>;

// The address form of the checkout and the member's address book: its fields come from the
// server's definitions for a country (`addressFormFields`), and so do its rules.

/**
 * An address form whose rules are the server's field definitions: the resolver is rebuilt from the
 * definitions in force, so a change of country changes the rules. Errors show after a field is left,
 * then while typing, and on submit (react-hook-form's onTouched mode).
 */
export function useAddressForm(fields: FormField[], defaults: AddressValues | null) {
  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const resolver: Resolver<AddressFormValues> = (values, context, options) =>
    zodResolver(addressSchema(fieldsRef.current))(values, context, options as never) as never;
  return useForm<AddressFormValues>({
    resolver,
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues: valuesFor(fields, defaults),
  });
}

export function valuesFor(fields: FormField[], defaults: AddressValues | null): AddressFormValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      (defaults?.[field.name] as string | undefined) || field.initial || "",
    ]),
  );
}

/**
 * After the country changed: the form takes the new country's fields (a house number or a province
 * appears or goes), keeping what was typed in the fields both forms have.
 */
export function switchCountry(form: UseFormReturn<AddressFormValues>, fields: FormField[], country: string) {
  form.reset({ ...valuesFor(fields, null), ...form.getValues(), country }, { keepTouched: true });
}

interface Props {
  form: UseFormReturn<AddressFormValues>;
  fields: FormField[];
  idPrefix: string;
  onCountryChange?: (country: string) => void;
}

export function AddressFields({ form, fields, idPrefix, onCountryChange }: Props) {
  const intl = useIntl();
  const errors = form.formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const error = errors[field.name]?.message as string | undefined;
        const registered = form.register(field.name, {
          onChange: (event: { target: { value: string } }) => {
            if (errors[field.name]?.type === "server") form.clearErrors(field.name);
            if (field.name === "country") onCountryChange?.(event.target.value);
          },
        });
        const describedBy = [field.help_message ? `${id}-help` : null, error ? `${id}-error` : null]
          .filter(Boolean)
          .join(" ");
        const label = intl.formatMessage({ id: field.label });
        const wide = ["name", "address", "email", "country", "company", "address2"].includes(field.name);
        return (
          <div key={field.name} className={`flex flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`}>
            <label htmlFor={id} className="text-sm font-semibold">
              {label}
              {!field.required && (
                <span className="font-normal text-neutral-700">
                  {" "}
                  {intl.formatMessage({ id: "address.optional" })}
                </span>
              )}
            </label>
            {field.choices ? (
              <select
                id={id}
                autoComplete={field.auto_complete}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
                aria-required={field.required}
                className={`rounded border bg-white px-3 py-2 ${error ? "border-red-700" : "border-neutral-500"}`}
                {...registered}
              >
                {field.name !== "country" && (
                  <option value="">{intl.formatMessage({ id: "address.choose" })}</option>
                )}
                {field.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                type={field.type === "emailField" ? "email" : field.type === "phoneField" ? "tel" : "text"}
                autoComplete={field.auto_complete}
                placeholder={field.placeholder || undefined}
                maxLength={field.max_length ?? undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy || undefined}
                aria-required={field.required}
                className={`rounded border px-3 py-2 ${error ? "border-red-700" : "border-neutral-500"}`}
                {...registered}
              />
            )}
            {field.help_message && (
              <p id={`${id}-help`} className="text-xs text-neutral-700">
                {intl.formatMessage({ id: field.help_message })}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="text-sm text-red-700" data-testid={`error-${field.name}`}>
                {intl.formatMessage(
                  { id: error, defaultMessage: error },
                  { example: field.placeholder, min: field.min_length ?? 0, max: field.max_length ?? 0 },
                )}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
