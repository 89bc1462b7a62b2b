import { describe, expect, it } from "vitest";
import { translate } from "./translate.ts";

describe("a content text in the shopper's locale (decision 0041)", () => {
  const text = { en: "Boots", de: "Schuhe", da: "Støvler", it: "Scarpe" };

  it("takes the locale's own text first", () => {
    expect(translate({ ...text, "de-AT": "Schuach" }, "de-AT")).toBe("Schuach");
    expect(translate(text, "it")).toBe("Scarpe");
  });

  it("falls back locale → base language → English", () => {
    expect(translate(text, "de-AT")).toBe("Schuhe");
    expect(translate(text, "en-GB")).toBe("Boots");
    // Norwegian does not borrow the Danish text: it reads English until it has its own.
    expect(translate(text, "nb")).toBe("Boots");
    expect(translate(text, "es")).toBe("Boots");
  });

  it("reads any text there is when English is missing, and nothing from nothing", () => {
    expect(translate({ da: "Støvler" }, "fr")).toBe("Støvler");
    expect(translate({}, "da")).toBe("");
    expect(translate(null, "da")).toBe("");
  });
});
