import { z } from "zod";

/**
 * The largest id there can be: ids are PostgreSQL `integer` (serial) columns, 2³¹−1 at most. A larger
 * number names nothing, and is refused where it comes in, so that it never reaches a query (where it
 * would be an out-of-range error, not an answer).
 */
export const MAX_ID = 2_147_483_647;

const errorOf = (message: string | undefined) => (message ? { error: message } : undefined);

/**
 * An id in a JSON body: a whole number from 1 to `MAX_ID`. `message` (a translation id) is the
 * field's error for anything else; without it Zod's own messages say what is wrong.
 */
export const id = (message?: string) =>
  z.number(errorOf(message)).int(errorOf(message)).min(1, errorOf(message)).max(MAX_ID, errorOf(message));

/**
 * An id in a path, a query or a form (where everything is text), or in a JSON body: the same range,
 * read from its digits.
 */
export const coercedId = (message?: string) =>
  z.coerce
    .number(errorOf(message))
    .int(errorOf(message))
    .min(1, errorOf(message))
    .max(MAX_ID, errorOf(message));

/** Path parameters of a call on one thing by its id: `/…/:id/`. */
export const idParams = z.object({ id: coercedId() });
