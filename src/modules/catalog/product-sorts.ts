/** The orders a listing can be sorted in (the first is the shop's own). */
export const PRODUCT_SORTS = [
  "default",
  "latest-online",
  "discount-desc",
  "price-asc",
  "price-desc",
  "name-abc",
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
