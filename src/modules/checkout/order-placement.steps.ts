import { eq } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { newPaymentReference } from "#modules/payments/payments.service.ts";
import { checkoutSessions } from "./checkout.schema.ts";
import { type CheckoutState, checkoutState, readinessProblem, type Shopper } from "./checkout-state.ts";

/**
 * The bag priced again under the order's locks, with the same function the steps showed, so what is
 * charged is what the shopper saw unless the catalogue changed. A checkout that is not complete is
 * refused with the step to go back to; a line sold out or cut short since the review is refused
 * (409 stock_changed) rather than ordered in a quantity the shopper never saw.
 */
export async function priceForOrder(tx: Tx, cartId: number, shopper: Shopper): Promise<CheckoutState> {
  const state = await checkoutState(tx, cartId, shopper);
  const problem = readinessProblem(state);
  if (problem) throw problem;
  if (state.priced.prepared.some((line) => line.soldOut || line.quantity < line.row.quantity))
    throw new HttpError(409, "stock_changed", "checkout.error.stockChanged");
  return state;
}

/**
 * Starts the checkout again once the order is placed: the addresses and e-mail stay for the next
 * order; deliveries, payment, comment and review go, and payments get a new reference (one order per
 * reference).
 */
export async function resetCheckout(tx: Tx, cartId: number): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({
      delivery: {},
      paymentMethodId: null,
      comment: "",
      paymentReference: newPaymentReference(),
      authorizationToken: null,
      review: null,
      updatedAt: new Date(),
    })
    .where(eq(checkoutSessions.cartId, cartId));
}
