import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type Consent,
  type ConsentChoice,
  NO_CONSENT,
  parseConsent,
  serializeConsent,
} from "#kernel/consent.ts";

interface ConsentState extends Consent {
  /** Stores the shopper's answer in the consent cookie and re-reads the page's data with it. */
  save(choice: ConsentChoice): void;
  /** Whether the cookie settings dialog is open (the banner's "Settings", the footer's "Cookie settings"). */
  settingsOpen: boolean;
  setSettingsOpen(open: boolean): void;
}

const ConsentContext = createContext<ConsentState | null>(null);

/**
 * The shopper's cookie consent for the storefront. It starts from what the server read in the
 * cookie (so the first render already leaves out what needs consent) and changes when the banner,
 * the settings dialog or a placeholder's "accept" saves a new answer; the loaders then run again, so
 * server-decided parts (videos, embeds) follow the answer without a reload.
 */
export function ConsentProvider({ initial, children }: { initial: Consent; children: React.ReactNode }) {
  const [consent, setConsent] = useState<Consent>(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const revalidator = useRevalidator();
  const save = useCallback(
    (choice: ConsentChoice) => {
      const value = serializeConsent(choice, new Date());
      const secure = window.location.protocol === "https:" ? "; Secure" : "";
      // biome-ignore lint/suspicious/noDocumentCookie: the consent cookie is read by the server too; the Cookie Store API is not in every browser the shop supports.
      document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
      setConsent(parseConsent(value));
      void revalidator.revalidate();
    },
    [revalidator],
  );
  const state = useMemo(
    () => ({ ...consent, save, settingsOpen, setSettingsOpen }),
    [consent, save, settingsOpen],
  );
  return <ConsentContext.Provider value={state}>{children}</ConsentContext.Provider>;
}

/** The current consent; outside the provider (error pages) nothing optional is allowed. */
export function useConsent(): ConsentState {
  return (
    useContext(ConsentContext) ?? {
      ...NO_CONSENT,
      save: () => {},
      settingsOpen: false,
      setSettingsOpen: () => {},
    }
  );
}
