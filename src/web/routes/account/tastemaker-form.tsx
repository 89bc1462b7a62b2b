import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useMemo } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { z } from "zod";
import {
  ACCOUNT_TYPES,
  BOOT_SIZES,
  BRANDS,
  characterCount,
  FOLLOWER_RANGES,
  GENDERS,
  HANDLE_MAX,
  LEVELS,
  listedBirthYears,
  MOTIVATION_MAX,
  MOTIVATION_MIN,
  minimumAge,
  PHONE_MAX,
  POSITIONS,
  TASTEMAKER_FIELDS,
  type tastemakerApplicationInput,
  tastemakerFormSchema,
} from "#modules/tastemakers/tastemakers.contract.ts";
import { ApiRequestError, call } from "#web/lib/api.ts";
import { SubmitButton } from "#web/ui/submit-button.tsx";
import { useToast } from "#web/ui/toast.tsx";

type Values = z.input<typeof tastemakerApplicationInput>;
type Sent = z.output<typeof tastemakerApplicationInput>;
type FieldName = (typeof TASTEMAKER_FIELDS)[number];

const idOf = (name: FieldName) => `tm-${name}`;
const PLATFORMS = [
  { name: "Instagram", handle: "instagram", followers: "instagramFollowers", account: "instagramAccount" },
  { name: "TikTok", handle: "tiktok", followers: "tiktokFollowers", account: "tiktokAccount" },
  { name: "YouTube", handle: "youtube", followers: "youtubeFollowers", account: null },
] as const;

/**
 * Brings the first field in error (in the form's order) into view and puts the focus on it: a radio
 * group's chosen option, else its first. Smooth unless the shopper asked for less motion.
 */
function revealFirstError(names: string[]) {
  const first = TASTEMAKER_FIELDS.find((name) => names.includes(name));
  if (!first) return;
  const target =
    document.querySelector<HTMLElement>(`input[name="${first}"]:checked`) ??
    document.getElementById(idOf(first));
  if (!target) return;
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  target.focus({ preventScroll: true });
}

/** "5000-25000" → "5,000–25,000" in the shopper's language; "25000+" → "25,000+". */
function followerLabel(range: string, intl: IntlShape): string {
  const [from, to] = range.replace("+", "").split("-");
  const number = (text: string | undefined) => intl.formatNumber(Number(text));
  return range.endsWith("+") ? `${number(from)}+` : `${number(from)}–${number(to)}`;
}

/**
 * The application form: the shared contract validates as the server does (the birth year against
 * the minimum age of the page's language). Errors show after a field is left, then while typing;
 * on a refused send the page scrolls to the first field in error. A failed call → a toast with title
 * and description; field errors from the server go on their fields.
 */
export function TastemakerForm({
  language,
  today,
  onSent,
  onAlreadyApplied,
}: {
  language: string;
  today: string;
  onSent: () => void;
  onAlreadyApplied: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const now = useMemo(() => new Date(today), [today]);
  const schema = useMemo(() => tastemakerFormSchema(language, now), [language, now]);
  const years = useMemo(() => listedBirthYears(language, now), [language, now]);
  const form = useForm<Values, unknown, Sent>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    reValidateMode: "onChange",
    shouldFocusError: false,
    defaultValues: {
      level: "Amateur",
      favoriteBrand: "",
      phoneNumber: "",
      motivation: "",
      instagram: "",
      instagramFollowers: "",
      instagramAccount: "",
      tiktok: "",
      tiktokFollowers: "",
      tiktokAccount: "",
      youtube: "",
      youtubeFollowers: "",
    },
  });
  const { errors } = form.formState;
  const motivationLength = characterCount((form.watch("motivation") ?? "").trim());

  const failed = (description: string) =>
    toast({
      title: intl.formatMessage({ id: "tastemaker.failed.title" }),
      description,
      variant: "destructive",
      flow: true,
    });

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await call("POST /account/signup-tastemaker/", { json: values });
        onSent();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 409) {
          failed(intl.formatMessage({ id: "tastemaker.error.alreadyApplied" }));
          onAlreadyApplied();
          return;
        }
        if (error instanceof ApiRequestError && error.status === 401) {
          failed(intl.formatMessage({ id: "tastemaker.failed.login" }));
          return;
        }
        const placed: string[] = [];
        if (error instanceof ApiRequestError)
          for (const [name, messages] of Object.entries(error.body.fields ?? {})) {
            if (!(TASTEMAKER_FIELDS as string[]).includes(name) || !messages[0]) continue;
            form.setError(name as FieldName, { type: "server", message: messages[0] });
            placed.push(name);
          }
        if (placed.length > 0) {
          revealFirstError(placed);
          failed(intl.formatMessage({ id: "tastemaker.failed.fields" }));
        } else failed(intl.formatMessage({ id: "tastemaker.failed.generic" }));
      }
    },
    (invalid) => revealFirstError(Object.keys(invalid)),
  );

  const error = (name: FieldName) => errors[name]?.message as string | undefined;
  const errorValues = (name: FieldName) => ({
    age: minimumAge(language),
    min: MOTIVATION_MIN,
    max: name === "phoneNumber" ? PHONE_MAX : name === "motivation" ? MOTIVATION_MAX : HANDLE_MAX,
  });
  const fieldError = (name: FieldName) => {
    const message = error(name);
    if (!message) return null;
    return (
      <p id={`${idOf(name)}-error`} className="text-sm text-red-700" data-testid={`error-${name}`}>
        {intl.formatMessage({ id: message, defaultMessage: message }, errorValues(name))}
      </p>
    );
  };
  const choose = intl.formatMessage({ id: "tastemaker.choose" });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-8 space-y-10"
      aria-label={intl.formatMessage({ id: "tastemaker.title" })}
    >
      <Section title={<FormattedMessage id="tastemaker.section.you" />}>
        <SelectField
          name="birthYear"
          label={intl.formatMessage({ id: "tastemaker.field.birthYear" })}
          error={error("birthYear")}
          registration={form.register("birthYear", { valueAsNumber: true })}
          options={[
            { value: "", label: choose },
            ...years.map((year) => ({ value: String(year), label: String(year) })),
          ]}
          autoComplete="bday-year"
        >
          {fieldError("birthYear")}
        </SelectField>
        <RadioGroup
          name="gender"
          label={intl.formatMessage({ id: "tastemaker.field.gender" })}
          error={error("gender")}
          registration={form.register("gender")}
          options={GENDERS.map((value) => ({
            value,
            label: intl.formatMessage({ id: `tastemaker.gender.${value}` }),
          }))}
        >
          {fieldError("gender")}
        </RadioGroup>
        <SelectField
          name="position"
          label={intl.formatMessage({ id: "tastemaker.field.position" })}
          error={error("position")}
          registration={form.register("position")}
          options={[
            { value: "", label: choose },
            ...POSITIONS.map((value) => ({
              value,
              label: intl.formatMessage({ id: `tastemaker.position.${value}` }),
            })),
          ]}
        >
          {fieldError("position")}
        </SelectField>
        <SelectField
          name="bootSize"
          label={intl.formatMessage({ id: "tastemaker.field.bootSize" })}
          error={error("bootSize")}
          registration={form.register("bootSize")}
          options={[{ value: "", label: choose }, ...BOOT_SIZES.map((value) => ({ value, label: value }))]}
        >
          {fieldError("bootSize")}
        </SelectField>
        <RadioGroup
          name="level"
          label={intl.formatMessage({ id: "tastemaker.field.level" })}
          error={error("level")}
          registration={form.register("level")}
          options={LEVELS.map((value) => ({
            value,
            label: intl.formatMessage({ id: `tastemaker.level.${value}` }),
          }))}
        >
          {fieldError("level")}
        </RadioGroup>
        <SelectField
          name="favoriteBrand"
          label={intl.formatMessage({ id: "tastemaker.field.favoriteBrand" })}
          optional
          error={error("favoriteBrand")}
          registration={form.register("favoriteBrand")}
          options={[
            { value: "", label: intl.formatMessage({ id: "tastemaker.noBrand" }) },
            ...BRANDS.map((value) => ({ value, label: value })),
          ]}
        >
          {fieldError("favoriteBrand")}
        </SelectField>
        <InputField
          name="phoneNumber"
          label={intl.formatMessage({ id: "tastemaker.field.phoneNumber" })}
          optional
          error={error("phoneNumber")}
          registration={form.register("phoneNumber")}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        >
          {fieldError("phoneNumber")}
        </InputField>
      </Section>

      <Section title={<FormattedMessage id="tastemaker.section.motivation" />}>
        <div className="flex flex-col gap-1">
          <label htmlFor={idOf("motivation")} className="text-sm font-semibold">
            <FormattedMessage id="tastemaker.field.motivation" />
          </label>
          <textarea
            id={idOf("motivation")}
            rows={6}
            aria-invalid={error("motivation") ? true : undefined}
            aria-required
            aria-describedby={[
              `${idOf("motivation")}-count`,
              error("motivation") ? `${idOf("motivation")}-error` : null,
            ]
              .filter(Boolean)
              .join(" ")}
            className={`rounded border px-3 py-2 ${error("motivation") ? "border-red-700" : "border-neutral-500"}`}
            {...form.register("motivation")}
          />
          <p
            id={`${idOf("motivation")}-count`}
            className={`text-xs ${motivationLength > MOTIVATION_MAX ? "font-semibold text-red-700" : "text-neutral-700"}`}
            data-testid="motivation-count"
          >
            <FormattedMessage
              id="tastemaker.counter"
              values={{ count: motivationLength, min: MOTIVATION_MIN, max: MOTIVATION_MAX }}
            />
          </p>
          {fieldError("motivation")}
        </div>
      </Section>

      <Section
        title={<FormattedMessage id="tastemaker.section.channels" />}
        hint={<FormattedMessage id="tastemaker.section.channelsHint" />}
      >
        {PLATFORMS.map((platform) => (
          <fieldset key={platform.name} className="space-y-3 rounded-md border border-neutral-300 p-4">
            <legend className="px-1 font-semibold">{platform.name}</legend>
            <InputField
              name={platform.handle}
              label={intl.formatMessage({ id: "tastemaker.field.handle" }, { platform: platform.name })}
              optional
              error={error(platform.handle)}
              registration={form.register(platform.handle)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            >
              {fieldError(platform.handle)}
            </InputField>
            <SelectField
              name={platform.followers}
              label={intl.formatMessage({ id: "tastemaker.field.followers" }, { platform: platform.name })}
              optional
              error={error(platform.followers)}
              registration={form.register(platform.followers)}
              options={[
                { value: "", label: choose },
                ...FOLLOWER_RANGES.map((value) => ({ value, label: followerLabel(value, intl) })),
              ]}
            >
              {fieldError(platform.followers)}
            </SelectField>
            {platform.account && (
              <SelectField
                name={platform.account}
                label={intl.formatMessage({ id: "tastemaker.field.account" }, { platform: platform.name })}
                optional
                error={error(platform.account)}
                registration={form.register(platform.account)}
                options={[
                  { value: "", label: choose },
                  ...ACCOUNT_TYPES.map((value) => ({
                    value,
                    label: intl.formatMessage({ id: `tastemaker.account.${value}` }),
                  })),
                ]}
              >
                {fieldError(platform.account)}
              </SelectField>
            )}
          </fieldset>
        ))}
      </Section>

      <SubmitButton busy={form.formState.isSubmitting}>
        <FormattedMessage id="tastemaker.submit" />
      </SubmitButton>
    </form>
  );
}

function Section({ title, hint, children }: { title: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-5">
      <legend className="mb-1 text-xl font-bold">{title}</legend>
      {hint && <p className="text-sm text-neutral-700">{hint}</p>}
      {children}
    </fieldset>
  );
}

interface FieldProps {
  name: FieldName;
  label: string;
  optional?: boolean;
  /** A translation id (the contract speaks in ids); shown by `children`. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** The field's error line. */
  children: ReactNode;
}

function Label({ htmlFor, label, optional }: { htmlFor?: string; label: string; optional?: boolean }) {
  const intl = useIntl();
  const text = (
    <>
      {label}
      {optional && (
        <span className="font-normal text-neutral-700">
          {" "}
          {intl.formatMessage({ id: "tastemaker.optional" })}
        </span>
      )}
    </>
  );
  return htmlFor ? (
    <label htmlFor={htmlFor} className="text-sm font-semibold">
      {text}
    </label>
  ) : (
    <legend className="mb-1 text-sm font-semibold">{text}</legend>
  );
}

const describedBy = (name: FieldName, error: string | undefined) =>
  error ? `${idOf(name)}-error` : undefined;

function SelectField({
  name,
  label,
  optional,
  error,
  registration,
  options,
  autoComplete,
  children,
}: FieldProps & { options: { value: string; label: string }[]; autoComplete?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={idOf(name)} label={label} optional={optional} />
      <select
        id={idOf(name)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-required={optional ? undefined : true}
        aria-describedby={describedBy(name, error)}
        className={`min-h-11 rounded border bg-white px-3 py-2 ${error ? "border-red-700" : "border-neutral-500"}`}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}

function InputField({
  name,
  label,
  optional,
  error,
  registration,
  children,
  ...input
}: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "children">) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={idOf(name)} label={label} optional={optional} />
      <input
        id={idOf(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
        className={`min-h-11 rounded border px-3 py-2 ${error ? "border-red-700" : "border-neutral-500"}`}
        {...input}
        {...registration}
      />
      {children}
    </div>
  );
}

function RadioGroup({
  name,
  label,
  optional,
  error,
  registration,
  options,
  children,
}: FieldProps & { options: { value: string; label: string }[] }) {
  return (
    <fieldset aria-describedby={describedBy(name, error)}>
      <Label label={label} optional={optional} />
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 py-2 has-[:checked]:border-pitch-900 has-[:checked]:bg-pitch-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-pitch-700 ${
              error ? "border-red-700" : "border-neutral-500"
            }`}
          >
            <input
              type="radio"
              id={index === 0 ? idOf(name) : `${idOf(name)}-${option.value}`}
              value={option.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(name, error)}
              className="size-4 accent-pitch-900"
              {...registration}
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
