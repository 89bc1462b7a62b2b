import { describe, expect, it } from "vitest";
import { jsonList, KEPT_LISTS, keptJsonText, readJsonText } from "./json-text.ts";

describe("a list sent as JSON text", () => {
  const cards = [
    { product_id: 1, name: 'Boot "Zenith" <SG> & co', sizes: [{ name_short: "42 ⅔" }] },
    { product_id: 2, name: "Ærø Keeper", sizes: [] },
  ];

  it("is JSON that reads back as the list, whatever its text holds", () => {
    const text = jsonList(cards);
    expect(JSON.parse(text)).toEqual(cards);
    expect(jsonList([])).toBe("[]");
  });

  it("reads back as the very objects it was made from, so what is kept by them is found", () => {
    const text = jsonList(cards);
    const read = readJsonText(text);
    expect(read).toBe(cards);
    expect(read[0]).toBe(cards[0]);
  });

  it("parses a text it did not make (the browser's copy) once, however often it is read", () => {
    const received = JSON.stringify([{ product_id: 3, name: "Vortex" }]);
    const first = readJsonText<{ product_id: number }[]>(received);
    expect(first).toEqual([{ product_id: 3, name: "Vortex" }]);
    expect(readJsonText<{ product_id: number }[]>(`${received}`)).toBe(first);
  });

  it("keeps an item's JSON with it: a list made again writes the same text", () => {
    const item = { product_id: 4, name: "Strikon" };
    const once = jsonList([item, cards[0] as object]);
    expect(jsonList([item, cards[0] as object])).toBe(once);
    expect(JSON.parse(jsonList([cards[1] as object, item]))).toEqual([cards[1], item]);
  });

  it("forgets the oldest lists past its bound and parses them again, with the same content", () => {
    const first = [{ product_id: 5 }];
    const text = jsonList(first);
    for (let n = 0; n <= KEPT_LISTS; n++) jsonList([{ product_id: 1000 + n }]);
    const again = readJsonText(text);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe("a page's main value sent as JSON text", () => {
  it("reads back on the server as the object itself, and as an equal one from the browser's copy", () => {
    const product = {
      id: 7,
      name: "Keeper «Pro» </script>",
      stock: [{ size: "8½", quantity: 0 }],
      video: null,
    };
    const text = keptJsonText(product);
    expect(readJsonText(text)).toBe(product);
    // The browser's copy is another string with the same text.
    const copy = JSON.parse(JSON.stringify(text)) as typeof text;
    expect(JSON.parse(copy)).toEqual(product);
  });

  it("is made once per kept value: the same object gives the text made the first time", () => {
    const product = { id: 8, name: "Zenith Pro", prices: { min_price: 899 } };
    const first = keptJsonText(product);
    // Kept values are never changed; were one changed, its text would show it was not made again.
    product.prices.min_price = 1;
    expect(keptJsonText(product)).toBe(first);
    expect(JSON.parse(keptJsonText({ ...product }))).toEqual(product);
  });
});
