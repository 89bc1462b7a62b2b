import { CONSENT_COOKIE, type ConsentChoice, parseConsent } from "#kernel/consent.ts";

/**
 * The shop's one place that builds analytics events and pushes them to `window.dataLayer`, where the
 * tag manager (GTM_CONTAINER_ID, loaded only with statistics consent) picks them up. Events follow
 * GA4's recommended e-commerce shape. Nothing is pushed, nor kept for later, without the consent the
 * event needs: statistics for every event, marketing for the sponsored impression and for the
 * purchase's hashed customer data (decision 0045).
 */

/** One product in an event, as GA4 names its fields. */
export interface TrackingItem {
  item_id: string;
  item_name: string;
  item_brand: string;
  price: number;
  quantity: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
}

/** The e-commerce part of an event: what it is worth, in which currency, for which products. */
export interface Ecommerce {
  currency: string;
  value: number;
  items: TrackingItem[];
}

/** A list of products the shopper saw (a category, a search, a slider). */
export interface ItemList {
  item_list_id: string;
  item_list_name: string;
  items: TrackingItem[];
}

export interface HashedUserData {
  sha256_email_address: string;
  sha256_phone_number: string | null;
}

export type TrackingEvent =
  | { event: "search"; search_term: string; results: number }
  | { event: "sponsored_impression"; sponsored_component: string; products: number[] }
  | { event: "view_item_list" | "select_item"; ecommerce: ItemList }
  | { event: "add_shipping_info"; ecommerce: Ecommerce & { shipping_tier: string } }
  | { event: "add_payment_info"; ecommerce: Ecommerce & { payment_type: string } }
  | {
      event: "purchase";
      ecommerce: Ecommerce & { transaction_id: string; tax: number; shipping: number };
      user_data?: HashedUserData;
    }
  | {
      event: "view_item" | "add_to_cart" | "remove_from_cart" | "view_cart" | "begin_checkout";
      ecommerce: Ecommerce;
    };

export type TrackingEventName = TrackingEvent["event"];

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** The consent purpose an event needs. */
export function purposeOf(event: TrackingEventName): keyof ConsentChoice {
  return event === "sponsored_impression" ? "marketing" : "statistics";
}

/**
 * What goes on the data layer for an event under a consent: nothing without the event's purpose;
 * an e-commerce event is preceded by `{ ecommerce: null }` (GA4's advice, so one event's items do not
 * leak into the next); the purchase carries the hashed customer data only with marketing consent.
 */
export function dataLayerEntries(event: TrackingEvent, consent: ConsentChoice): Record<string, unknown>[] {
  if (!consent[purposeOf(event.event)]) return [];
  if (event.event === "purchase" && !consent.marketing) {
    const { user_data: _left, ...rest } = event;
    return [{ ecommerce: null }, rest];
  }
  return "ecommerce" in event ? [{ ecommerce: null }, { ...event }] : [{ ...event }];
}

/** The shopper's consent as the browser holds it now (the cookie the banner writes). */
export function consentNow(): ConsentChoice {
  if (typeof document === "undefined") return { statistics: false, marketing: false };
  const cookie = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  return parseConsent(cookie?.slice(CONSENT_COOKIE.length + 1));
}

/** Pushes an event to the data layer when the shopper's consent allows it; otherwise it is dropped. */
export function track(event: TrackingEvent) {
  if (typeof window === "undefined") return;
  const entries = dataLayerEntries(event, consentNow());
  if (entries.length === 0) return;
  window.dataLayer ??= [];
  window.dataLayer.push(...entries);
}

// ---- Payload builders: every page describes products the same way through these. ----

interface ProductLike {
  style: string;
  name: string;
  brand: string;
  prices: { currency: string; min_price: number };
}

/** A product as one piece at its current price, by its style. */
export function productItem(product: ProductLike, quantity = 1): TrackingItem {
  return {
    item_id: product.style,
    item_name: product.name,
    item_brand: product.brand,
    price: product.prices.min_price,
    quantity,
  };
}

/** A product as the events about it (viewed, added to the bag) carry it: one piece at its current price. */
export function trackItem(product: ProductLike): Ecommerce {
  return {
    currency: product.prices.currency,
    value: product.prices.min_price,
    items: [productItem(product)],
  };
}

/** A bag line as the cart and checkout events carry it. */
export interface LineLike {
  product_style: string;
  product_name: string;
  product_brand: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

/** Bag lines (all of them, or the one removed) with their worth. */
export function linesEcommerce(currency: string, lines: LineLike[]): Ecommerce {
  return {
    currency,
    value: round(lines.reduce((sum, line) => sum + line.line_total, 0)),
    items: lines.map((line) => ({
      item_id: line.product_style,
      item_name: line.product_name,
      item_brand: line.product_brand,
      price: line.unit_price,
      quantity: line.quantity,
    })),
  };
}

/** A list of product cards as shown, each with its place (0-based, as GA4 counts). */
export function itemList(id: string, name: string, products: ProductLike[], offset = 0): ItemList {
  return {
    item_list_id: id,
    item_list_name: name,
    items: products.map((product, index) => ({
      ...productItem(product),
      index: offset + index,
      item_list_id: id,
      item_list_name: name,
    })),
  };
}

/** The one card chosen from a list. */
export function selectedItem(id: string, name: string, product: ProductLike, index: number): ItemList {
  return itemList(id, name, [product], index);
}

/** The receipt as the purchase event carries it. */
export interface ReceiptLike {
  order_number: string;
  currency: string;
  totals: { total: number; vat: number; delivery: number };
  items: { item_id: string; item_name: string; item_brand: string; price: number; quantity: number }[];
  user_data: HashedUserData;
}

export function purchaseEvent(receipt: ReceiptLike): Extract<TrackingEvent, { event: "purchase" }> {
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: receipt.order_number,
      currency: receipt.currency,
      value: receipt.totals.total,
      tax: receipt.totals.vat,
      shipping: receipt.totals.delivery,
      items: receipt.items.map(({ item_id, item_name, item_brand, price, quantity }) => ({
        item_id,
        item_name,
        item_brand,
        price,
        quantity,
      })),
    },
    user_data: receipt.user_data,
  };
}

/**
 * The purchase, once per order in this browser tab even when the receipt is reloaded or opened again
 * (the orders already reported are kept in sessionStorage). An order the shopper's consent kept off
 * the data layer is not marked, so it is reported if consent comes while the receipt is open.
 */
export function trackPurchaseOnce(receipt: ReceiptLike, storage: Pick<Storage, "getItem" | "setItem">) {
  const key = "pitchside.purchases-tracked";
  let seen: string[] = [];
  try {
    seen = JSON.parse(storage.getItem(key) ?? "[]") as string[];
  } catch {}
  if (!Array.isArray(seen)) seen = [];
  if (seen.includes(receipt.order_number) || !consentNow().statistics) return false;
  track(purchaseEvent(receipt));
  storage.setItem(key, JSON.stringify([...seen.slice(-49), receipt.order_number]));
  return true;
}

const round = (amount: number) => Math.round(amount * 100) / 100;
