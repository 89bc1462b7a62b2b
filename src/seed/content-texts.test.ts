import { describe, expect, it } from "vitest";
import { CONTENT_LANGUAGES, join, tr, trf } from "./content-texts.ts";

describe("the demo shop's content texts", () => {
  it("gives a text in English and every written language", () => {
    const text = tr("Shop the look");
    expect(Object.keys(text).sort()).toEqual(["en", ...CONTENT_LANGUAGES].sort());
    expect(text).toMatchObject({
      en: "Shop the look",
      da: "Shop looket",
      it: "Acquista il look",
      es: "Compra el look",
    });
    for (const value of Object.values(text)) expect(value.trim()).not.toBe("");
  });

  it("refuses a text without translations, so no English-only text reaches the seed", () => {
    expect(() => tr("A sentence nobody translated")).toThrow(/no translations/);
  });

  it("fills a template per language with translated and plain values", () => {
    const text = trf("{skill} for {position} – part {n}", {
      skill: tr("Passing"),
      position: tr("Goalkeeper"),
      n: "2",
    });
    expect(text.en).toBe("Passing for Goalkeeper – part 2");
    expect(text.de).toBe("Passen für Torwart – Teil 2");
    expect(join([tr("Skills"), ": ", { en: "Balls", da: "Bolde" }]).da).toBe("Teknik: Bolde");
  });
});
