import { describe, expect, it } from "vitest";
import { activeFilterCount, resetFilters, toggleFilter, withParam } from "./listing-url.ts";

describe("listing addresses", () => {
  it("joins values of one filter with | and drops the page when a value is toggled", () => {
    const one = toggleFilter("?page=3&sort=price-asc", "brand", "strikon");
    expect(new URLSearchParams(one).get("brand")).toBe("strikon");
    expect(new URLSearchParams(one).has("page")).toBe(false);
    const two = toggleFilter(one, "brand", "veloce");
    expect(new URLSearchParams(two).get("brand")).toBe("strikon|veloce");
    const back = toggleFilter(two, "brand", "strikon");
    expect(new URLSearchParams(back).get("brand")).toBe("veloce");
    expect(new URLSearchParams(toggleFilter(back, "brand", "veloce")).has("brand")).toBe(false);
    expect(activeFilterCount(`${two}&color=red`)).toBe(3);
  });

  it("resets every filter key and the page but keeps the words and the sort", () => {
    const reset = new URLSearchParams(resetFilters("?q=boots&brand=a|b&color=red&page=2&sort=name-abc"));
    expect([...reset.keys()].sort()).toEqual(["q", "sort"]);
  });

  it("changes the sort and drops the page, and sets a page without dropping it", () => {
    expect(new URLSearchParams(withParam("?page=2", "sort", "price-asc")).has("page")).toBe(false);
    expect(new URLSearchParams(withParam("?sort=price-asc", "page", "2")).get("page")).toBe("2");
  });
});
