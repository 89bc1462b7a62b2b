import { describe, expect, it } from "vitest";
import { pageItems } from "./page-links.tsx";

describe("the page links of a paged list", () => {
  it("marks skipped pages with a gap", () => {
    expect(pageItems([1, 2, 14])).toEqual([1, 2, "gap", 14]);
    expect(pageItems([1, 6, 7, 8, 14])).toEqual([1, "gap", 6, 7, 8, "gap", 14]);
  });

  it("shows a single skipped page rather than a gap", () => {
    expect(pageItems([1, 3, 4, 5, 14])).toEqual([1, 2, 3, 4, 5, "gap", 14]);
  });

  it("needs no gap when every page is shown, in order and once", () => {
    expect(pageItems([3, 1, 2, 2])).toEqual([1, 2, 3]);
    expect(pageItems([1])).toEqual([1]);
  });
});
