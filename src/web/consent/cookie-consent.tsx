import { lazy, Suspense, useEffect, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { PRIMARY, SECONDARY } from "./consent-buttons.ts";
import { useConsent } from "./consent-context.tsx";

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

const SettingsDialog = lazy(() => import("./cookie-settings-dialog.tsx"));

/**
 * The cookie settings dialog (cookie-settings-dialog.tsx), mounted from its first opening on: its
 * code and the dialog library load then, not with every page (decision 0052).
 */
export function CookieSettingsDialog() {
  const { settingsOpen } = useConsent();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (settingsOpen) setOpened(true);
  }, [settingsOpen]);
  if (!opened && !settingsOpen) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialog />
    </Suspense>
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
