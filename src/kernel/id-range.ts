/**
 * The largest id there can be: ids are PostgreSQL `integer` (serial) columns, 2³¹−1 at most. A larger
 * number names nothing, and is refused where it comes in, so that it never reaches a query (where it
 * would be an out-of-range error, not an answer). Its own file, without Zod, for the browser's code.
 */
export const MAX_ID = 2_147_483_647;
