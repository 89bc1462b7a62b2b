import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "#modules/markets/markets.service.ts";
import { CATALOGUES } from "./messages.server.ts";

describe("translation catalogues", () => {
  const english = Object.keys(CATALOGUES.en).sort();

  it("has strings", () => {
    expect(english.length).toBeGreaterThan(0);
  });

  for (const locale of UI_LOCALES) {
    it(`${locale} holds exactly the ids of the English catalogue, none empty`, () => {
      const catalogue = CATALOGUES[locale];
      expect(Object.keys(catalogue).sort()).toEqual(english);
      for (const [id, text] of Object.entries(catalogue)) expect(text.trim(), id).not.toBe("");
    });
  }
});
