import { describe, expect, it } from "vitest";
import { type Insert, interleave } from "./listing-inserts.ts";

const items = (kind: Insert["kind"], n: number): Insert[] =>
  Array.from({ length: n }, (_, i) => ({ kind, id: i + 1, title: `${kind} ${i + 1}` }));

describe("listing inserts", () => {
  const products = Array.from({ length: 60 }, (_, i) => i + 1);
  const cells = interleave(products, {
    guides: items("guide", 5),
    reels: items("reel", 10),
    stories: items("story", 5),
    placed: [{ kind: "link_card", id: 99, title: "Bestsellers", index_placement: 5 }],
  });
  const insertsBefore = (product: number) => {
    const at = cells.findIndex((c) => c.type === "product" && c.product === product);
    const kinds: string[] = [];
    for (let i = at - 1; i >= 0 && cells[i]?.type === "insert"; i--)
      kinds.unshift((cells[i] as { insert: Insert }).insert.kind);
    return kinds;
  };

  it("puts a reel before every 8th product, a story before every 16th and a guide before every 22nd", () => {
    expect(insertsBefore(1)).toEqual([]);
    expect(insertsBefore(8)).toEqual(["reel"]);
    expect(insertsBefore(16)).toEqual(["reel", "story"]);
    expect(insertsBefore(22)).toEqual(["guide"]);
    expect(insertsBefore(44)).toEqual(["guide"]);
    expect(insertsBefore(48)).toEqual(["reel", "story"]);
  });

  it("puts placed items before the product at their 1-based index_placement", () => {
    expect(insertsBefore(5)).toEqual(["link_card"]);
  });

  it("keeps every product in order and runs out of items rather than repeating them", () => {
    expect(cells.filter((c) => c.type === "product").map((c) => (c as { product: number }).product)).toEqual(
      products,
    );
    const short = interleave(products, { guides: [], reels: items("reel", 2), stories: [], placed: [] });
    expect(short.filter((c) => c.type === "insert")).toHaveLength(2);
  });
});
