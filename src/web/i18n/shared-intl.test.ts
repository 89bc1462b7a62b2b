import { parse } from "@formatjs/icu-messageformat-parser";
import { createIntl, createIntlCache } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { sharedIntl } from "./shared-intl.ts";

const TEXTS = {
  "cart.count": "{count, plural, one {# item} other {# items}} in your bag",
  "card.lowest30": "Lowest price in 30 days: {price}",
  "card.price": "Price {price}",
  "order.placed": "Placed on {date, date, long}",
  plain: "Free delivery",
};
const parsed = Object.fromEntries(Object.entries(TEXTS).map(([id, text]) => [id, parse(text)]));

describe("the shared intl object", () => {
  // Each catalogue form (texts on the server, syntax trees in the browser) in two languages: the
  // formatters kept per message must say what react-intl's own say, value after value.
  for (const [form, messages] of [
    ["texts", TEXTS],
    ["syntax trees", parsed],
  ] as const)
    for (const locale of ["en-GB", "de-DE"])
      it(`formats ${form} in ${locale} as react-intl does, with each call's own values`, () => {
        const intl = sharedIntl(locale, messages as Record<string, string>);
        const plain = createIntl(
          { locale, messages: messages as Record<string, string>, defaultLocale: "en" },
          createIntlCache(),
        );
        const calls: [string, Record<string, string | number | Date>][] = [
          ["cart.count", { count: 1 }],
          ["cart.count", { count: 3 }],
          ["cart.count", { count: 1_250 }],
          ["card.lowest30", { price: "€ 12,50" }],
          ["card.lowest30", { price: "€ 99,00" }],
          ["card.price", { price: "" }],
          ["order.placed", { date: new Date("2026-03-01T12:00:00Z") }],
          ["plain", {}],
        ];
        for (const [id, values] of [...calls, ...calls])
          expect(intl.formatMessage({ id }, values), id).toBe(plain.formatMessage({ id }, values));
        expect(intl.formatMessage({ id: "cart.count" }, { count: 3 })).toMatch(/3/);
      });

  it("keeps the formatter for a call as <FormattedMessage> makes it (an undefined ignoreTag), and not for ignoreTag set", () => {
    const intl = sharedIntl("da-DK", TEXTS);
    const plain = createIntl({ locale: "da-DK", messages: TEXTS, defaultLocale: "en" }, createIntlCache());
    const format = intl.formatters.getMessageFormat;
    const asElement = () =>
      format(TEXTS["card.price"], "da-DK", undefined, { formatters: intl.formatters, ignoreTag: undefined });
    expect(asElement()).toBe(asElement());
    // Kept by the message: no key is serialised for the call (react-intl's own cache would).
    const stringify = vi.spyOn(JSON, "stringify");
    asElement();
    expect(stringify).not.toHaveBeenCalled();
    stringify.mockRestore();
    const tagged = format(TEXTS["card.price"], "da-DK", undefined, {
      formatters: intl.formatters,
      ignoreTag: true,
    });
    expect(tagged).not.toBe(asElement());
    for (const price of ["12,50 kr.", "<b>99</b>"])
      expect(intl.formatMessage({ id: "card.price" }, { price }, { ignoreTag: undefined })).toBe(
        plain.formatMessage({ id: "card.price" }, { price }, { ignoreTag: undefined }),
      );
  });

  it("still answers a missing text with its default message", () => {
    const intl = sharedIntl("fr-FR", {});
    expect(intl.formatMessage({ id: "nowhere", defaultMessage: "{n} left" }, { n: 2 })).toBe("2 left");
  });
});
