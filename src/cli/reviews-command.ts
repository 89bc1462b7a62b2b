// `pitchside reviews …`: the operator's commands on product reviews (decision 0044), the same service
// call as the operator API. Kept apart from pitchside.ts so the tests run it on their own database.
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { MAX_ID } from "#kernel/ids.ts";
import { hideReview } from "#modules/reviews/reviews.service.ts";

export const REVIEWS_USAGE = `       pitchside reviews hide <review id>

reviews hide takes a review off the shop (it stays stored); hiding it again changes nothing.`;

export interface ReviewsCommandResult {
  /** 0 done, 1 not found, 2 wrong use. */
  exitCode: 0 | 1 | 2;
  output: string;
}

/** Runs `reviews <sub-command> …` (the words after "reviews") on a database. */
export async function runReviewsCommand(db: Db, args: string[]): Promise<ReviewsCommandResult> {
  const [action, id, ...extra] = args;
  if (action !== "hide" || id === undefined || extra.length > 0)
    return { exitCode: 2, output: "Use: reviews hide <review id>." };
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID)
    return { exitCode: 2, output: `"${id}" is not a review id (a whole number from 1).` };
  try {
    const hidden = await hideReview(db, Number(id));
    return {
      exitCode: 0,
      output: `Review ${hidden.id} (product ${hidden.product_id}) is hidden since ${hidden.hidden_at}.`,
    };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404)
      return { exitCode: 1, output: `No review has the id ${id}.` };
    throw error;
  }
}
