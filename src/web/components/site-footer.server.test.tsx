import { renderToString } from "react-dom/server";
import { RawIntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { messagesFor } from "#web/i18n/messages.server.ts";
import { sharedIntl } from "#web/i18n/shared-intl.ts";
import { keptMarkup } from "./kept-markup.server.tsx";
import { KeptMarkupContext } from "./kept-markup.tsx";
import { SiteFooter } from "./site-footer.tsx";

const danish = sharedIntl("da-DK", messagesFor("da"));
const german = sharedIntl("de-DE", messagesFor("de"));

/** The footer as a page renders it: with the server's kept markup, or (`kept: false`) in place. */
const footer = (intl: typeof danish, market: string, locale: string, kept = true) =>
  renderToString(
    <KeptMarkupContext value={kept ? keptMarkup : null}>
      <RawIntlProvider value={intl}>
        <SiteFooter market={market} locale={locale} localeTag={intl.locale} />
      </RawIntlProvider>
    </KeptMarkupContext>,
  );

describe("the footer's kept markup", () => {
  it("is written exactly as React renders the footer in place, from the second page on", () => {
    const inPlace = footer(danish, "dk", "da", false);
    expect(footer(danish, "dk", "da")).toBe(inPlace);
    const kept = footer(danish, "dk", "da");
    expect(kept).toBe(inPlace);
    // What a shopper sees in it: the market chosen, the language's own texts, this year.
    expect(kept).toContain('<option value="dk" selected="">');
    expect(kept).toContain(`© ${new Date().getFullYear()}`);
    expect(kept).toContain('data-testid="market-switcher"');
  });

  it("is kept per market and language: another market's footer is its own", () => {
    for (let ask = 0; ask < 2; ask++) {
      footer(german, "de", "de");
      footer(german, "at", "de");
    }
    const germany = footer(german, "de", "de");
    const austria = footer(german, "at", "de");
    expect(germany).toBe(footer(german, "de", "de", false));
    expect(austria).toBe(footer(german, "at", "de", false));
    expect(germany).toContain('<option value="de" selected="">');
    expect(austria).toContain('<option value="at" selected="">');
    expect(germany).not.toBe(footer(danish, "dk", "da"));
  });
});
