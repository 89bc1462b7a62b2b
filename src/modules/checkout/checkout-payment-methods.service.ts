import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { toAmount } from "#kernel/money.ts";
import { translate } from "#kernel/translate.ts";
import { formatCart } from "#modules/cart/cart-output.ts";
import { marketConfig } from "#modules/delivery/market-config.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import { paymentMethods } from "#modules/payments/payments.schema.ts";
import { cardFormLocale } from "#modules/payments/payments.service.ts";
import type {
  paymentGatewaysSchema,
  paymentMethodSchema,
  paymentSelectedSchema,
} from "./checkout.contract.ts";
import { checkoutSessions } from "./checkout.schema.ts";
import { deliveryOutput } from "./checkout-delivery.service.ts";
import {
  type CheckoutState,
  checkoutState,
  checkoutStateOf,
  deliveryProblems,
  fail,
  paymentReferenceOf,
  requireCartId,
  type Shopper,
} from "./checkout-state.ts";

/** The storefront groups the methods by the provider family that takes the payment. */
const GATEWAY_GROUP = {
  "test-card": "adyen",
  "test-bnpl": "klarna",
  giftcard: "giftcard",
  cod: "others",
} as const;

export type PaymentMethodOutput = z.input<typeof paymentMethodSchema>;
type PaymentGateways = z.input<typeof paymentGatewaysSchema>;

/** `GET /checkout/payment_gateways/`: the market's methods by gateway, with what each would charge. */
export async function paymentGateways(
  db: Db,
  shopper: Shopper,
  payLater: "test-bnpl" | "klarna" = "test-bnpl",
): Promise<PaymentGateways> {
  return gatewaysOutput(db, await checkoutStateOf(db, shopper), shopper, payLater);
}

/** The payment gateways of a checkout already read. */
export async function gatewaysOutput(
  db: Db,
  state: CheckoutState,
  shopper: Shopper,
  payLater: "test-bnpl" | "klarna" = "test-bnpl",
): Promise<PaymentGateways> {
  const methods = (await marketConfig(db, shopper.market.code)).payments;
  const reference = await paymentReferenceOf(db, state.session);
  const { currency, totals } = state.priced;
  const grouped: Record<(typeof GATEWAY_GROUP)[keyof typeof GATEWAY_GROUP], PaymentMethodOutput[]> = {
    adyen: [],
    klarna: [],
    giftcard: [],
    others: [],
  };
  for (const method of methods) {
    if (method.gateway === "giftcard" && state.hasPuma) continue;
    grouped[GATEWAY_GROUP[method.gateway]].push({
      name: translate(method.name, shopper.locale),
      type: method.type,
      gateway: method.gateway,
      method_id: method.id,
      icon_urls: method.icons.slice(0, 5).map((icon) => `/payment-icons/${icon}.svg`),
      payment_fee: { amount: toAmount(method.fee, currency) },
      is_selected: state.paymentMethod?.id === method.id,
      trigger_payment: method.gateway === "test-card" || method.gateway === "test-bnpl",
    });
  }
  const clientKey = "test_pitchside_client";
  return {
    paymentMethods: grouped,
    configuration: {
      adyen: {
        id: "test-card",
        sessionData: reference,
        client_api_key: clientKey,
        reference,
        locale: cardFormLocale(intlTag(shopper.locale, shopper.market)),
      },
      klarna: { id: payLater, sessionData: reference, client_api_key: clientKey, reference },
    },
    environment: "test",
    currency,
    amount_due: toAmount(totals.paymentTotal, currency),
    amount_due_minor: totals.paymentTotal,
    order_total: toAmount(totals.orderTotal, currency),
    order_total_minor: totals.orderTotal,
    giftcards: totals.giftCards.map((card) => ({
      code: card.code,
      amount: toAmount(card.amount, currency),
      is_value: true,
    })),
    puma_in_cart: state.hasPuma,
  };
}

/**
 * The payment step's page: its deliveries (for the review), payment gateways, priced bag and order
 * comment, from one reading of the checkout. `complete` is false when a delivery is still missing.
 */
export async function paymentStep(db: Db, shopper: Shopper) {
  const state = await checkoutStateOf(db, shopper);
  const [delivery, gateways] = await Promise.all([
    deliveryOutput(db, state, shopper),
    gatewaysOutput(db, state, shopper),
  ]);
  return {
    complete: Object.keys(deliveryProblems(state)).length === 0,
    delivery,
    gateways,
    cart: formatCart(state.priced, shopper.market),
    comment: state.session.comment,
  };
}

/** `POST /checkout/payment_gateway_submit/`: the method must be one of this market's, of that gateway. */
export async function selectPayment(
  db: Db,
  shopper: Shopper,
  input: { payment_gateway: string; method_id: number },
): Promise<z.input<typeof paymentSelectedSchema>> {
  const cartId = await requireCartId(db, shopper.owner);
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, input.method_id), eq(paymentMethods.market, shopper.market.code)));
  const gatewayMatches =
    method &&
    (method.gateway === input.payment_gateway || GATEWAY_GROUP[method.gateway] === input.payment_gateway);
  if (!method || !gatewayMatches)
    return fail(400, "validation_failed", "checkout.error.paymentMethod", {
      method_id: ["checkout.error.paymentMethod"],
    });
  if (method.gateway === "giftcard") {
    const state = await checkoutState(db, cartId, shopper);
    if (state.hasPuma)
      return fail(400, "validation_failed", "checkout.error.giftcardPuma", {
        method_id: ["checkout.error.giftcardPuma"],
      });
  }
  await db
    .update(checkoutSessions)
    .set({ paymentMethodId: method.id, authorizationToken: null, updatedAt: new Date() })
    .where(eq(checkoutSessions.cartId, cartId));
  return { success: true, payment_gateway: method.gateway, method_id: method.id };
}
