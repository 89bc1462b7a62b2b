import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { dayRange } from "#kernel/day-range.ts";
import { LOCALE_TAGS, UI_LOCALES } from "#modules/markets/markets.service.ts";
import { CATALOGUES } from "./messages.server.ts";

const say = (locale: (typeof UI_LOCALES)[number], id: string, min: number, max: number) => {
  const tag = LOCALE_TAGS[locale];
  return String(
    new IntlMessageFormat(CATALOGUES[locale][id] ?? id, tag).format({
      method: "Post",
      ...dayRange(tag, min, max),
    }),
  );
};

describe("delivery times in every language", () => {
  it('reads "1 hverdag", never "1–1 hverdage", and "1-3 hverdage" for a range', () => {
    expect(say("da", "checkout.delivery.time", 1, 1)).toBe("Leveres på 1 hverdag");
    expect(say("da", "product.delivery", 1, 3)).toMatch(/^Leveres på 1\s?[-–]\s?3 hverdage$/);
    expect(say("de", "checkout.delivery.time", 1, 1)).toBe("Lieferung in 1 Werktag");
    expect(say("en", "mail.order.delivery", 2, 2)).toBe("Post, delivered in 2 working days");
    expect(say("pl", "checkout.delivery.time", 2, 4)).toMatch(/dni robocze$/);
  });

  it("never shows a range of one day or an unfilled placeholder in any catalogue", () => {
    for (const locale of UI_LOCALES)
      for (const id of ["checkout.delivery.time", "product.delivery", "mail.order.delivery"]) {
        const text = say(locale, id, 1, 1);
        expect(text, `${locale} ${id}`).not.toMatch(/1\s?[-–]\s?1|\{|~/);
      }
  });
});
