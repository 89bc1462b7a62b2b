import { afterEach, describe, expect, it, vi } from "vitest";
import { PageTexts } from "#kernel/page-texts.ts";
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

describe("a page's data asked for again", () => {
  it("reads as the objects it read as before when it comes back unchanged, and as the new ones when changed", () => {
    // The browser's client loader makes a new object from each answer (a revalidation after an add
    // to bag): the page keeps the one it has while the text is the same.
    const first = { id: 7, name: "Aero Club", price: 499 };
    const firstText = keptJsonText(first);
    expect(readJsonText(firstText)).toBe(first);
    const again = { id: 7, name: "Aero Club", price: 499 };
    expect(readJsonText(keptJsonText(again))).toBe(first);
    const changed = { id: 7, name: "Aero Club", price: 399 };
    expect(readJsonText(keptJsonText(changed))).toBe(changed);
  });
});

describe("a document's text beside its data", () => {
  const manyCards = (from: number) =>
    Array.from({ length: 12 }, (_, i) => ({
      product_id: from + i,
      name: `Boot ${from + i} </script><!-- «x»`,
    }));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is safe to stand in a script as it is, and reads as the same value", () => {
    const cards = manyCards(100);
    const text = jsonList(cards);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(cards);
    const product = { id: 9, name: "<b>Keeper</b>" };
    expect(keptJsonText(product)).toBe('{"id":9,"name":"\\u003cb>Keeper\\u003c/b>"}');
  });

  it("goes in the data as a token while the page takes texts, read on the server as the very objects", () => {
    const texts = new PageTexts();
    const cards = manyCards(200);
    const product = { id: 10, name: "Zenith", description: "d".repeat(400) };
    const list = jsonList(cards, texts);
    const main = keptJsonText(product, texts);
    expect(list).toMatch(/^#page-text-/);
    expect(main).toMatch(/^#page-text-/);
    expect(readJsonText(list)).toBe(cards);
    expect(readJsonText(main)).toBe(product);
    // The page writes the texts the tokens name; after that, a text goes in the data.
    expect(texts.close()).toEqual([
      { id: list.slice(1), text: jsonList(cards) },
      { id: main.slice(1), text: keptJsonText(product) },
    ]);
    const late = jsonList(manyCards(300), texts);
    expect(late.startsWith("[")).toBe(true);
    // A page data call has no texts of its own: everything in its data.
    expect(jsonList(cards, null)).toBe(jsonList(cards));
    texts.release();
  });

  it("reads on the server as its value until its page's answer is done, however many pages come meanwhile", () => {
    const slow = new PageTexts();
    const cards = manyCards(500);
    const token = jsonList(cards, slow);
    // Thousands of other pages take and let go of their texts while this one waits for its data.
    for (let n = 0; n < 5_000; n++) {
      const other = new PageTexts();
      jsonList(manyCards(10_000 + n * 12), other);
      other.release();
    }
    expect(readJsonText(token)).toBe(cards);
    slow.close();
    slow.release();
    expect(PageTexts.kept).toBe(0);
    // Done, on the server (no page to read it from): the token names nothing any more.
    expect(() => readJsonText(token)).toThrow(/no text/);
  });

  it("is read in the browser from the page's element its token names, once", () => {
    const cards = manyCards(400);
    const texts = new PageTexts();
    const token = jsonList(cards, texts);
    const [{ id, text }] = texts.close() as [{ id: string; text: string }];
    const querySelector = vi.fn((selector: string) =>
      selector === `script[data-page-text][id="${id}"]` ? { textContent: text } : null,
    );
    vi.stubGlobal("document", { querySelector });
    // As in the browser, which keeps no value for the token: its page's answer is done.
    texts.release();
    expect(readJsonText(token)).toEqual(cards);
    expect(readJsonText(token)).not.toBe(cards);
    expect(readJsonText(token)).toEqual(cards);
    expect(querySelector).toHaveBeenCalledTimes(1);
    expect(() => readJsonText("#page-text-none")).toThrow(/no text/);
  });
});
