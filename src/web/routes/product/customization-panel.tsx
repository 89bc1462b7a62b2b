import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import type { z } from "zod";
import {
  CUSTOMIZATION_NAME_MAX,
  CUSTOMIZATION_NUMBER_MAX,
  type CustomizationInput,
  customizationInput,
} from "#modules/cart/customization.contract.ts";
import { call } from "#web/lib/api.ts";
import type { ResponseOf } from "#web/lib/endpoints.ts";
import { Check } from "#web/ui/icons.tsx";
import * as Tabs from "#web/ui/tabs.tsx";

type CustomizationData = ResponseOf<"GET /customizations/get/:id/">;
export type CustomizationOption = CustomizationData["data"][number];

type FormValues = z.input<typeof customizationInput>;

export const EMPTY_CUSTOMIZATION: CustomizationInput = {
  name: "",
  number: "",
  marker: "",
  player_flag: "",
  print_type: "",
};

/** The print's price: each filled field's option price. */
export function customizationPrice(options: CustomizationOption[], values: CustomizationInput): number {
  return options.reduce((sum, option) => {
    const value = values[option.name as keyof CustomizationInput];
    return value ? sum + option.price : sum;
  }, 0);
}

/**
 * Name and number tabs (switching clears name, number and flag), flag, badge and print type, each
 * checked as the shopper types by the same contract the server uses. "n/max" counters, errors in red
 * under the field, a check mark once a touched field is valid.
 */
export function CustomizationPanel({
  productId,
  busy,
  error,
  onDismissError,
  onSubmit,
}: {
  productId: number;
  busy: boolean;
  error: boolean;
  onDismissError: () => void;
  onSubmit: (values: CustomizationInput | null) => void;
}) {
  const intl = useIntl();
  const [options, setOptions] = useState<CustomizationData | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tab, setTab] = useState<"name" | "number">("name");
  const form = useForm<FormValues, unknown, CustomizationInput>({
    resolver: zodResolver(customizationInput),
    mode: "onTouched",
    defaultValues: EMPTY_CUSTOMIZATION,
  });
  const { register, formState, watch, reset, handleSubmit } = form;
  const values = { ...EMPTY_CUSTOMIZATION, ...watch() } as CustomizationInput;

  useEffect(() => {
    call("GET /customizations/get/:id/", { params: { id: productId } })
      .then(setOptions)
      .catch(() => setLoadFailed(true));
  }, [productId]);

  const option = (name: string) => options?.data.find((o) => o.name === name);
  const money = (amount: number, currency: string) =>
    intl.formatNumber(amount, { style: "currency", currency });
  const nameOption = option("name");
  const numberOption = option("number");
  const flagOption = option("player_flag");
  const markerOption = option("marker");
  const printOption = option("print_type");
  const price = options ? customizationPrice(options.data, values) : 0;
  const currency = options?.data[0]?.currency ?? "EUR";

  if (loadFailed)
    return (
      <p role="alert" className="text-sm text-red-700">
        <FormattedMessage id="customization.loadFailed" />
      </p>
    );
  if (!options) return <div className="h-40 animate-pulse rounded bg-neutral-100" aria-busy="true" />;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((data) => onSubmit(data))}
      className="flex flex-col gap-4"
      aria-label={intl.formatMessage({ id: "customization.title" })}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setTab(value as "name" | "number");
          reset({ ...values, name: "", number: "", player_flag: "" });
        }}
      >
        <Tabs.List className="flex gap-2" aria-label={intl.formatMessage({ id: "customization.kind" })}>
          <Tabs.Trigger
            value="name"
            className="rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-semibold data-[state=active]:bg-neutral-900 data-[state=active]:text-white"
          >
            <FormattedMessage id="customization.tab.nameNumber" />
          </Tabs.Trigger>
          <Tabs.Trigger
            value="number"
            className="rounded-full border border-neutral-500 px-4 py-1.5 text-sm font-semibold data-[state=active]:bg-neutral-900 data-[state=active]:text-white"
          >
            <FormattedMessage id="customization.tab.numberOnly" />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="name" className="mt-3 flex flex-col gap-3">
          {nameOption && (
            <CountedField
              label={`${nameOption.title} (+${money(nameOption.price, currency)})`}
              max={nameOption.max_length ?? CUSTOMIZATION_NAME_MAX}
              value={values.name}
              error={formState.errors.name?.message}
              valid={Boolean(formState.touchedFields.name && !formState.errors.name && values.name)}
              registration={register("name")}
            />
          )}
          {numberOption && (
            <CountedField
              label={`${numberOption.title} (+${money(numberOption.price, currency)})`}
              max={numberOption.max_length ?? CUSTOMIZATION_NUMBER_MAX}
              value={values.number}
              inputMode="numeric"
              error={formState.errors.number?.message}
              valid={Boolean(formState.touchedFields.number && !formState.errors.number && values.number)}
              registration={register("number")}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="number" className="mt-3 flex flex-col gap-3">
          {numberOption && (
            <CountedField
              label={`${numberOption.title} (+${money(numberOption.price, currency)})`}
              max={numberOption.max_length ?? CUSTOMIZATION_NUMBER_MAX}
              value={values.number}
              inputMode="numeric"
              error={formState.errors.number?.message}
              valid={Boolean(formState.touchedFields.number && !formState.errors.number && values.number)}
              registration={register("number")}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
      {flagOption && (
        <ChoiceField
          label={`${flagOption.title} (+${money(flagOption.price, currency)})`}
          option={flagOption}
          registration={register("player_flag")}
        />
      )}
      {printOption && (
        <ChoiceField label={printOption.title} option={printOption} registration={register("print_type")} />
      )}
      {markerOption && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.marker === "yes"}
            onChange={(event) => form.setValue("marker", event.target.checked ? "yes" : "")}
          />
          {markerOption.title} (+{money(markerOption.price, currency)})
        </label>
      )}
      <p className="text-sm">
        <FormattedMessage id="customization.price" values={{ price: money(price, currency) }} />
        {" · "}
        <FormattedMessage id="customization.delay" values={{ days: options.customization_delays.max_days }} />
      </p>
      {error && (
        <div
          role="alert"
          className="flex items-start justify-between gap-2 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800"
        >
          <FormattedMessage id="customization.addFailed" />
          <button type="button" onClick={onDismissError} className="font-semibold underline">
            <FormattedMessage id="common.dismiss" />
          </button>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <button
          type="submit"
          disabled={busy}
          data-testid="add-with-print"
          className="rounded-full bg-neutral-900 px-5 py-3 font-semibold text-white disabled:opacity-50"
        >
          <FormattedMessage id="customization.addWith" />
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => onSubmit(null)}
          className="rounded-full border border-neutral-900 px-5 py-3 font-semibold disabled:opacity-50"
        >
          <FormattedMessage id="customization.addWithout" />
        </button>
      </div>
    </form>
  );
}

function CountedField({
  label,
  max,
  value,
  error,
  valid,
  registration,
  inputMode,
}: {
  label: string;
  max: number;
  value: string;
  error: string | undefined;
  valid: boolean;
  registration: ReturnType<ReturnType<typeof useForm<FormValues, unknown, CustomizationInput>>["register"]>;
  inputMode?: "numeric";
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          maxLength={max}
          inputMode={inputMode}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
          className={`w-full rounded border px-3 py-2 pr-10 uppercase ${error ? "border-red-700" : "border-neutral-500"}`}
          {...registration}
        />
        {valid && (
          <Check
            aria-label={intl.formatMessage({ id: "customization.valid" })}
            className="absolute right-3 top-1/2 size-5 -translate-y-1/2 text-green-700"
          />
        )}
      </div>
      <p id={`${id}-count`} className="text-right text-xs text-neutral-700">
        {value.length}/{max}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {intl.formatMessage({ id: error, defaultMessage: error })}
        </p>
      )}
    </div>
  );
}

function ChoiceField({
  label,
  option,
  registration,
}: {
  label: string;
  option: CustomizationOption;
  registration: ReturnType<ReturnType<typeof useForm<FormValues, unknown, CustomizationInput>>["register"]>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} className="rounded border border-neutral-500 px-3 py-2" {...registration}>
        <option value="">–</option>
        {option.selections.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
