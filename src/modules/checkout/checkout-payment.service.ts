import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { translate } from "#kernel/translate.ts";
import { findCartId } from "#modules/cart/cart-owner.ts";
import type { Outbox } from "#modules/jobs/job-queue.ts";
import { intlTag } from "#modules/markets/markets.service.ts";
import { findOrderByPaymentReference } from "#modules/orders/orders.service.ts";
import {
  type AdyenGateway,
  adyenPaymentDetails,
  payWithAdyen,
} from "#modules/payments/adyen/adyen.service.ts";
import { recordAuthorisationCancels } from "#modules/payments/payment-captures.service.ts";
import type { PaymentProvider, ProviderOrderInput } from "#modules/payments/payment-provider.ts";
import { paymentAttempts, paymentMethods } from "#modules/payments/payments.schema.ts";
import {
  authoriseTestBnpl,
  authoriseTestCard,
  type CardInput,
  cancelAttempt,
  cardProblems,
  findAuthorised,
} from "#modules/payments/payments.service.ts";
import { checkoutSessions, type ReviewChoices } from "./checkout.schema.ts";
import {
  checkoutState,
  paymentReferenceOf,
  readinessProblem,
  requireCartId,
  type Shopper,
  sessionOf,
} from "./checkout-state.ts";
import { type OrderPayment, placeOrder } from "./place-order.flow.ts";

/** An order was committed: its market and payment gateway (never a shopper, an address or an amount). */
export type OrderPlacedListener = (order: { market: string; gateway: OrderPayment["gateway"] }) => void;

export interface PaymentDeps {
  /** Where placing an order queues its confirmation mail. */
  outbox: Outbox;
  log: { error(object: unknown, message: string): void };
  /** Told of every new order once its transaction has committed (the shop's metrics count them). */
  onOrderPlaced?: OrderPlacedListener | undefined;
  /**
   * A market's real pay-later provider (Klarna) when the market has one; otherwise the built-in
   * test-bnpl pays later there.
   */
  payLater?: ((market: string) => PaymentProvider | null) | undefined;
  /** A market's Adyen, when it has one: its card payments go through it instead of the built-in test card. */
  adyen?: ((market: string) => AdyenGateway | null) | undefined;
  /** The shop's public address of a market (Adyen's return address is on it). */
  publicUrlFor?: ((market: string) => string) | undefined;
}

export const receiptUrl = (token: string) => `/checkout/receipt/?token=${token}`;

/** Checks the checkout is complete and reads the amount the payment method would be charged. */
async function readyState(db: Db, shopper: Shopper) {
  const cartId = await requireCartId(db, shopper.owner);
  const state = await checkoutState(db, cartId, shopper);
  const problem = readinessProblem(state);
  if (problem) throw problem;
  return state;
}

async function place(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  cartId: number,
  payment: OrderPayment,
  review: ReviewChoices,
) {
  const order = await placeOrder(db, deps.outbox, shopper, cartId, payment, review);
  if (order.created) {
    // placeOrder returns once its transaction has committed: the order exists now.
    try {
      deps.onOrderPlaced?.({ market: shopper.market.code, gateway: payment.gateway });
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, "order listener failed");
    }
  }
  return order;
}

/**
 * `POST /checkout/step_review_submit/`. The terms must be accepted. Cash on delivery, a gift card
 * paying everything, and an approved pay-later authorisation place the order now; a card payment
 * answers with the reference and amount the card form pays (the result page places the order).
 */
export async function submitReview(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  input: {
    policy: boolean;
    subscribe_newsletters: boolean;
    source: string;
    device: string;
    signup: boolean;
    reviewed_total_minor?: number | undefined;
  },
) {
  if (!input.policy)
    throw new HttpError(400, "validation_failed", "checkout.error.policy", {
      policy: ["checkout.error.policy"],
    });
  const state = await readyState(db, shopper);
  const review: ReviewChoices = {
    subscribeNewsletters: input.subscribe_newsletters,
    source: input.source,
    device: input.device,
    reviewedTotal: input.reviewed_total_minor ?? null,
    market: shopper.market.code,
    locale: shopper.locale,
  };
  await db
    .update(checkoutSessions)
    .set({ review, updatedAt: new Date() })
    .where(eq(checkoutSessions.cartId, state.cartId));
  const amountDue = state.priced.totals.paymentTotal;
  const method = state.paymentMethod;
  const gateway = amountDue === 0 ? "giftcard" : method?.gateway;
  const methodName = amountDue === 0 ? "giftcard" : translate(method?.name, shopper.locale);
  if (gateway === "giftcard" || gateway === "cod") {
    const order = await place(
      db,
      deps,
      shopper,
      state.cartId,
      { gateway, method: methodName, reference: null, authorisedAmount: null },
      review,
    );
    return { success: true, redirect_url: receiptUrl(order.token), payment: null };
  }
  const reference = await paymentReferenceOf(db, state.session);
  if (gateway === "test-bnpl" && deps.payLater?.(shopper.market.code)) {
    // Klarna's widget authorises next; its token (submit_authorization_token) places the order.
    return {
      success: true,
      redirect_url: null,
      payment: { reference, amount: amountDue, currency: state.priced.currency },
    };
  }
  if (gateway === "test-bnpl") {
    const token = state.session.authorizationToken;
    const attempt = token ? await findAuthorised(db, { reference, gateway: "test-bnpl", token }) : null;
    if (!attempt) throw new HttpError(409, "authorization_missing", "payment.bnpl.error.notApproved");
    const order = await placeOrPass(db, deps, shopper, state.cartId, attempt, methodName, review);
    return { success: true, redirect_url: receiptUrl(order.token), payment: null };
  }
  return {
    success: true,
    redirect_url: null,
    payment: { reference, amount: amountDue, currency: state.priced.currency },
  };
}

/** Places the order for an authorised attempt; when the shop cannot honour it the authorisation is released. */
async function placeOrPass(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  cartId: number,
  attempt: { id: number; reference: string; amount: number; gateway: string },
  methodName: string,
  review: ReviewChoices,
) {
  try {
    return await place(
      db,
      deps,
      shopper,
      cartId,
      {
        gateway: attempt.gateway as OrderPayment["gateway"],
        method: methodName,
        reference: attempt.reference,
        authorisedAmount: attempt.amount,
        attemptId: attempt.id,
      },
      review,
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) {
      // Released here, and at the provider that holds it (Adyen, Klarna) by the send job.
      await cancelAttempt(db, attempt.id);
      await recordAuthorisationCancels(db, deps.outbox, [attempt.id]);
    }
    throw error;
  }
}

/**
 * `POST /checkout/adyen_split_on_payment/`: the card form's data goes to the card provider for the
 * amount the server works out. Authorised answers with the redirect action to the result page;
 * anything else with the refusal. The card data is only passed on, never kept.
 */
export async function payByCard(db: Db, shopper: Shopper, card: CardInput) {
  const problems = cardProblems(card);
  if (Object.keys(problems).length)
    throw new HttpError(400, "validation_failed", "payment.card.error.invalid", problems);
  const state = await readyState(db, shopper);
  if (state.paymentMethod?.gateway !== "test-card")
    throw new HttpError(409, "payment_missing", "checkout.error.paymentMissing");
  if (!state.session.review) throw new HttpError(409, "review_missing", "checkout.error.policy");
  const reference = await paymentReferenceOf(db, state.session);
  const result = await authoriseTestCard(db, {
    reference,
    amount: state.priced.totals.paymentTotal,
    currency: state.priced.currency,
    card,
  });
  if (result.resultCode !== "Authorised")
    return { resultCode: result.resultCode, refusalReason: result.refusalReason, action: null };
  const url = `/checkout/adyen_payment_result/?authResult=Authorised&merchantReference=${encodeURIComponent(reference)}`;
  return { resultCode: result.resultCode, refusalReason: null, action: { type: "redirect", url } };
}

/** The Drop-in's encrypted state data: no card number, expiry or code in the clear ever reaches the shop. */
export interface AdyenStateData {
  paymentMethod: Record<string, unknown>;
  browserInfo?: Record<string, unknown> | undefined;
}

/**
 * `POST /checkout/adyen_split_on_payment/` with Adyen configured: the Drop-in's encrypted data goes
 * to Adyen's `/payments` for the amount the server works out. Authorised answers with the redirect
 * to the result page, an action (3-D Secure) goes back to the Drop-in, a refusal says so.
 */
export async function payByAdyen(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  stateData: AdyenStateData,
  origin: string,
) {
  const adyen = deps.adyen?.(shopper.market.code);
  if (!adyen) throw new HttpError(409, "payment_missing", "checkout.error.paymentMissing");
  const state = await readyState(db, shopper);
  if (state.paymentMethod?.gateway !== "test-card")
    throw new HttpError(409, "payment_missing", "checkout.error.paymentMissing");
  if (!state.session.review) throw new HttpError(409, "review_missing", "checkout.error.policy");
  const reference = await paymentReferenceOf(db, state.session);
  const resultPath = `/checkout/adyen_payment_result/?merchantReference=${encodeURIComponent(reference)}`;
  const base = deps.publicUrlFor?.(shopper.market.code) ?? origin;
  const outcome = await payWithAdyen(db, adyen, {
    reference,
    market: shopper.market.code,
    amount: state.priced.totals.paymentTotal,
    currency: state.priced.currency,
    countryCode: shopper.market.code.toUpperCase(),
    locale: intlTag(shopper.locale, shopper.market),
    returnUrl: `${base}${resultPath}`,
    origin,
    stateData,
    attemptKey: `pay-${reference}-${crypto.randomUUID()}`,
  });
  if (outcome.resultCode === "Authorised")
    return {
      resultCode: "Authorised",
      refusalReason: null,
      action: { type: "redirect", url: `${resultPath}&authResult=Authorised` },
    };
  if (outcome.action)
    return {
      resultCode: outcome.resultCode,
      refusalReason: null,
      action: { ...outcome.action, type: String(outcome.action.type ?? "") },
    };
  return { resultCode: "Refused", refusalReason: outcome.refusalReason, action: null };
}

/** What placing the order of an authorised card payment came to. */
type Placed = { receipt: string } | { refused: true } | { conflict: HttpError };

/**
 * Places the order of an authorised card payment, once: the reference must have an authorised
 * attempt, and it only places the bag of the shopper who paid (a reference seen elsewhere cannot
 * place someone else's bag under another account). A replay that lost the race finds the order.
 */
async function placePaid(db: Db, deps: PaymentDeps, shopper: Shopper, reference: string): Promise<Placed> {
  const gateway = deps.adyen?.(shopper.market.code) ? "adyen" : "test-card";
  const attempt = await findAuthorised(db, { reference, gateway });
  if (!attempt) return { refused: true };
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.paymentReference, reference));
  if (!session || session.cartId !== (await findCartId(db, shopper.owner))) return { refused: true };
  const [method] = session.paymentMethodId
    ? await db.select().from(paymentMethods).where(eq(paymentMethods.id, session.paymentMethodId))
    : [];
  try {
    const order = await placeOrPass(
      db,
      deps,
      shopper,
      session.cartId,
      attempt,
      translate(method?.name, shopper.locale) || "Card",
      session.review ?? { subscribeNewsletters: false, source: "", device: "" },
    );
    return { receipt: receiptUrl(order.token) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) {
      const placed = await findOrderByPaymentReference(db, reference);
      if (placed) return { receipt: receiptUrl(placed.token) };
      return { conflict: error };
    }
    throw error;
  }
}

/**
 * `GET /checkout/adyen_payment_result/`: the provider's redirect. The query is not trusted: the
 * reference must have an authorised attempt at the provider. The first arrival places the order,
 * every replay finds it. Answers the address to go to next.
 */
export async function paymentResult(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  query: { authResult: string; merchantReference: string; redirectResult?: string | undefined },
): Promise<string> {
  const refused = "/checkout/payment?payment_error=refused";
  const existing = await findOrderByPaymentReference(db, query.merchantReference);
  if (existing) return receiptUrl(existing.token);
  const adyen = deps.adyen?.(shopper.market.code);
  if (adyen && query.redirectResult) {
    // Back from 3-D Secure or a redirect: only Adyen's answer to the details says how it went.
    const outcome = await adyenPaymentDetails(db, adyen, {
      reference: query.merchantReference,
      market: shopper.market.code,
      details: { redirectResult: query.redirectResult },
    }).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 400) return null;
      throw error;
    });
    if (outcome?.resultCode !== "Authorised") return refused;
  } else if (query.authResult.toLowerCase() !== "authorised") return refused;
  const placed = await placePaid(db, deps, shopper, query.merchantReference);
  if ("receipt" in placed) return placed.receipt;
  if ("conflict" in placed) return `/cart/?checkout_error=${placed.conflict.code}`;
  return refused;
}

/**
 * `POST /checkout/adyen_payment_details/`: the Drop-in ran 3-D Secure in the page and hands over its
 * result (`onAdditionalDetails`). Adyen's `/payments/details` says how it went, for the payment it
 * names; only a payment of this shopper's own checkout places an order (once: the same details sent
 * again answer the same receipt). Another step of 3-D Secure goes back to the Drop-in; a refusal is
 * a 402 and places nothing.
 */
export async function submitPaymentDetails(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  data: { details: Record<string, string>; paymentData?: string | undefined },
): Promise<{ resultCode: string; action: { type: string } | null; redirect_url: string | null }> {
  const adyen = deps.adyen?.(shopper.market.code);
  if (!adyen) throw new HttpError(404, "not_found", "checkout.error.paymentMissing");
  const cartId = await requireCartId(db, shopper.owner);
  const refused = () =>
    new HttpError(402, "payment_refused", "payment.error.refused", { details: ["payment.error.refused"] });
  const outcome = await adyenPaymentDetails(db, adyen, {
    reference: null,
    market: shopper.market.code,
    details: data.details,
    paymentData: data.paymentData,
  });
  if (outcome.action)
    return {
      resultCode: outcome.resultCode,
      action: { ...outcome.action, type: String(outcome.action.type ?? "") },
      redirect_url: null,
    };
  const reference = outcome.reference;
  if (outcome.resultCode !== "Authorised" || !reference) throw refused();
  // Sent again after the order was placed (the checkout has started over since): its receipt,
  // for the bag that paid only.
  const existing = await findOrderByPaymentReference(db, reference);
  if (existing) {
    if (existing.cartId !== cartId) throw refused();
    return { resultCode: "Authorised", action: null, redirect_url: receiptUrl(existing.token) };
  }
  const placed = await placePaid(db, deps, shopper, reference);
  if ("conflict" in placed) throw placed.conflict;
  if ("refused" in placed) throw refused();
  return { resultCode: "Authorised", action: null, redirect_url: placed.receipt };
}

/** The pay-later provider's authorise call, for the amount the server works out. */
export async function authoriseBnpl(db: Db, deps: PaymentDeps, shopper: Shopper) {
  // With Klarna configured the built-in provider takes no money: its widget authorises instead.
  if (deps.payLater?.(shopper.market.code))
    throw new HttpError(404, "not_found", "checkout.error.paymentMissing");
  const state = await readyState(db, shopper);
  if (state.paymentMethod?.gateway !== "test-bnpl")
    throw new HttpError(409, "payment_missing", "checkout.error.paymentMissing");
  return authoriseTestBnpl(db, {
    reference: await paymentReferenceOf(db, state.session),
    amount: state.priced.totals.paymentTotal,
    currency: state.priced.currency,
    email: state.session.email ?? "",
  });
}

/** `POST /checkout/submit_authorization_token/`: kept once the provider confirms the token. */
export async function submitAuthorizationToken(
  db: Db,
  deps: PaymentDeps,
  shopper: Shopper,
  token: string,
): Promise<{ success: true; redirect_url: string | null }> {
  const payLater = deps.payLater?.(shopper.market.code);
  if (payLater) return placeWithProviderToken(db, deps, payLater, shopper, token);
  const cartId = await requireCartId(db, shopper.owner);
  const session = await sessionOf(db, cartId);
  const attempt = session.paymentReference
    ? await findAuthorised(db, { reference: session.paymentReference, gateway: "test-bnpl", token })
    : null;
  if (!attempt)
    throw new HttpError(400, "validation_failed", "payment.bnpl.error.notApproved", {
      authorization_token: ["payment.bnpl.error.notApproved"],
    });
  await db
    .update(checkoutSessions)
    .set({ authorizationToken: token, updatedAt: new Date() })
    .where(eq(checkoutSessions.cartId, cartId));
  return { success: true as const, redirect_url: null };
}

/** The order Klarna is asked for: the server's own total of the checkout, in minor units. */
function providerOrderInput(
  state: Awaited<ReturnType<typeof readyState>>,
  shopper: Shopper,
  reference: string,
) {
  return {
    reference,
    country: shopper.market.countryCode,
    currency: state.priced.currency,
    locale: intlTag(shopper.locale, shopper.market),
    amount: state.priced.totals.paymentTotal,
    taxAmount: state.priced.totals.paymentTotalVat,
    description: `Pitchside ${reference}`,
  } satisfies ProviderOrderInput;
}

/** `POST /payments/klarna/session/`: a Klarna Payments session for the widget, for the server's total. */
export async function payLaterSession(db: Db, deps: PaymentDeps, shopper: Shopper) {
  const provider = deps.payLater?.(shopper.market.code);
  if (!provider) throw new HttpError(404, "not_found", "checkout.error.paymentMissing");
  const state = await readyState(db, shopper);
  if (state.paymentMethod?.gateway !== "test-bnpl")
    throw new HttpError(409, "payment_missing", "checkout.error.paymentMissing");
  const reference = await paymentReferenceOf(db, state.session);
  const result = await provider.createSession(providerOrderInput(state, shopper, reference));
  if (!result.ok) {
    deps.log.error({ code: result.code, status: result.status }, "pay-later session refused");
    throw new HttpError(502, "provider_unavailable", "payment.bnpl.error.notApproved");
  }
  return {
    session_id: result.value.sessionId,
    client_token: result.value.clientToken,
    payment_method_categories: result.value.categories,
  };
}

/** The same token always leads to the same provider order: the key is derived from it. */
const orderKey = (token: string) =>
  crypto.createHash("sha256").update(`order:${token}`).digest("hex").slice(0, 36);

/**
 * The Klarna way: the widget authorised the shopper; the token becomes a Klarna order for the
 * server's total (never an amount from the browser), and the shop's order is placed with the Klarna
 * order id as its payment reference. The same token again finds the same order. Klarna refusing
 * answers 402 and places nothing; an order the shop cannot honour is cancelled at Klarna.
 */
async function placeWithProviderToken(
  db: Db,
  deps: PaymentDeps,
  provider: PaymentProvider,
  shopper: Shopper,
  token: string,
): Promise<{ success: true; redirect_url: string | null }> {
  const [known] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.authorizationToken, token), eq(paymentAttempts.gateway, provider.gateway)));
  if (known) {
    const order = await findOrderByPaymentReference(db, known.reference);
    if (order) return { success: true, redirect_url: receiptUrl(order.token) };
  }
  const state = await readyState(db, shopper);
  if (state.paymentMethod?.gateway !== "test-bnpl")
    throw new HttpError(409, "payment_missing", "checkout.error.paymentMissing");
  if (!state.session.review) throw new HttpError(409, "review_missing", "checkout.error.policy");
  const reference = await paymentReferenceOf(db, state.session);
  const input = providerOrderInput(state, shopper, reference);
  const created = await provider.createOrder(token, input, orderKey(token));
  if (!created.ok) {
    deps.log.error({ code: created.code, status: created.status }, "pay-later order refused");
    if (created.status >= 500)
      throw new HttpError(502, "provider_unavailable", "payment.bnpl.error.notApproved");
    throw new HttpError(402, "payment_refused", "payment.bnpl.error.notApproved", {
      authorization_token: ["payment.bnpl.error.notApproved"],
    });
  }
  const orderId = created.value.orderId;
  await db
    .insert(paymentAttempts)
    .values({
      reference: orderId,
      gateway: provider.gateway,
      amount: input.amount,
      currency: input.currency,
      status: "authorised",
      pspReference: orderId,
      authorizationToken: token,
      market: shopper.market.code,
    })
    .onConflictDoNothing();
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.pspReference, orderId));
  if (!attempt) throw new Error("the pay-later attempt was not kept");
  const existing = await findOrderByPaymentReference(db, orderId);
  if (existing) return { success: true, redirect_url: receiptUrl(existing.token) };
  const methodName = translate(state.paymentMethod.name, shopper.locale);
  try {
    const order = await placeOrPass(
      db,
      deps,
      shopper,
      state.cartId,
      attempt,
      methodName,
      state.session.review,
    );
    return { success: true, redirect_url: receiptUrl(order.token) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) {
      // The Klarna order was cancelled with the attempt (placeOrPass): the send job tells Klarna.
      const placed = await findOrderByPaymentReference(db, orderId);
      if (placed) return { success: true, redirect_url: receiptUrl(placed.token) };
    }
    throw error;
  }
}
