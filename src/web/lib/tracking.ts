/**
 * Analytics events go to `window.dataLayer`, where the shop's tag manager (if any) picks them up;
 * without one they are simply kept in the page.
 */
export type TrackingEvent =
  | { event: "search"; search_term: string; results: number }
  | { event: "sponsored_impression"; sponsored_component: string; products: number[] };

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
