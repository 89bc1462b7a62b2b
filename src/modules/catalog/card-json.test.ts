import { describe, expect, it } from "vitest";
import { compiledSerializer } from "#kernel/compiled-serializer.ts";
import { categoryOutput, searchOutput } from "#modules/search/listing.contract.ts";
import { cardJson, serializeWithCards } from "./card-json.ts";
import type { ProductCard } from "./catalog.contract.ts";

const card = (id: number, name: string): ProductCard => ({
  product_id: id,
  name,
  style: `ST-${id}`,
  brand: 'Łódź "Kickers" ⚽',
  image: `/media/products/${id}/0.svg`,
  relative_url: `/p/card-${id}/`,
  delivery: id % 2 ? "Preorder" : null,
  is_exclusive: id % 3 === 0,
  labels: id % 2 ? ["new", "sale </script>"] : [],
  sizes: [
    { size_id: id * 10, name: "EU 42 ⅔", name_short: "42⅔", in_stock: true },
    { size_id: id * 10 + 1, name: "43", name_short: "43", in_stock: false },
  ],
  prices: {
    min_price: 1299.5,
    max_price: 1499,
    recommended_retail_price: 1599,
    currency: "DKK",
    discount_percentage: 19,
    lowest_price_30_days: 1299.5,
  },
  attributes: { brand: "Kickers", item_type: "football_boots", team: id % 2 ? null : "Brøndby IF" },
});

const meta = {
  slug: "firm-ground",
  title: 'Fodboldstøvler — "FG"',
  description: "",
  breadcrumb: [{ title: "Støvler", url: "/boots/" }],
  sub_categories: [],
  has_sub_categories: false,
  total: 3,
  page: 1,
  pages: { total: 1 },
  filters: [
    {
      key: "brand",
      name: "filter.brand",
      values: [{ name: "kickers", label: "Kickers", count: 3, selected: false, has_logo: true }],
    },
  ],
  content: { sponsored: null },
};

const writeCategory = compiledSerializer(categoryOutput) as (data: unknown) => string;
const writeSearch = compiledSerializer(searchOutput) as (data: unknown) => string;

describe("listing answers with the cards' kept JSON", () => {
  it("writes exactly what the contract writes for the whole answer, unicode and markup included", () => {
    const answer = {
      products: [card(1, "Vortex ‘Elite’ FG"), card(2, "Ünïcödé 🦄"), card(3, 'a\\b"c\n')],
      meta,
    };
    const bytes = serializeWithCards(answer, writeCategory, true);
    // Byte for byte what the contract writes, multi-byte letters included.
    expect(bytes?.equals(Buffer.from(writeCategory(answer)))).toBe(true);
    const text = bytes?.toString();
    expect(JSON.parse(text as string).products.map((p: ProductCard) => p.name)).toEqual([
      "Vortex ‘Elite’ FG",
      "Ünïcödé 🦄",
      'a\\b"c\n',
    ]);
  });

  it("writes a search answer (products, then its other parts) and an empty page the same way", () => {
    const search = {
      products: [card(4, "Glove")],
      navigation_items: [{ title: "Gloves", url: "/gloves/", count: 1 }],
      meta: { title: "glove", total: 1, page: 1, pages: { total: 1 }, filters: [] },
    };
    expect(serializeWithCards(search, writeSearch, true)?.toString()).toBe(writeSearch(search));
    const empty = { products: [], meta: { ...meta, total: 0 } };
    expect(serializeWithCards(empty, writeCategory, true)?.toString()).toBe(writeCategory(empty));
  });

  it("a card shown again is written from what was kept: the same text without the writer", () => {
    const shown = card(5, "Kept");
    const first = cardJson(shown);
    let calls = 0;
    const counting = (data: unknown) => {
      calls += 1;
      return writeCategory(data);
    };
    const text = serializeWithCards({ products: [shown, shown], meta }, counting, false)?.toString();
    // One call for the answer's other parts; the cards came from their kept JSON.
    expect(calls).toBe(1);
    expect(text).toContain(`[${first},${first}]`);
  });

  it("leaves answers that do not begin with a list of cards to be serialised whole", () => {
    expect(serializeWithCards({ meta, products: [card(6, "Late")] }, writeCategory, true)).toBeNull();
    expect(serializeWithCards({ products: "none", meta }, writeCategory, true)).toBeNull();
    expect(serializeWithCards(null, writeCategory, true)).toBeNull();
    expect(serializeWithCards([card(7, "List")], writeCategory, true)).toBeNull();
  });

  it("outside production, a card whose kept JSON is not what the contract writes is an error", () => {
    const shown = card(8, "Changed later");
    cardJson(shown);
    // Cards are shared and never changed; one that was shows up as a difference.
    shown.name = "Changed";
    expect(() => serializeWithCards({ products: [shown], meta }, writeCategory, true)).toThrow(/kept JSON/);
    expect(serializeWithCards({ products: [shown], meta }, writeCategory, false)?.toString()).toContain(
      "Changed later",
    );
  });
});
