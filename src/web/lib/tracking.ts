/**
 * Analytics events go to `window.dataLayer`, where the shop's tag manager (if any) picks them up;
 * without one they are simply kept in the page.
 */
export type TrackingEvent =
  | { event: "search"; search_term: string; results: number }
  | { event: "sponsored_impression"; sponsored_component: string; products: number[] }
  | { event: "add_shipping_info"; shipping_tier: string }
  | { event: "add_payment_info"; payment_type: string }
  | {
      event: "purchase";
      ecommerce: Ecommerce & { transaction_id: string; tax: number; shipping: number };
      user_data: { sha256_email_address: string; sha256_phone_number: string | null };
    }
  | {
      event: "view_item" | "add_to_cart" | "remove_from_cart" | "view_cart" | "begin_checkout";
      ecommerce: Ecommerce;
    };

/** The e-commerce part of an event, in the tag manager's usual shape. */
export interface Ecommerce {
  currency: string;
  value: number;
  items: { item_id: string; item_name: string; item_brand: string; price: number; quantity: number }[];
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(event: TrackingEvent) {
  if (typeof window === "undefined") return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

/** A product as the events about it (viewed, added to the bag) carry it: one piece at its current price. */
export function trackItem(product: {
  style: string;
  name: string;
  brand: string;
  prices: { currency: string; min_price: number };
}): Ecommerce {
  return {
    currency: product.prices.currency,
    value: product.prices.min_price,
    items: [
      {
        item_id: product.style,
        item_name: product.name,
        item_brand: product.brand,
        price: product.prices.min_price,
        quantity: 1,
      },
    ],
  };
}
