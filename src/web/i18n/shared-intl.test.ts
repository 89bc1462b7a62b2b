import { parse } from "@formatjs/icu-messageformat-parser";
import type { ReactNode } from "react";
import { createIntl, createIntlCache } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { KEPT_FORMATTED, sharedIntl } from "./shared-intl.ts";

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

  describe("on the server's catalogue of texts", () => {
    const texts = {
      ...TEXTS,
      quoted: "Don't miss '{price}'",
      tagged: "Read <b>the guide</b>",
      sizes: "{count, plural, one {# size} other {# sizes}}",
      pair: "{a}{b}",
      number: "{n, number}",
    };
    const fresh = (locale: string) => {
      // A locale of its own per test: the shared object is kept per locale for the process.
      const intl = sharedIntl(locale, { ...texts });
      const plain = createIntl({ locale, messages: texts, defaultLocale: "en" }, createIntlCache());
      return { intl, plain, build: vi.spyOn(intl.formatters, "getMessageFormat") };
    };

    it("answers a plain text as itself, whatever the values and options, without formatting it", () => {
      const { intl, plain, build } = fresh("en-IE");
      expect(intl.formatMessage({ id: "plain" })).toBe("Free delivery");
      expect(intl.formatMessage({ id: "plain" }, { unused: 1 }, { ignoreTag: true })).toBe("Free delivery");
      expect(build).not.toHaveBeenCalled();
      // Texts ICU reads something in (quoting, tags) are the library's, and say what it says.
      const bold = (chunks: ReactNode[]) => chunks;
      for (const id of ["quoted", "tagged"])
        expect(intl.formatMessage({ id }, { price: 3, b: bold })).toEqual(
          plain.formatMessage({ id }, { price: 3, b: bold }),
        );
    });

    it("formats a message once per id and values, and tells values apart by type and length", () => {
      const { intl, plain, build } = fresh("nl-NL");
      const calls: [string, Record<string, string | number>][] = [
        ["sizes", { count: 1 }],
        ["sizes", { count: 1_250 }],
        ["sizes", { count: "1250" }],
        ["number", { n: 1_250 }],
        ["number", { n: "1250" }],
        ["number", { n: -0 }],
        ["number", { n: 0 }],
        // The same text split two ways: no value passes for another's.
        ["pair", { a: "x\u0000b\u0001s1\u0001y", b: "" }],
        ["pair", { a: "x", b: "y" }],
        ["card.price", { price: "12,50 €" }],
        ["card.price", { price: "" }],
      ];
      for (const [id, values] of [...calls, ...calls])
        expect(intl.formatMessage({ id }, values), `${id} ${JSON.stringify(values)}`).toBe(
          plain.formatMessage({ id }, values),
        );
      // -0 is formatted each time (it writes as "0"); every other call once.
      expect(build).toHaveBeenCalledTimes(calls.length + 1);
    });

    it("formats dates, rich text and set options every time, and keeps at most KEPT_FORMATTED answers", () => {
      const { intl, plain, build } = fresh("pt-PT");
      const date = new Date("2026-03-01T12:00:00Z");
      for (let i = 0; i < 2; i++) {
        expect(intl.formatMessage({ id: "order.placed" }, { date })).toBe(
          plain.formatMessage({ id: "order.placed" }, { date }),
        );
        expect(intl.formatMessage({ id: "card.price" }, { price: "<i>1</i>" }, { ignoreTag: true })).toBe(
          plain.formatMessage({ id: "card.price" }, { price: "<i>1</i>" }, { ignoreTag: true }),
        );
      }
      expect(build).toHaveBeenCalledTimes(4);
      build.mockClear();
      for (let count = 0; count <= KEPT_FORMATTED; count++) intl.formatMessage({ id: "sizes" }, { count });
      expect(build).toHaveBeenCalledTimes(KEPT_FORMATTED + 1);
      // The first answers were let go when the limit was reached: formatted again, still right.
      expect(intl.formatMessage({ id: "sizes" }, { count: 1 })).toBe("1 size");
      expect(build).toHaveBeenCalledTimes(KEPT_FORMATTED + 2);
    });

    it("reports an id the catalogue lacks and a call that failed on every call, as react-intl does", () => {
      const { intl, plain } = fresh("sv-SE");
      const onError = vi.spyOn(console, "error").mockImplementation(() => {});
      for (let i = 0; i < 2; i++)
        expect(intl.formatMessage({ id: "nowhere", defaultMessage: "{n} left" }, { n: 2 })).toBe("2 left");
      expect(onError).toHaveBeenCalledTimes(2);
      // A value missing: the text is shown as it is, and the error reported each time, not kept.
      for (let i = 0; i < 2; i++)
        expect(intl.formatMessage({ id: "sizes" }, {})).toBe(plain.formatMessage({ id: "sizes" }, {}));
      expect(onError).toHaveBeenCalledTimes(6);
      expect(intl.formatMessage({ id: "sizes" }, { count: 2 })).toBe("2 sizes");
      onError.mockRestore();
    });
  });
});
