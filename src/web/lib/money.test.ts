import { createIntl } from "react-intl";
import { expect, it } from "vitest";
import { moneyFormat } from "./money.ts";

it("formats prices as react-intl does, with one formatter per language and currency", () => {
  for (const [tag, currency] of [
    ["da-DK", "DKK"],
    ["de-AT", "EUR"],
    ["en-GB", "GBP"],
    ["pl-PL", "PLN"],
  ] as const) {
    const intl = createIntl({ locale: tag, messages: {} });
    for (const amount of [0, 9.5, 1299, 12345.67])
      expect(moneyFormat(tag, currency).format(amount)).toBe(
        intl.formatNumber(amount, { style: "currency", currency }),
      );
    expect(moneyFormat(tag, currency)).toBe(moneyFormat(tag, currency));
  }
});
