import { MAX_ID } from "#kernel/ids.ts";

/** Orders are shown as ST followed by their id. */
export const ORDER_PREFIX = "ST";
export const orderNumber = (id: number) => `${ORDER_PREFIX}${id}`;

/**
 * The id an order number names ("ST123", "st 123", or "123" as a shopper may type it from a mail),
 * or null when it names none that can exist.
 */
export function orderIdOf(number: string): number | null {
  const match = /^(?:ST)?\s*(\d{1,10})$/i.exec(number.trim());
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Returns are shown as R followed by their id. */
export const RETURN_PREFIX = "R";
export const returnNumber = (id: number) => `${RETURN_PREFIX}${id}`;

/** The id a return number (R…, any case) names, or null. */
export function returnIdOf(number: string): number | null {
  const match = /^R(\d{1,10})$/i.exec(number.trim());
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** Where the member downloads a return's slip. */
export const slipPath = (orderId: number, returnId: number) =>
  `/v1.1/orders/${orderNumber(orderId)}/returns/${returnId}/slip/`;
