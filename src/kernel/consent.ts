/**
 * The shopper's cookie consent, kept in one necessary cookie that both the server (what a page may
 * embed) and the browser (what a script may load) read. The value records the policy version the
 * shopper answered and the day of the answer, so a new version of the cookie policy asks again.
 *
 *   cookie_consent=v2.2026-11-24.statistics+marketing   (both accepted)
 *   cookie_consent=v2.2026-11-24.none                   (only necessary cookies)
 */
export const CONSENT_COOKIE = "cookie_consent";
/** Raise when the cookie policy changes what a purpose covers: every shopper is asked again. */
export const CONSENT_VERSION = 2;
/** How long an answer is kept (the usual 12 months of European guidance). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface ConsentChoice {
  statistics: boolean;
  marketing: boolean;
}

export interface Consent extends ConsentChoice {
  /** Whether the shopper has answered the current version (the banner shows until then). */
  decided: boolean;
  /** The day of the answer (YYYY-MM-DD), null when undecided. */
  decidedOn: string | null;
}

export const NO_CONSENT: Consent = { statistics: false, marketing: false, decided: false, decidedOn: null };

const VALUE = /^v(\d{1,4})\.(\d{4}-\d{2}-\d{2})\.(none|[a-z+]{1,40})$/;

/** Reads the cookie; anything malformed or of an older policy version counts as no answer. */
export function parseConsent(value: string | undefined | null): Consent {
  const match = VALUE.exec(value ?? "");
  if (!match || Number(match[1]) !== CONSENT_VERSION) return NO_CONSENT;
  const [, , day = "", list = ""] = match;
  const purposes = new Set(list.split("+"));
  return {
    statistics: purposes.has("statistics"),
    marketing: purposes.has("marketing"),
    decided: true,
    decidedOn: day,
  };
}

/** The cookie value for a choice made on `day`. */
export function serializeConsent(choice: ConsentChoice, day: Date): string {
  const purposes = [choice.statistics && "statistics", choice.marketing && "marketing"].filter(Boolean);
  return `v${CONSENT_VERSION}.${day.toISOString().slice(0, 10)}.${purposes.length ? purposes.join("+") : "none"}`;
}

/**
 * Whether a page may embed a third party's player or post (videos, reels, social embeds): with
 * the shopper's marketing consent, or where the configuration does not ask for consent
 * (CONSENT_REQUIRED, off in development only: decision 0045).
 */
export function marketingEmbedsAllowed(shop: {
  config: { consentRequired: boolean };
  consent: Consent;
}): boolean {
  return !shop.config.consentRequired || shop.consent.marketing;
}
