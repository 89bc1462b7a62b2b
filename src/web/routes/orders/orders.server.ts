// The order pages' data (decision 0019: loaders read through the services in-process). The order
// is each page's critical data: it is awaited, and its failure contract is the spec's (§8, "order
// not found or load failure: error toast, skeletons stay"): the loader never throws for it, it
// answers an outcome — the order, `not_found` (status 404: an unknown number, someone else's order,
// a dead token or grant) or `failed` (status 500: anything else, logged and reported) — and the page
// shows the order, or skeletons with an error toast and a way back.
import { redirect } from "react-router";
import { HttpError } from "#kernel/errors.ts";
import { ORDER_NUMBER_PATTERN, orderTokenParams } from "#modules/orders/order-lookup.contract.ts";
import { orderByGrant, orderByToken, orderOwnerByToken } from "#modules/orders/order-lookup.service.ts";
import type { OrderListOutput, OrderOutput } from "#modules/orders/orders.contract.ts";
import { getOrder, listOrders } from "#modules/orders/orders.service.ts";
import type { ShopRequestContext } from "#server/request-context.ts";
import { marketTimeZone } from "#web/lib/order-dates.ts";

export type Outcome<T> =
  | { state: "ok"; value: T }
  | { state: "not_found"; value: null }
  | { state: "failed"; value: null };

/** The HTTP status a page answers with for an outcome. */
export const statusOf = (outcome: Outcome<unknown>) =>
  outcome.state === "ok" ? 200 : outcome.state === "not_found" ? 404 : 500;

/** Awaits a page's critical read: a refusal (4xx) is not found; anything else is logged and reported. */
async function critical<T>(
  shop: ShopRequestContext,
  label: string,
  read: () => Promise<T>,
): Promise<Outcome<T>> {
  try {
    return { state: "ok", value: await read() };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return { state: "not_found", value: null };
    shop.log.error({ err: error }, `${label} failed`);
    shop.reportError(error);
    return { state: "failed", value: null };
  }
}

/** What every order page needs to show dates: the market's clock, and now by it. */
export function orderClock(shop: ShopRequestContext) {
  return { timeZone: marketTimeZone(shop.market.countryCode), now: Math.floor(Date.now() / 1000) };
}

/** The member's orders, active and completed together, newest first. */
export async function loadMemberOrders(
  shop: ShopRequestContext,
  memberId: number,
): Promise<Outcome<OrderOutput[]>> {
  const outcome = await critical(shop, "order list", () => listOrders(shop.database.db, memberId));
  if (outcome.state !== "ok") return outcome;
  const list: OrderListOutput = outcome.value;
  const all = [...list.active_orders, ...list.completed_orders].sort((a, b) => b.order_date - a.order_date);
  return { state: "ok", value: all };
}

/** One of the member's orders by the number in `?id=`; anyone else's is not found. */
export function loadMemberOrder(shop: ShopRequestContext, memberId: number, url: URL) {
  const number = (url.searchParams.get("id") ?? "").trim();
  return critical(shop, "order details", () => getOrder(shop.database.db, memberId, number));
}

/**
 * The guest's read-only order page, `/orders/view/`:
 *  - `?token=` (the confirmation mail's link): the order, in any browser; its owner, logged in, is
 *    sent to the member's own page instead;
 *  - `?id=` (after a lookup): the order while this session's grant lasts; without one, the lookup
 *    form, with the number filled in.
 */
export async function loadGuestOrder(shop: ShopRequestContext, url: URL): Promise<Outcome<OrderOutput>> {
  const token = url.searchParams.get("token");
  const { db } = shop.database;
  if (token !== null) {
    const parsed = orderTokenParams.safeParse({ token });
    if (!parsed.success) return { state: "not_found", value: null };
    const owner = await critical(shop, "order owner", () => orderOwnerByToken(db, parsed.data.token));
    if (owner.state === "ok" && owner.value && shop.user && owner.value.userId === shop.user.id)
      throw redirect(`/account/orders/details/?id=${owner.value.number}`);
    return critical(shop, "guest order", () => orderByToken(db, parsed.data.token, shop.clientIp));
  }
  const number = (url.searchParams.get("id") ?? "").trim();
  const outcome = await critical(shop, "guest order", () => orderByGrant(db, shop.sessionId, number));
  if (outcome.state === "not_found") {
    const prefill = ORDER_NUMBER_PATTERN.test(number) ? `?id=${encodeURIComponent(number)}` : "";
    throw redirect(`/orders/lookup/${prefill}`);
  }
  return outcome;
}
