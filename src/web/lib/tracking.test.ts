import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serializeConsent } from "#kernel/consent.ts";
import {
  dataLayerEntries,
  itemList,
  linesEcommerce,
  productItem,
  purchaseEvent,
  purposeOf,
  selectedItem,
  type TrackingEvent,
  track,
  trackItem,
  trackPurchaseOnce,
} from "./tracking.ts";

const product = {
  style: "FG-123",
  name: "Strike",
  brand: "Pitch",
  prices: { currency: "DKK", min_price: 499.5 },
};

const receipt = {
  order_number: "ST1042",
  currency: "DKK",
  totals: { total: 1048, vat: 209.6, delivery: 49 },
  items: [{ item_id: "FG-123", item_name: "Strike", item_brand: "Pitch", price: 499.5, quantity: 2 }],
  user_data: { sha256_email_address: "a".repeat(64), sha256_phone_number: null },
};

const ALL = { statistics: true, marketing: true };
const STATISTICS = { statistics: true, marketing: false };
const NONE = { statistics: false, marketing: false };

describe("tracking payloads", () => {
  it("describes a product as one piece at its current price, by its style", () => {
    expect(trackItem(product)).toEqual({
      currency: "DKK",
      value: 499.5,
      items: [{ item_id: "FG-123", item_name: "Strike", item_brand: "Pitch", price: 499.5, quantity: 1 }],
    });
    expect(productItem(product, 3).quantity).toBe(3);
  });

  it("sums bag lines to the cents and lists each with its unit price and quantity", () => {
    const line = {
      product_style: "FG-1",
      product_name: "Boot",
      product_brand: "Pitch",
      unit_price: 0.1,
      quantity: 2,
      line_total: 0.2,
    };
    expect(
      linesEcommerce("EUR", [line, { ...line, product_style: "FG-2", line_total: 0.1, quantity: 1 }]),
    ).toEqual({
      currency: "EUR",
      value: 0.3,
      items: [
        { item_id: "FG-1", item_name: "Boot", item_brand: "Pitch", price: 0.1, quantity: 2 },
        { item_id: "FG-2", item_name: "Boot", item_brand: "Pitch", price: 0.1, quantity: 1 },
      ],
    });
    expect(linesEcommerce("EUR", []).value).toBe(0);
  });

  it("names a list and each card's place in it, counting on from earlier pages", () => {
    const list = itemList("category:/football-boots/", "Football boots", [product, product], 60);
    expect(list.item_list_id).toBe("category:/football-boots/");
    expect(list.items.map((item) => item.index)).toEqual([60, 61]);
    expect(list.items[0]).toMatchObject({ item_id: "FG-123", item_list_name: "Football boots" });
    expect(selectedItem("search", "Search results", product, 7).items).toEqual([
      expect.objectContaining({ index: 7, item_list_id: "search" }),
    ]);
  });

  it("builds the purchase from the receipt: the order number as the transaction, tax and shipping", () => {
    expect(purchaseEvent(receipt)).toEqual({
      event: "purchase",
      ecommerce: {
        transaction_id: "ST1042",
        currency: "DKK",
        value: 1048,
        tax: 209.6,
        shipping: 49,
        items: receipt.items,
      },
      user_data: receipt.user_data,
    });
  });
});

describe("consent on the data layer", () => {
  const view: TrackingEvent = { event: "view_item", ecommerce: trackItem(product) };

  it("needs statistics for the shop's events and marketing for the sponsor's impression", () => {
    expect(purposeOf("view_item")).toBe("statistics");
    expect(purposeOf("purchase")).toBe("statistics");
    expect(purposeOf("search")).toBe("statistics");
    expect(purposeOf("sponsored_impression")).toBe("marketing");
  });

  it("pushes nothing without the event's purpose", () => {
    expect(dataLayerEntries(view, NONE)).toEqual([]);
    expect(dataLayerEntries(view, { statistics: false, marketing: true })).toEqual([]);
    const impression: TrackingEvent = {
      event: "sponsored_impression",
      sponsored_component: "Nike",
      products: [1],
    };
    expect(dataLayerEntries(impression, STATISTICS)).toEqual([]);
    expect(dataLayerEntries(impression, ALL)).toEqual([impression]);
  });

  it("clears the previous e-commerce object before each e-commerce event", () => {
    expect(dataLayerEntries(view, STATISTICS)).toEqual([{ ecommerce: null }, view]);
    const search: TrackingEvent = { event: "search", search_term: "boots", results: 3 };
    expect(dataLayerEntries(search, STATISTICS)).toEqual([search]);
  });

  it("sends the purchase's hashed customer data only with marketing consent", () => {
    const purchase = purchaseEvent(receipt);
    expect(dataLayerEntries(purchase, STATISTICS)[1]).not.toHaveProperty("user_data");
    expect(dataLayerEntries(purchase, ALL)[1]).toHaveProperty("user_data", receipt.user_data);
  });
});

describe("track() in the browser", () => {
  let cookie = "";
  const storage = new Map<string, string>();
  const session = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  };
  const answer = (choice: { statistics: boolean; marketing: boolean }) => {
    cookie = `sessionid=x; cookie_consent=${serializeConsent(choice, new Date())}; csrftoken=y`;
  };

  beforeEach(() => {
    cookie = "sessionid=x";
    storage.clear();
    vi.stubGlobal("window", {});
    vi.stubGlobal("document", {
      get cookie() {
        return cookie;
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const layer = () => (globalThis.window as Window).dataLayer;

  it("drops events before an answer, and after only necessary, without keeping them for later", () => {
    track({ event: "view_item", ecommerce: trackItem(product) });
    expect(layer()).toBeUndefined();
    answer(NONE);
    track({ event: "view_item", ecommerce: trackItem(product) });
    expect(layer()).toBeUndefined();
    answer(STATISTICS);
    track({ event: "search", search_term: "gloves", results: 2 });
    expect(layer()).toEqual([{ event: "search", search_term: "gloves", results: 2 }]);
  });

  it("reads an answer of an older policy version as no answer", () => {
    cookie = "cookie_consent=v1.2026-01-01.statistics+marketing";
    track({ event: "search", search_term: "gloves", results: 2 });
    expect(layer()).toBeUndefined();
  });

  it("reports a purchase once per order, and only once consent allows it", () => {
    expect(trackPurchaseOnce(receipt, session)).toBe(false);
    expect(layer()).toBeUndefined();
    answer(STATISTICS);
    expect(trackPurchaseOnce(receipt, session)).toBe(true);
    expect(trackPurchaseOnce(receipt, session)).toBe(false);
    expect(layer()?.filter((entry) => entry.event === "purchase")).toHaveLength(1);
    expect(trackPurchaseOnce({ ...receipt, order_number: "ST1043" }, session)).toBe(true);
    expect(layer()?.filter((entry) => entry.event === "purchase")).toHaveLength(2);
  });

  it("survives a damaged list of reported orders", () => {
    answer(STATISTICS);
    storage.set("pitchside.purchases-tracked", "{not json");
    expect(trackPurchaseOnce(receipt, session)).toBe(true);
    storage.set("pitchside.purchases-tracked", '"ST1042"');
    expect(trackPurchaseOnce({ ...receipt, order_number: "ST1044" }, session)).toBe(true);
  });
});
