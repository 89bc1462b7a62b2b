import { describe, expect, it } from "vitest";
import { dayRange } from "./day-range.ts";

describe("delivery day ranges", () => {
  it("is a single number when the earliest and latest day are the same", () => {
    expect(dayRange("da-DK", 1, 1)).toEqual({ range: "1", count: 1 });
    expect(dayRange("de-DE", 2, 2)).toEqual({ range: "2", count: 2 });
  });

  it("is a range as the locale writes one, counted by its latest day", () => {
    expect(dayRange("en", 1, 3)).toEqual({ range: "1–3", count: 3 });
    expect(dayRange("da-DK", 3, 1).count).toBe(3);
    expect(dayRange("da-DK", 1, 3).range).toMatch(/^1\s?[-–]\s?3$/);
  });
});
