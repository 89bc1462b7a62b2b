import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { ConsentChoice } from "#kernel/consent.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { PRIMARY, SECONDARY } from "./consent-buttons.ts";
import { useConsent } from "./consent-context.tsx";

/** One purpose: its name, what it covers, and a switch (a checkbox in the switch role). */
function Purpose({
  purpose,
  checked,
  disabled,
  onChange,
}: {
  purpose: "necessary" | "statistics" | "marketing";
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 border-t border-neutral-200 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold">
          <FormattedMessage id={`consent.${purpose}.title`} />
        </label>
        <p id={`${id}-text`} className="text-sm text-neutral-800">
          <FormattedMessage id={`consent.${purpose}.text`} />
        </p>
      </div>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-text`}
          data-testid={`consent-${purpose}`}
          onChange={(event) => onChange?.(event.target.checked)}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-neutral-500 transition-colors checked:bg-pitch-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pitch-700 disabled:cursor-not-allowed disabled:opacity-70"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </li>
  );
}

/**
 * The cookie settings: necessary (always on), statistics and marketing, each switchable, saved with
 * the policy version and the day. Reachable from the banner and, at any time, from the footer.
 */
export default function CookieSettingsDialog() {
  const consent = useConsent();
  const intl = useIntl();
  const [choice, setChoice] = useState<ConsentChoice>({
    statistics: consent.statistics,
    marketing: consent.marketing,
  });
  // Each opening starts from the answer saved so far.
  useEffect(() => {
    if (consent.settingsOpen) setChoice({ statistics: consent.statistics, marketing: consent.marketing });
  }, [consent.settingsOpen, consent.statistics, consent.marketing]);
  // The dialog has no trigger of its own (the banner's button, the footer's): focus goes back to
  // whichever opened it, when it is still on the page.
  const opener = useRef<HTMLElement | null>(null);
  const saveAndClose = (answer: ConsentChoice) => {
    consent.save(answer);
    consent.setSettingsOpen(false);
  };
  return (
    <Dialog
      side="centre"
      open={consent.settingsOpen}
      onOpenChange={consent.setSettingsOpen}
      title={<FormattedMessage id="consent.settings.title" />}
      description={<FormattedMessage id="consent.settings.description" />}
      descriptionClassName="mb-3 text-sm text-neutral-800"
      className="max-h-[90vh] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto p-5"
      testId="cookie-settings"
      onOpenAutoFocus={() => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }}
      onCloseAutoFocus={(event) => {
        if (opener.current?.isConnected) {
          event.preventDefault();
          opener.current.focus();
        }
      }}
    >
      <ul className="mb-3">
        <Purpose purpose="necessary" checked disabled />
        <Purpose
          purpose="statistics"
          checked={choice.statistics}
          onChange={(statistics) => setChoice((current) => ({ ...current, statistics }))}
        />
        <Purpose
          purpose="marketing"
          checked={choice.marketing}
          onChange={(marketing) => setChoice((current) => ({ ...current, marketing }))}
        />
      </ul>
      {consent.decidedOn && (
        <p className="mb-3 text-sm text-neutral-800" data-testid="consent-decided-on">
          <FormattedMessage
            id="consent.settings.decidedOn"
            values={{ date: intl.formatDate(`${consent.decidedOn}T12:00:00Z`, { dateStyle: "long" }) }}
          />
        </p>
      )}
      <p className="mb-4 text-sm">
        <Link
          to="/policies/privacy/"
          className="font-semibold text-pitch-700 underline"
          onClick={() => consent.setSettingsOpen(false)}
        >
          {intl.formatMessage({ id: "consent.privacy" })}
        </Link>
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={PRIMARY}
          data-testid="consent-save"
          onClick={() => saveAndClose(choice)}
        >
          <FormattedMessage id="consent.settings.save" />
        </button>
        <button
          type="button"
          className={SECONDARY}
          onClick={() => saveAndClose({ statistics: true, marketing: true })}
        >
          <FormattedMessage id="consent.acceptAll" />
        </button>
        <button
          type="button"
          className={SECONDARY}
          onClick={() => saveAndClose({ statistics: false, marketing: false })}
        >
          <FormattedMessage id="consent.necessaryOnly" />
        </button>
      </div>
    </Dialog>
  );
}
