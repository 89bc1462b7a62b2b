import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { cmsPagePath, trustPagesOf } from "#modules/content/trust-pages.ts";
import { MARKETS, UI_LOCALES } from "#modules/markets/markets.data.ts";
import { useKeptMarkup } from "#web/components/kept-markup.tsx";
import { CookieSettingsButton } from "#web/consent/cookie-consent.tsx";
import { ApiRequestError, call } from "#web/lib/api.ts";
import type { Endpoints } from "#web/lib/endpoints.ts";
import { plainLink } from "#web/lib/plain-links.ts";

type SelectMarketBody = Endpoints["POST /api/markets/select/"]["body"];

interface Props {
  market: string;
  locale: string;
  localeTag: string;
}

const nativeNames = new Map<string, string>();

/** A language named in itself, as a shopper looks for it: "dansk", "Deutsch", "English (United Kingdom)". */
export function nativeLanguageName(code: string): string {
  let name = nativeNames.get(code);
  if (name === undefined) {
    name = new Intl.DisplayNames([code], { type: "language", languageDisplay: "standard" }).of(code) ?? code;
    nativeNames.set(code, name);
  }
  return name;
}

/** The switcher's countries, named and ordered in the page's language. */
interface MarketChoice {
  code: string;
  label: string;
}
const marketChoicesByTag = new Map<string, MarketChoice[]>();

/**
 * The markets as the switcher lists them: named in the page's language ("Danmark (DKK)") and sorted
 * by that name. The same for every page of a language, so worked out once per language and process
 * rather than on every render.
 */
export function marketChoices(localeTag: string): MarketChoice[] {
  let choices = marketChoicesByTag.get(localeTag);
  if (!choices) {
    const regionNames = new Intl.DisplayNames([localeTag], { type: "region" });
    const collator = new Intl.Collator(localeTag);
    choices = MARKETS.map((m) => ({
      code: m.code,
      name: regionNames.of(m.countryCode) ?? m.code,
      currency: m.currency,
    }))
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((m) => ({ code: m.code, label: `${m.name} (${m.currency})` }));
    marketChoicesByTag.set(localeTag, choices);
  }
  return choices;
}

const FOOTER_CLASS = "mt-16 bg-pitch-950 text-neutral-100";

/**
 * The footer is the same on every page of a market and language (and year): on the server its
 * markup is kept and written as it is (decision 0075), a sixth of a product page's elements that
 * React would otherwise render again for every page. In the browser React draws it and takes the
 * server's elements over as its own.
 */
export function SiteFooter({ market, locale, localeTag }: Props) {
  const year = new Date().getFullYear();
  const content = <FooterContent market={market} locale={locale} localeTag={localeTag} year={year} />;
  const markup = useKeptMarkup(
    () => `footer\u0000${market}\u0000${locale}\u0000${localeTag}\u0000${year}`,
    content,
  );
  if (markup === null) return <footer className={FOOTER_CLASS}>{content}</footer>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the footer (its text escaped by React), kept
  return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: markup }} />;
}

/** What the footer holds: its links, the market and language switcher, the copyright line. */
export function FooterContent({ market, locale, localeTag, year }: Props & { year: number }) {
  const intl = useIntl();
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  // Choosing a country brings its language along, until the shopper picks a language themselves.
  const [language, setLanguage] = useState(locale);
  const [languagePicked, setLanguagePicked] = useState(false);
  const markets = marketChoices(localeTag);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(false);
    try {
      // The switcher's two selects: the server checks both against the shop's markets and languages.
      const fields = { market: form.get("market"), language: form.get("language") } as SelectMarketBody;
      await call("POST /api/markets/select/", { json: fields });
      window.location.reload();
    } catch (failure) {
      if (!(failure instanceof ApiRequestError)) console.error(failure);
      setError(true);
      setBusy(false);
    }
  }

  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-3 text-base font-bold">
            <FormattedMessage id="footer.help.title" />
          </h2>
          <ul className="space-y-1 text-sm">
            <li>
              <a {...plainLink("/faq/")} className="inline-block py-1 underline-offset-2 hover:underline">
                <FormattedMessage id="footer.faq" />
              </a>
            </li>
            <li>
              <a
                {...plainLink("/orders/lookup/")}
                className="inline-block py-1 underline-offset-2 hover:underline"
              >
                <FormattedMessage id="orders.lookup.title" />
              </a>
            </li>
            <li>
              <a {...plainLink("/stores/")} className="inline-block py-1 underline-offset-2 hover:underline">
                <FormattedMessage id="stores.title" />
              </a>
            </li>
            <li>
              <a
                {...plainLink("/policies/privacy/")}
                className="inline-block py-1 underline-offset-2 hover:underline"
              >
                <FormattedMessage id="footer.privacy" />
              </a>
            </li>
            <li>
              <CookieSettingsButton className="inline-block py-1 text-left underline-offset-2 hover:underline" />
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-trust">
          <h2 id="footer-trust" className="mb-3 text-base font-bold">
            <FormattedMessage id="footer.trust.title" />
          </h2>
          <ul className="space-y-1 text-sm" data-testid="footer-trust-pages">
            {trustPagesOf(market)
              .filter((page) => page.slug !== "privacy")
              .map((page) => (
                <li key={page.slug}>
                  <a
                    {...plainLink(cmsPagePath(page.slug))}
                    className="inline-block py-1 underline-offset-2 hover:underline"
                  >
                    <FormattedMessage id={page.labelId} />
                  </a>
                </li>
              ))}
          </ul>
        </section>
        <section className="text-sm">
          <p className="mb-2">
            <FormattedMessage id="footer.returns" />
          </p>
          <p>
            <FormattedMessage id="footer.payment" />
          </p>
        </section>
        <section aria-labelledby="footer-switch">
          <h2 id="footer-switch" className="mb-3 text-base font-bold">
            <FormattedMessage id="footer.switch.title" />
          </h2>
          <form
            onSubmit={onSubmit}
            className="flex flex-wrap items-end gap-3 text-sm"
            data-testid="market-switcher"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="footer-market">
                <FormattedMessage id="footer.market.label" />
              </label>
              <select
                id="footer-market"
                name="market"
                defaultValue={market}
                onChange={(event) => {
                  const chosen = MARKETS.find((m) => m.code === event.target.value);
                  if (chosen && !languagePicked) setLanguage(chosen.locale);
                }}
                className="rounded border border-neutral-400 bg-white px-2 py-1.5 text-neutral-900"
              >
                {markets.map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="footer-language">
                <FormattedMessage id="footer.language.label" />
              </label>
              <select
                id="footer-language"
                name="language"
                value={language}
                onChange={(event) => {
                  setLanguage(event.target.value as typeof locale);
                  setLanguagePicked(true);
                }}
                className="rounded border border-neutral-400 bg-white px-2 py-1.5 text-neutral-900"
              >
                {UI_LOCALES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {nativeLanguageName(code)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-white px-3 py-1.5 font-semibold text-pitch-950 disabled:opacity-60"
            >
              <FormattedMessage id="footer.switch.submit" />
            </button>
            {error && (
              <p role="alert" className="w-full text-red-200">
                <FormattedMessage id="footer.switch.error" />
              </p>
            )}
          </form>
        </section>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-neutral-300">
        {intl.formatMessage({ id: "footer.copyright" }, { year })}
      </p>
    </>
  );
}
