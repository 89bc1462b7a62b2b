import { describe, expect, it } from "vitest";
import { formatSizeValue } from "./sizes.ts";

describe("sizes in the shopper's number format", () => {
  it("writes half sizes with a decimal comma where the language has one", () => {
    expect(formatSizeValue("42.5", "da-DK")).toBe("42,5");
    expect(formatSizeValue("42.5", "de-DE")).toBe("42,5");
    expect(formatSizeValue("42.5", "en")).toBe("42.5");
    expect(formatSizeValue("10.5K", "fr-FR")).toBe("10,5K");
  });

  it("formats every number of a range and leaves whole numbers and letters alone", () => {
    expect(formatSizeValue("14.5–15.5", "pl-PL")).toBe("14,5–15,5");
    expect(formatSizeValue("31-34", "da-DK")).toBe("31-34");
    expect(formatSizeValue("1000", "de-DE")).toBe("1000");
    expect(formatSizeValue("XL", "nl-NL")).toBe("XL");
    expect(formatSizeValue("116 cm", "sv-SE")).toBe("116 cm");
  });
});
