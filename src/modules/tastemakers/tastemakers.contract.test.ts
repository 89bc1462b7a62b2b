import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "#modules/markets/markets.service.ts";
import {
  BOOT_SIZES,
  birthYearProblem,
  characterCount,
  DEFAULT_MINIMUM_AGE,
  latestBirthYear,
  listedBirthYears,
  MINIMUM_AGE,
  minimumAge,
  tastemakerApplicationInput,
  tastemakerFormSchema,
} from "./tastemakers.contract.ts";

const NOW = new Date("2026-06-15T12:00:00Z");

/** The spec's table (§9), language by language. */
const SPEC_AGES: [string, number][] = [
  ["da", 13],
  ["sv", 13],
  ["nb", 13],
  ["fi", 13],
  ["de", 16],
  ["en", 13],
  ["nl", 16],
  ["de-AT", 14],
  ["fr", 15],
  ["pl", 13],
  ["en-GB", 13],
  // Not in the spec's table: the two languages added later keep the default for unnamed languages.
  ["it", 16],
  ["es", 16],
];

describe("minimum age by language", () => {
  it("names every language the shop speaks, and no other", () => {
    expect(Object.keys(MINIMUM_AGE).sort()).toEqual([...UI_LOCALES].sort());
    expect(SPEC_AGES.map(([language]) => language).sort()).toEqual([...UI_LOCALES].sort());
  });

  for (const [language, age] of SPEC_AGES) {
    it(`${language}: ${age}; born ${2026 - age} is accepted in 2026, born ${2026 - age + 1} is too young`, () => {
      expect(minimumAge(language)).toBe(age);
      expect(latestBirthYear(language, NOW)).toBe(2026 - age);
      expect(birthYearProblem(2026 - age, language, NOW)).toBeNull();
      expect(birthYearProblem(2026 - age + 1, language, NOW)).toBe("tastemaker.error.tooYoung");
      expect(birthYearProblem(1900, language, NOW)).toBeNull();
      expect(birthYearProblem(1899, language, NOW)).toBe("tastemaker.error.birthYear");
    });
  }

  it("uses 16 for a language the table does not name", () => {
    expect(DEFAULT_MINIMUM_AGE).toBe(16);
    for (const language of ["hu", "cs", "", "EN", "de-CH", "constructor", "__proto__", "toString"]) {
      expect(minimumAge(language), language).toBe(16);
      expect(birthYearProblem(2010, language, NOW), language).toBeNull();
      expect(birthYearProblem(2011, language, NOW), language).toBe("tastemaker.error.tooYoung");
    }
  });

  it("counts with the year of the day it is asked, in UTC", () => {
    expect(latestBirthYear("da", new Date("2026-12-31T23:59:59Z"))).toBe(2013);
    expect(latestBirthYear("da", new Date("2027-01-01T00:00:00Z"))).toBe(2014);
  });

  it("refuses a year in the future, not whole, or beyond safe numbers as not a birth year", () => {
    for (const year of [2027, 2026.5, 1e300, Number.NaN, -1])
      expect(birthYearProblem(year, "da", NOW), String(year)).toBe("tastemaker.error.birthYear");
  });

  it("lists the years from the latest allowed down to 1970", () => {
    const years = listedBirthYears("de-AT", NOW);
    expect(years[0]).toBe(2012);
    expect(years.at(-1)).toBe(1970);
    expect(years).toHaveLength(2012 - 1970 + 1);
  });
});

describe("the form's contract", () => {
  const valid = {
    birthYear: 2000,
    gender: "Female",
    position: "Midfielder",
    bootSize: "38⅔",
    motivation: "I film my training every day.",
  };

  it("takes the spec's boot size run: 29½ up to 56⅔", () => {
    expect(BOOT_SIZES[0]).toBe("29½");
    expect(BOOT_SIZES.at(-1)).toBe("56⅔");
    expect(new Set(BOOT_SIZES).size).toBe(BOOT_SIZES.length);
  });

  it("applies the language's minimum age in the form as on the server", () => {
    expect(tastemakerFormSchema("da", NOW).safeParse({ ...valid, birthYear: 2013 }).success).toBe(true);
    const german = tastemakerFormSchema("de", NOW).safeParse({ ...valid, birthYear: 2013 });
    expect(german.success).toBe(false);
    expect(german.error?.issues).toEqual([
      expect.objectContaining({ path: ["birthYear"], message: "tastemaker.error.tooYoung" }),
    ]);
  });

  it("defaults the level to Amateur and reads empty optional fields as none", () => {
    const parsed = tastemakerApplicationInput.parse({
      ...valid,
      favoriteBrand: "",
      phoneNumber: "  ",
      instagram: "",
      instagramFollowers: "",
      instagramAccount: "",
      tiktok: null,
    });
    expect(parsed).toMatchObject({
      level: "Amateur",
      favoriteBrand: null,
      phoneNumber: null,
      instagram: null,
      instagramFollowers: null,
      instagramAccount: null,
      tiktok: null,
      youtube: null,
    });
  });

  it("counts the motivation's characters as a reader does", () => {
    expect(characterCount("⚽".repeat(15))).toBe(15);
    expect(characterCount("😀")).toBe(1);
    expect(characterCount("e\u0301")).toBe(1);
    const emoji = tastemakerApplicationInput.safeParse({ ...valid, motivation: "😀".repeat(500) });
    expect(emoji.success).toBe(true);
    const tooLong = tastemakerApplicationInput.safeParse({ ...valid, motivation: "😀".repeat(501) });
    expect(tooLong.error?.issues[0]?.message).toBe("tastemaker.error.motivationTooLong");
  });
});
