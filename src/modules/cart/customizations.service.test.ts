import { describe, expect, it } from "vitest";
import { customizationSublines, type PricedOption } from "./customizations.service.ts";

const options: PricedOption[] = [
  { type: "name", title: { en: "Name", da: "Navn" }, price: 10900 },
  { type: "number", title: { en: "Number" }, price: 6900 },
  { type: "marker", title: { en: "Competition badge" }, price: 6900 },
];
const print = { name: "MÜLLER", number: "10", marker: "", player_flag: "DE", print_type: "" };

describe("a print's add-ons", () => {
  it("lists each filled field the product offers, in the bag's order, titled in the shopper's language", () => {
    expect(customizationSublines({ customization: print, options }, "da")).toEqual([
      { product: "Navn: MÜLLER", unitPrice: 10900, original: "MÜLLER" },
      { product: "Number: 10", unitPrice: 6900, original: "10" },
    ]);
  });

  it("has none without a print or without options", () => {
    expect(customizationSublines({ customization: null, options }, "en")).toEqual([]);
    expect(customizationSublines({ customization: print, options: null }, "en")).toEqual([]);
  });
});
