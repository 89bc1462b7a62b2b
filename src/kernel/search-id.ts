import { MAX_ID } from "./id-range.ts";

/**
 * The search a product page was opened from (`?sid=` on a result's link, decision 0039's search
 * report): a whole number from 1 to `MAX_ID`, else none. A page's address with anything else in it
 * still opens the page; it is just not counted.
 */
export function searchIdOf(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
