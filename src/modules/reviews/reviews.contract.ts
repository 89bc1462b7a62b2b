import { z } from "zod";
import { REVIEW_SORTS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEWS_MAX_PAGE } from "./review-rules.ts";

// The rules the review form and list use live apart from the schemas: that page code ships no Zod.
export {
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEWS_MAX_PAGE,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
} from "./review-rules.ts";

/** `?sort=newest|highest|lowest&page=1…` — both optional; anything else is a 400 on that field. */
export const reviewsQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: "reviews.error.sort" }).optional(),
  page: z.coerce
    .number({ error: "reviews.error.page" })
    .int({ error: "reviews.error.page" })
    .min(1, { error: "reviews.error.page" })
    .max(REVIEWS_MAX_PAGE, { error: "reviews.error.page" })
    .optional(),
});

/** A member's review: a whole number of stars from 1 to 5 and a text of 10 to 2000 characters. */
export const reviewInput = z.object({
  rating: z
    .number({ error: "reviews.error.rating" })
    .int({ error: "reviews.error.rating" })
    .min(1, { error: "reviews.error.rating" })
    .max(5, { error: "reviews.error.rating" }),
  text: z
    .string({ error: "reviews.error.textShort" })
    .trim()
    .min(REVIEW_TEXT_MIN, { error: "reviews.error.textShort" })
    .max(REVIEW_TEXT_MAX, { error: "reviews.error.textLong" }),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const reviewOutput = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  /** The author as shown: first name and the initial of the last ("Mette J."). */
  author: z.string(),
  /** The language it was written in. */
  locale: z.string(),
  /** Written by a member who received the product in a delivered package. */
  verified: z.boolean(),
  created_at: z.string(),
});
export type ReviewItem = z.infer<typeof reviewOutput>;

/** A product's stars: the average (one decimal; null without reviews), how many, and per star. */
export const ratingSummaryOutput = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummaryOutput>;

export const reviewsOutput = z.object({
  product_id: z.number().int(),
  summary: ratingSummaryOutput,
  sort: z.enum(REVIEW_SORTS),
  items: z.array(reviewOutput),
  meta: z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int() }),
});
export type ReviewsPage = z.infer<typeof reviewsOutput>;

export const reviewCreatedOutput = z.object({ review: reviewOutput, summary: ratingSummaryOutput });

/** The operator's hide call reads no body (a JSON `{}` or none). */
export const emptyOperatorInput = z.object({}).nullish();
export const reviewHiddenOutput = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  hidden_at: z.string(),
});

/** What the product page offers the visitor: log in, nothing (not received), the form, or thanks. */
export const reviewStateOutput = z.enum(["log_in", "not_received", "can_review", "reviewed"]);
export type ReviewState = z.infer<typeof reviewStateOutput>;
