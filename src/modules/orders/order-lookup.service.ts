// How a shopper who is not logged in reads an order (decision 0035). Two keys, both read-only:
//  - the order's token, which only the confirmation mail carries (122 random bits): the mail's link
//    opens the order in any browser;
//  - the order number with the e-mail address it was placed with, rate limited per address and per
//    order number, which gives this session a grant to read that order for GRANT_MINUTES.
// A wrong number and a wrong e-mail get the very same answer, and an order whose owner deleted their
// account (anonymised) answers neither.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { sessions } from "#modules/accounts/accounts.schema.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { updateSessionData } from "#modules/accounts/session.service.ts";
import type { OrderOutput } from "./orders.contract.ts";
import { orders } from "./orders.schema.ts";
import { ANONYMISED_EMAIL, orderIdOf, orderNumber, orderParts, shapeOrder } from "./orders.service.ts";

/** Lookups one IP address may make per minute, right or wrong. */
export const LOOKUPS_PER_MINUTE_PER_IP = 10;
/** Lookups of one order number per hour, from anywhere: guessing its e-mail must not pay. */
export const LOOKUPS_PER_HOUR_PER_ORDER = 10;
/** Unknown tokens one IP address may try per minute before the answers become 429. */
export const WRONG_TOKENS_PER_MINUTE_PER_IP = 10;
/** How long a successful lookup lets the session read the order. */
export const GRANT_MINUTES = 30;
/** The most orders one session holds grants for; the oldest go first. */
const MAX_GRANTS = 10;

/** Where the session's grants live in its data: order id → when the grant ends (ms since 1970). */
const GRANTS_KEY = "order_grants";
type Grants = Record<string, number>;

/** The one answer to every lookup or read that finds nothing the asker may see. */
const notFound = (): never => {
  throw new HttpError(404, "invalid_id", "orders.error.notFound");
};

/** What a guest sees: the member's order shape without the member's self-service links. */
function guestShape(order: Parameters<typeof shapeOrder>[0], parts: Awaited<ReturnType<typeof orderParts>>) {
  const shaped = shapeOrder(order, parts.shipments, parts.lines);
  return {
    ...shaped,
    suppliers: shaped.suppliers.map(({ returns_url: _returns, ...supplier }) => supplier),
  } satisfies OrderOutput;
}

/** The order the confirmation mail's token names; 404 for any other token. */
export async function orderByToken(db: Db, token: string, ip: string): Promise<OrderOutput> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.token, token), ne(orders.email, ANONYMISED_EMAIL)));
  if (!order) {
    await countAttempt(db, [`order-token:ip:${ip}`], WRONG_TOKENS_PER_MINUTE_PER_IP);
    return notFound();
  }
  return guestShape(order, await orderParts(db, order.id));
}

/** Who placed the order a token names, for a page that sends its owner to the member area. */
export async function orderOwnerByToken(db: Db, token: string) {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(eq(orders.token, token));
  return order ? { number: orderNumber(order.id), userId: order.userId } : null;
}

/**
 * `POST /v1.1/orders/lookup/`: counts the attempt (per IP address, per order number), then looks for
 * the order with that number and that e-mail address in one query, so a wrong number and a wrong
 * e-mail take the same path and get the same 404. A match gives the session a grant.
 */
export async function lookUpOrder(
  db: Db,
  input: { orderNumber: string; email: string; ip: string; sessionId: () => Promise<string> },
): Promise<{ success: true; order_number: string; redirect_url: string }> {
  const id = orderIdOf(input.orderNumber);
  await countAttempt(db, [`order-lookup:ip:${input.ip}`], LOOKUPS_PER_MINUTE_PER_IP);
  await countAttempt(db, [`order-lookup:order:${id ?? 0}`], LOOKUPS_PER_HOUR_PER_ORDER, 3600);
  const email = input.email.trim().toLowerCase();
  const [order] =
    id === null || email === ANONYMISED_EMAIL
      ? []
      : await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, id), sql`lower(trim(${orders.email})) = ${email}`));
  if (!order) return notFound();
  await grantOrder(db, await input.sessionId(), order.id);
  const number = orderNumber(order.id);
  return { success: true, order_number: number, redirect_url: `/orders/view/?id=${number}` };
}

async function grantsOf(db: Db, sessionId: string): Promise<Grants> {
  const [session] = await db.select({ data: sessions.data }).from(sessions).where(eq(sessions.id, sessionId));
  const grants = session?.data[GRANTS_KEY];
  return grants && typeof grants === "object" ? (grants as Grants) : {};
}

/** Lets the session read the order for GRANT_MINUTES; expired grants are dropped on the way. */
async function grantOrder(db: Db, sessionId: string, orderId: number, now = Date.now()) {
  const live = Object.entries(await grantsOf(db, sessionId))
    .filter(([key, until]) => key !== String(orderId) && typeof until === "number" && until > now)
    .sort(([, a], [, b]) => b - a)
    .slice(0, MAX_GRANTS - 1);
  const grants: Grants = Object.fromEntries([[String(orderId), now + GRANT_MINUTES * 60_000], ...live]);
  await updateSessionData(db, sessionId, { [GRANTS_KEY]: grants });
}

/**
 * `GET /v1.1/orders/guest/{order_number}/` and the guest's order page: the order, when this session
 * holds a live grant for it (a lookup in the last GRANT_MINUTES); 404 otherwise.
 */
export async function orderByGrant(db: Db, sessionId: string | null, number: string): Promise<OrderOutput> {
  const id = orderIdOf(number);
  if (!sessionId || id === null) return notFound();
  const until = (await grantsOf(db, sessionId))[String(id)];
  if (typeof until !== "number" || until <= Date.now()) return notFound();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ne(orders.email, ANONYMISED_EMAIL)));
  if (!order) return notFound();
  return guestShape(order, await orderParts(db, order.id));
}
