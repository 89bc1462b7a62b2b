import { describe, expect, it } from "vitest";
import { modelName, productTitle } from "./product-name.ts";

describe("product names", () => {
  it("names the brand once when the catalogue name already starts with it", () => {
    expect(productTitle("Kestrel", "Kestrel Aero Elite FG")).toBe("Kestrel Aero Elite FG");
    expect(productTitle("Kestrel", "kestrel Aero Elite FG")).toBe("Kestrel Aero Elite FG");
    expect(modelName("Kestrel", "Kestrel Aero Elite FG")).toBe("Aero Elite FG");
  });

  it("puts the brand in front of a name without it", () => {
    expect(productTitle("Kestrel", "Club Home Shirt 26/27")).toBe("Kestrel Club Home Shirt 26/27");
    expect(modelName("Kestrel", "Club Home Shirt 26/27")).toBe("Club Home Shirt 26/27");
  });

  it("does not cut a word that merely begins like the brand, nor a name that is only the brand", () => {
    expect(modelName("Kes", "Kestrel Aero")).toBe("Kestrel Aero");
    expect(productTitle("Kes", "Kestrel Aero")).toBe("Kes Kestrel Aero");
    expect(modelName("Kestrel", "Kestrel")).toBe("Kestrel");
    expect(productTitle("", "Pitchside Gift Card 500")).toBe("Pitchside Gift Card 500");
  });

  it("compares letters with their accents, not their case", () => {
    expect(modelName("Élan", "élan Striker")).toBe("Striker");
    expect(modelName("Elan", "Élan Striker")).toBe("Élan Striker");
    expect(modelName("ÉLAN", "élan Striker")).toBe("Striker");
  });

  it("compares plain ASCII names as the collator would: case aside, punctuation and digits as they are", () => {
    const pairs: [brand: string, name: string][] = [
      ["KESTREL", "kestrel Aero"],
      ["Nord-Star", "nord-star Pro"],
      ["Nord-Star", "Nord Star Pro"],
      ["FC 1905", "fc 1905 Home"],
      ["A.C.", "a.c. Shirt"],
      ["Kestrel", "Kestrél Aero"],
    ];
    const collator = new Intl.Collator(undefined, { sensitivity: "accent" });
    for (const [brand, name] of pairs) {
      const head = name.slice(0, brand.length);
      const expected = collator.compare(head, brand) === 0 ? name.slice(brand.length).trim() : name;
      expect(modelName(brand, name)).toBe(expected);
    }
  });
});
