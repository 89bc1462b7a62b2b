/**
 * Browser error reporting's settings travel in one meta tag of the page, written by the root layout
 * only when SENTRY_BROWSER_DSN is set. The client entry reads it before hydration; without it no
 * reporting code is fetched at all (decision 0026).
 */
export const ERROR_REPORTING_META = "pitchside-error-reporting";

export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
  release: string | null;
}

/** The settings the page carries, or null when the shop reports no browser errors. */
export function errorReportingSettings(document: Document): BrowserErrorReporting | null {
  const content = document.querySelector(`meta[name="${ERROR_REPORTING_META}"]`)?.getAttribute("content");
  if (!content) return null;
  try {
    const settings = JSON.parse(content) as Partial<BrowserErrorReporting>;
    return typeof settings.dsn === "string"
      ? {
          dsn: settings.dsn,
          environment: String(settings.environment ?? ""),
          release: settings.release ?? null,
        }
      : null;
  } catch {
    return null;
  }
}
