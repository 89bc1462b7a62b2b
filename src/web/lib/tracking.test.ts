import { describe, expect, it } from "vitest";
import { trackItem } from "./tracking.ts";

describe("tracking", () => {
  it("describes a product as one piece at its current price, by its style", () => {
    const product = {
      style: "FG-123",
      name: "Strike",
      brand: "Pitch",
      prices: { currency: "DKK", min_price: 499.5 },
    };
    expect(trackItem(product)).toEqual({
      currency: "DKK",
      value: 499.5,
      items: [{ item_id: "FG-123", item_name: "Strike", item_brand: "Pitch", price: 499.5, quantity: 1 }],
    });
  });
});
