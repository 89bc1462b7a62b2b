import { describe, expect, it } from "vitest";
import { contentTags, htmlReadingMinutes } from "./content.service.ts";

describe("content tags", () => {
  it("names each tag in the shopper's language, falling back to English", () => {
    const stored = [
      { slug: "care", name: { en: "Care and repair", de: "Pflege und Reparatur" } },
      { slug: "training", name: "Training" },
    ];
    expect(contentTags(stored, "de-AT")).toEqual([
      { name: "Pflege und Reparatur", slug: "care" },
      { name: "Training", slug: "training" },
    ]);
    expect(contentTags(stored, "fi")).toEqual([
      { name: "Care and repair", slug: "care" },
      { name: "Training", slug: "training" },
    ]);
  });

  it("skips what is not a tag and never throws", () => {
    expect(contentTags(null, "en")).toEqual([]);
    expect(contentTags("care", "en")).toEqual([]);
    expect(
      contentTags([null, 1, { slug: 2, name: "x" }, { slug: "a" }, { slug: "ok", name: "Ok" }], "en"),
    ).toEqual([{ name: "Ok", slug: "ok" }]);
  });
});

describe("reading time", () => {
  it("counts words at 250 a minute, rounded up, at least one", () => {
    expect(htmlReadingMinutes("")).toBe(1);
    expect(htmlReadingMinutes(`<p>${"word ".repeat(250)}</p>`)).toBe(1);
    expect(htmlReadingMinutes(`<p>${"ord ".repeat(251)}</p><ul><li>— ·</li></ul>`)).toBe(2);
  });
});
