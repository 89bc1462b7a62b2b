import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { FormattedMessage, useIntl } from "react-intl";
import { type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import type { z } from "zod";
import {
  notificationsTabInput,
  type Profile,
  type ProfileInput,
  preferencesTabInput,
  profileTabInput,
} from "#modules/accounts/profile.contract.ts";
import { shopContext } from "#server/request-context.ts";
import { call } from "#web/lib/api.ts";
import { applyServerErrors } from "#web/lib/server-errors.ts";
import { MailCheck } from "#web/ui/icons.tsx";
import * as Tabs from "#web/ui/tabs.tsx";
import { TextField } from "#web/ui/text-field.tsx";
import { useToast } from "#web/ui/toast.tsx";
import type { Route } from "./+types/settings-page.ts";
import { AddressBook } from "./address-book/address-book.tsx";
import { MyData } from "./delete-account.tsx";
import { loadSettingsPage } from "./settings.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSettingsPage(context.get(shopContext), new URL(request.url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? "Pitchside" }, { name: "robots", content: "noindex" }];
}

/** Switching tabs only changes `?tab=`: the profile is not read again for it. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return `${url.pathname}?${params}`;
  };
  if (currentUrl.search !== nextUrl.search && withoutTab(currentUrl) === withoutTab(nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** The tabs, as `?tab=` names them; the first is shown when none (or another) is named. */
const TABS = ["profile", "preferences", "notifications"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab => TABS.find((tab) => tab === value) ?? "profile";

type ProfileValues = z.input<typeof profileTabInput>;
type PreferencesValues = z.input<typeof preferencesTabInput>;
type NotificationsValues = z.input<typeof notificationsTabInput>;

/** The saved profile as the call takes it back: the association by its value. */
const asInput = (profile: Profile): ProfileInput => ({
  name: profile.name,
  username: profile.username,
  gender: profile.gender,
  teamsport_association: (profile.teamsport_association?.value ??
    null) as ProfileInput["teamsport_association"],
  newsletter: profile.newsletter,
  email_notifications: profile.email_notifications,
  sms: profile.sms,
  frequency: profile.frequency,
});
const profileValues = (p: ProfileInput): ProfileValues => ({ name: p.name, username: p.username });
const preferencesValues = (p: ProfileInput): PreferencesValues => ({
  gender: p.gender,
  teamsport_association: p.teamsport_association,
});
const notificationsValues = (p: ProfileInput): NotificationsValues => ({
  newsletter: p.newsletter,
  email_notifications: p.email_notifications,
  sms: p.sms,
  frequency: p.frequency,
});

const triggerClass =
  "min-h-11 shrink-0 border-b-2 border-transparent px-3 py-2 font-semibold text-neutral-700 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-pitch-700 data-[state=active]:border-pitch-900 data-[state=active]:text-neutral-950 sm:px-5";
const panelClass =
  "pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-pitch-700";
const choiceClass = "flex min-h-11 items-center gap-3";
const inputClass = "size-5 shrink-0 accent-pitch-700";

/**
 * Account settings (spec §2): three tabs — profile (name, e-mail, addresses, delete profile),
 * preferences (gender, teamsport association) and notifications (newsletter, e-mail notifications,
 * SMS, frequency). `?tab=` opens a tab directly; arrow keys move between tabs. Each tab is a form of
 * its own that keeps its edits while another tab is open and sends the whole profile, and only once
 * something in it changed; the outcome is a toast.
 */
export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { choices } = loaderData;
  const intl = useIntl();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const [saved, setSaved] = useState(loaderData.profile);
  const initial = asInput(loaderData.profile);

  const profileForm = useForm<ProfileValues, unknown, z.output<typeof profileTabInput>>({
    resolver: zodResolver(profileTabInput),
    mode: "onTouched",
    defaultValues: profileValues(initial),
  });
  const preferencesForm = useForm<PreferencesValues, unknown, z.output<typeof preferencesTabInput>>({
    resolver: zodResolver(preferencesTabInput),
    defaultValues: preferencesValues(initial),
  });
  const notificationsForm = useForm<NotificationsValues, unknown, z.output<typeof notificationsTabInput>>({
    resolver: zodResolver(notificationsTabInput),
    defaultValues: notificationsValues(initial),
  });

  /**
   * Sends the saved profile with one tab's values over it; the answer becomes what is saved. The tab
   * that saved starts afresh from it; the others keep what is being edited in them.
   */
  const save = async (
    values: Partial<ProfileInput>,
    from: Tab,
    placeErrors: (error: unknown) => string | null,
  ) => {
    try {
      const answer = await call("POST /v1.1/profile/", { json: { ...asInput(saved), ...values } });
      const now = asInput(answer.profile);
      setSaved(answer.profile);
      profileForm.reset(profileValues(now), { keepDirtyValues: from !== "profile" });
      preferencesForm.reset(preferencesValues(now), { keepDirtyValues: from !== "preferences" });
      notificationsForm.reset(notificationsValues(now), { keepDirtyValues: from !== "notifications" });
      toast({
        title: intl.formatMessage({ id: "settings.saved" }),
        description: answer.email_confirmation_sent
          ? intl.formatMessage({ id: "settings.email.sent" }, { email: answer.profile.pending_email })
          : undefined,
      });
    } catch (error) {
      const problem = placeErrors(error);
      toast({ title: intl.formatMessage({ id: problem ?? "form.error.generic" }), variant: "destructive" });
    }
  };
  const saveProfile = profileForm.handleSubmit((values) =>
    save(values, "profile", (error) => applyServerErrors(error, profileForm.setError, ["name", "username"])),
  );
  const savePreferences = preferencesForm.handleSubmit((values) =>
    save(values, "preferences", (error) =>
      applyServerErrors(error, preferencesForm.setError, ["gender", "teamsport_association"]),
    ),
  );
  const saveNotifications = notificationsForm.handleSubmit((values) =>
    save(values, "notifications", (error) =>
      applyServerErrors(error, notificationsForm.setError, [
        "newsletter",
        "email_notifications",
        "sms",
        "frequency",
      ]),
    ),
  );
  const state = (form: { formState: { isDirty: boolean; isSubmitting: boolean } }) => ({
    changed: form.formState.isDirty,
    busy: form.formState.isSubmitting,
  });

  const changeTab = (value: string) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        next.set("tab", tabOf(value));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <FormattedMessage id="settings.title" />
      </h1>
      <Tabs.Root value={tab} onValueChange={changeTab} className="mt-6">
        <Tabs.List
          aria-label={intl.formatMessage({ id: "settings.title" })}
          className="flex gap-1 overflow-x-auto border-b border-neutral-300"
        >
          {TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={triggerClass}
              data-testid={`settings-tab-${value}`}
            >
              <FormattedMessage id={`settings.tab.${value}`} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        <Tabs.Content value="profile" className={panelClass}>
          <form noValidate className="space-y-4" onSubmit={saveProfile}>
            <TextField
              label={intl.formatMessage({ id: "form.name.label" })}
              autoComplete="name"
              defaultValue={saved.name}
              error={profileForm.formState.errors.name?.message}
              {...profileForm.register("name")}
            />
            <TextField
              label={intl.formatMessage({ id: "form.email.label" })}
              type="email"
              autoComplete="email"
              defaultValue={saved.username}
              hint={intl.formatMessage({ id: "settings.email.hint" })}
              error={profileForm.formState.errors.username?.message}
              {...profileForm.register("username")}
            />
            {saved.pending_email && (
              <p
                role="status"
                className="flex items-start gap-2 rounded border border-amber-700 bg-amber-50 p-3 text-amber-950"
                data-testid="pending-email"
              >
                <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span className="[overflow-wrap:anywhere]">
                  <FormattedMessage id="settings.email.pending" values={{ email: saved.pending_email }} />
                </span>
              </p>
            )}
            <SaveButton {...state(profileForm)} />
          </form>

          <section className="mt-10 border-t border-neutral-300 pt-6" aria-labelledby="addresses-heading">
            <h2 id="addresses-heading" className="text-xl font-bold">
              <FormattedMessage id="settings.addresses.title" />
            </h2>
            <p className="mt-1 mb-4 text-neutral-800">
              <FormattedMessage id="settings.addresses.body" />
            </p>
            <AddressBook addresses={loaderData.addresses} headingLevel={3} />
          </section>

          <MyData />
        </Tabs.Content>

        <Tabs.Content value="preferences" className={panelClass}>
          <form noValidate className="space-y-6" onSubmit={savePreferences}>
            <Choices
              legend={<FormattedMessage id="settings.gender.legend" />}
              error={preferencesForm.formState.errors.gender?.message}
            >
              {choices.gender.map((gender) => (
                <label key={gender} className={choiceClass}>
                  <input
                    type="radio"
                    value={gender}
                    defaultChecked={saved.gender === gender}
                    className={inputClass}
                    {...preferencesForm.register("gender")}
                  />
                  <FormattedMessage id={`settings.gender.${gender}`} />
                </label>
              ))}
            </Choices>
            <AssociationSelect
              options={choices.teamsport_association}
              saved={saved.teamsport_association?.value ?? ""}
              error={preferencesForm.formState.errors.teamsport_association?.message}
              register={preferencesForm.register("teamsport_association", {
                setValueAs: (value: unknown) => (value === "" ? null : value),
              })}
            />
            <SaveButton {...state(preferencesForm)} />
          </form>
        </Tabs.Content>

        <Tabs.Content value="notifications" className={panelClass}>
          <form noValidate className="space-y-6" onSubmit={saveNotifications}>
            <div>
              {(["newsletter", "email_notifications", "sms"] as const).map((field) => (
                <label key={field} className={choiceClass}>
                  <input
                    type="checkbox"
                    defaultChecked={saved[field]}
                    className={inputClass}
                    {...notificationsForm.register(field)}
                  />
                  <FormattedMessage
                    id={`settings.notifications.${field === "email_notifications" ? "email" : field}`}
                  />
                </label>
              ))}
            </div>
            <Choices
              legend={<FormattedMessage id="settings.frequency.legend" />}
              error={notificationsForm.formState.errors.frequency?.message}
            >
              {choices.frequency.map((frequency) => (
                <label key={frequency} className={choiceClass}>
                  <input
                    type="radio"
                    value={frequency}
                    defaultChecked={saved.frequency === frequency}
                    className={inputClass}
                    {...notificationsForm.register("frequency")}
                  />
                  <FormattedMessage id={`settings.frequency.${frequency}`} />
                </label>
              ))}
            </Choices>
            <SaveButton {...state(notificationsForm)} />
          </form>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/** A tab's save button: it works only once something in its form changed, and once at a time. */
function SaveButton({ changed, busy }: { changed: boolean; busy: boolean }) {
  return (
    <button
      type="submit"
      disabled={!changed || busy}
      className="min-h-11 w-full rounded-full bg-pitch-900 px-6 py-3 font-bold text-white disabled:opacity-50 sm:w-auto"
    >
      <FormattedMessage id={busy ? "settings.saving" : "settings.save"} />
    </button>
  );
}

/** A group of radio buttons under its legend, with the group's error announced. */
function Choices({ legend, error, children }: { legend: ReactNode; error?: string; children: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6">{children}</div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          <FormattedMessage id={error} />
        </p>
      )}
    </fieldset>
  );
}

function AssociationSelect({
  options,
  saved,
  error,
  register,
}: {
  options: { value: string; name: string }[];
  saved: string;
  error?: string;
  register: React.SelectHTMLAttributes<HTMLSelectElement> & { ref: React.Ref<HTMLSelectElement> };
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        <FormattedMessage id="settings.association.label" />
      </label>
      <select
        id={id}
        defaultValue={saved}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="min-h-11 rounded border border-neutral-500 bg-white px-3 py-2"
        {...register}
      >
        <option value="">{intl.formatMessage({ id: "settings.association.none" })}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-neutral-700">
        <FormattedMessage id="settings.association.hint" />
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          <FormattedMessage id={error} />
        </p>
      )}
    </div>
  );
}
