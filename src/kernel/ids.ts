import { z } from "zod";
import { MAX_ID } from "./id-range.ts";

export { MAX_ID };

/**
 * The longest path parameter the router matches (Fastify's default is 100): an imported product's
 * handle may have 120 characters (catalogue-feed.ts), and the product page's call names it in its path.
 */
export const MAX_PATH_PARAMETER = 200;

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
