/** A review's text, counted after trimming and after any markup is taken out (decision 0044). */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** Reviews a page of the list holds. */
export const REVIEWS_PAGE_SIZE = 10;
/** Pages a list may be asked for: further than any product's reviews go, short of a database error. */
export const REVIEWS_MAX_PAGE = 10_000;

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
