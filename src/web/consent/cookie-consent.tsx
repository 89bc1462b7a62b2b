import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { ConsentChoice } from "#kernel/consent.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { useConsent } from "./consent-context.tsx";

const BUTTON = "min-h-11 rounded-full px-4 py-2 text-sm font-semibold";
const PRIMARY = `${BUTTON} bg-pitch-700 text-white hover:bg-pitch-800`;
const SECONDARY = `${BUTTON} border border-neutral-900 bg-white text-neutral-900 hover:bg-neutral-100`;

/**
 * The first visit's question: a band at the top of the page, in the page's flow (it covers no
 * control and takes no focus), until the shopper answers the current policy version. "Only
 * necessary" is as easy as "Accept all"; "Settings" opens the dialog with each purpose.
 */
export function CookieBanner() {
  const consent = useConsent();
  const intl = useIntl();
  const titleId = useId();
  if (consent.decided) return null;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="border-b border-neutral-300 bg-neutral-50 text-neutral-900"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0 text-sm">
          <h2 id={titleId} className="mb-1 text-base font-bold">
            <FormattedMessage id="consent.banner.title" />
          </h2>
          <p>
            <FormattedMessage id="consent.banner.text" />{" "}
            <Link to="/policies/privacy/" className="font-semibold text-pitch-700 underline">
              {intl.formatMessage({ id: "consent.privacy" })}
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            type="button"
            className={PRIMARY}
            data-testid="consent-accept-all"
            onClick={() => consent.save({ statistics: true, marketing: true })}
          >
            <FormattedMessage id="consent.acceptAll" />
          </button>
          <button
            type="button"
            className={PRIMARY}
            data-testid="consent-necessary-only"
            onClick={() => consent.save({ statistics: false, marketing: false })}
          >
            <FormattedMessage id="consent.necessaryOnly" />
          </button>
          <button
            type="button"
            className={SECONDARY}
            data-testid="consent-settings"
            onClick={() => consent.setSettingsOpen(true)}
          >
            <FormattedMessage id="consent.banner.settings" />
          </button>
        </div>
      </div>
    </section>
  );
}

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
export function CookieSettingsDialog() {
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

/** The footer's way back to the cookie settings, on every page. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const consent = useConsent();
  return (
    <button
      type="button"
      className={className}
      data-testid="footer-cookie-settings"
      onClick={() => consent.setSettingsOpen(true)}
    >
      <FormattedMessage id="consent.footerLink" />
    </button>
  );
}

/** The cookies Google's tags set on the shop's own domain, removed when statistics consent is taken back. */
const ANALYTICS_COOKIE = /^(_ga|_gid|_gat|_gcl_)/;

/**
 * Google Tag Manager, only when a container is configured and only after statistics consent: its
 * script is added then, with the page's CSP nonce (read from the page's own scripts, since the
 * nonce of later data loads is not the document's). Consent taken back removes the tags' cookies
 * and reloads the page, so no tag keeps running.
 */
export function TagManager({ containerId }: { containerId: string | null }) {
  const { statistics } = useConsent();
  useEffect(() => {
    if (!containerId) return;
    const loaded = document.getElementById("gtm-script");
    if (statistics && !loaded) {
      window.dataLayer ??= [];
      window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      const script = document.createElement("script");
      script.id = "gtm-script";
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
      script.nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
      document.head.appendChild(script);
    } else if (!statistics && loaded) {
      for (const cookie of document.cookie.split(";")) {
        const name = cookie.split("=")[0]?.trim() ?? "";
        if (!ANALYTICS_COOKIE.test(name)) continue;
        const host = window.location.hostname;
        for (const domain of ["", `; Domain=${host}`, `; Domain=.${host.split(".").slice(-2).join(".")}`]) {
          // biome-ignore lint/suspicious/noDocumentCookie: removing the tags' own cookies, which they set through document.cookie.
          document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
        }
      }
      window.location.reload();
    }
  }, [containerId, statistics]);
  return null;
}
