import { describe, expect, it } from "vitest";
import { cleanDraft, quantityToSend, stepDraft } from "./quantity-draft.ts";

describe("the bag's quantity field", () => {
  it("keeps an empty field and digits while typing", () => {
    expect(cleanDraft("")).toBe("");
    expect(cleanDraft("1")).toBe("1");
    expect(cleanDraft("10")).toBe("10");
    expect(cleanDraft("2a-")).toBe("2");
    expect(cleanDraft("١٢")).toBe("");
    expect(cleanDraft("12345")).toBe("123");
  });

  it("sends the typed number once the edit ends, and nothing for empty, zero or unchanged", () => {
    expect(quantityToSend("2", 3, 20)).toBe(2);
    expect(quantityToSend("10", 1, 20)).toBe(10);
    expect(quantityToSend("", 3, 20)).toBeNull();
    expect(quantityToSend("0", 3, 20)).toBeNull();
    expect(quantityToSend("3", 3, 20)).toBeNull();
  });

  it("sends at most the line's most", () => {
    expect(quantityToSend("26", 3, 8)).toBe(8);
    expect(quantityToSend("999", 8, 8)).toBeNull();
    expect(quantityToSend("5", 1, 0)).toBeNull();
  });

  it("steps between 1 and the line's most, from the field or, when it is empty, the line", () => {
    expect(stepDraft("3", 3, 10, 1)).toBe("4");
    expect(stepDraft("1", 1, 10, -1)).toBe("1");
    expect(stepDraft("10", 10, 10, 1)).toBe("10");
    expect(stepDraft("", 4, 10, -1)).toBe("3");
    expect(stepDraft("0", 4, 10, 1)).toBe("5");
  });
});
