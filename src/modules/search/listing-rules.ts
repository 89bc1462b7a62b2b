export const FACET_KEYS = ["brand", "boot_surface", "color", "price_range", "age", "others"] as const;
export type FacetKey = (typeof FACET_KEYS)[number];
/** Products a listing page holds. */
export const PAGE_SIZE = 60;
