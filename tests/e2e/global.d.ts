// The analytics queue the storefront pushes to (src/web/lib/tracking.ts), as the journeys read it.
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export {};
