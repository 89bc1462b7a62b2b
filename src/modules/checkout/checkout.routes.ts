import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { cartOwnerOf } from "#modules/cart/cart-owner.ts";
import type { MarketPayments } from "#modules/payments/market-providers.ts";
import {
  addressFormOutput,
  addressFormQuery,
  addressInput,
  adyenDetailsInput,
  adyenPaymentInput,
  authorizationResultSchema,
  authorizationTokenInput,
  bnplAuthorisationSchema,
  cardPaymentResultSchema,
  commentInput,
  commentResultSchema,
  customerAddressesSchema,
  deliveryDataSchema,
  deliverySubmitInput,
  dropPointsSchema,
  findDropPointQuery,
  klarnaSessionSchema,
  noBody,
  paymentDetailsResultSchema,
  paymentGatewaysSchema,
  paymentResultQuery,
  paymentSelectedSchema,
  paymentSubmitInput,
  receiptQuery,
  reviewResultSchema,
  reviewSubmitInput,
  savedAddressSchema,
  selectDeliveryInput,
  setAddressResultSchema,
  splitPaymentInput,
  successSchema,
} from "./checkout.contract.ts";
import { addressForm, customerAddresses, getAddress, setAddress } from "./checkout-address.service.ts";
import { deliveryData, findDropPoints, selectDelivery, submitDelivery } from "./checkout-delivery.service.ts";
import {
  authoriseBnpl,
  type OrderPlacedListener,
  type PaymentDeps,
  payByAdyen,
  payByCard,
  payLaterSession,
  paymentResult,
  submitAuthorizationToken,
  submitPaymentDetails,
  submitReview,
} from "./checkout-payment.service.ts";
import { type CardProvider, paymentGateways, selectPayment } from "./checkout-payment-methods.service.ts";
import { type Shopper, setComment } from "./checkout-state.ts";
import { receiptOutput } from "./receipt.contract.ts";
import { receiptData } from "./receipt.service.ts";

/** Card payments a visitor may try per minute: testing stolen cards must not pay. */
export const CARD_ATTEMPTS_PER_MINUTE = 5;
/** Per address: many shoppers can share one (offices, mobile networks), so the limit is higher. */
export const CARD_ATTEMPTS_PER_MINUTE_PER_IP = 60;

const shopperOf = (request: FastifyRequest): Shopper => ({
  owner: cartOwnerOf(request),
  user: request.user,
  market: request.market,
  locale: request.locale,
});

/**
 * The card calls' guard: each try counts per visitor and per address before anything reaches the
 * provider, and a visitor over either limit is refused (429) without a charge being attempted. The
 * payment and its 3-D Secure details count apart (`kind`), so a challenge does not use up a try.
 */
const limitCardAttempts =
  (db: Db, kind = "card") =>
  async (request: FastifyRequest) => {
    await countAttempt(db, [`${kind}:session:${request.sessionId ?? request.ip}`], CARD_ATTEMPTS_PER_MINUTE);
    await countAttempt(db, [`${kind}:ip:${request.ip}`], CARD_ATTEMPTS_PER_MINUTE_PER_IP);
  };

export interface CheckoutRoutesOptions {
  /** Told of every order placed, after its transaction committed (the composition root counts them). */
  onOrderPlaced?: OrderPlacedListener;
  /**
   * Adyen and Klarna of each market that has them (the composition root builds them from ADYEN_*
   * and KLARNA_*); other markets pay with the built-in test providers.
   */
  payments?: MarketPayments | null;
  /** The public address of each market (Adyen's Drop-in returns the shopper to it). */
  publicUrlFor?: (market: string) => string;
}

/** The checkout's calls: addresses, delivery with drop points, payment, review and the receipt. */
export async function checkoutRoutes(fastify: FastifyInstance, options: CheckoutRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["checkout"];
  const deps: PaymentDeps = {
    outbox: fastify.jobs,
    log: fastify.log,
    onOrderPlaced: options.onOrderPlaced,
    payLater: (market) => options.payments?.klarna(market) ?? null,
    adyen: (market) => options.payments?.adyen(market) ?? null,
    publicUrlFor: options.publicUrlFor,
  };
  /** The card provider of the request's market: its Adyen, or none (the built-in test card). */
  const cardOf = (request: FastifyRequest): CardProvider | null => {
    const adyen = deps.adyen?.(request.market.code) ?? null;
    return adyen && options.publicUrlFor ? { adyen, publicUrlFor: options.publicUrlFor } : null;
  };

  app.get(
    "/checkout/payment_form/",
    {
      schema: {
        tags,
        summary:
          "Field definitions of the address form of a country (three-letter code; default: the shop's)",
        querystring: addressFormQuery,
        response: { 200: addressFormOutput },
      },
    },
    async (request) =>
      addressForm(
        request.query.type,
        request.query.country_code ?? request.market.alpha3,
        request.locale,
        request.query.type === "shipping" && request.user === null,
      ),
  );

  for (const kind of ["delivery", "billing"] as const) {
    app.get(
      `/api/checkout/${kind}_address/`,
      { schema: { tags, summary: `The checkout's ${kind} address`, response: { 200: savedAddressSchema } } },
      async (request) => getAddress(db, shopperOf(request), kind),
    );
    app.post(
      `/api/checkout/set_${kind}_address/`,
      {
        schema: {
          tags,
          summary: `Saves the ${kind} address after checking it against its country's form (errors by field)`,
          body: addressInput,
          response: { 200: setAddressResultSchema },
        },
      },
      async (request) => setAddress(db, shopperOf(request), kind, request.body),
    );
  }

  app.get(
    "/checkout/customer_addresses/",
    {
      schema: {
        tags,
        summary: "Saved addresses of a member, the checkout's addresses, e-mail and drop point",
        response: { 200: customerAddressesSchema },
      },
    },
    async (request) => customerAddresses(db, shopperOf(request)),
  );

  app.get(
    "/checkout/delivery_methods/",
    {
      schema: {
        tags,
        summary: "One package per supplier with its delivery methods and what is chosen",
        response: { 200: deliveryDataSchema },
      },
    },
    async (request) => deliveryData(db, shopperOf(request)),
  );

  app.post(
    "/checkout/select_delivery_method/",
    {
      schema: {
        tags,
        summary: "Chooses a package's delivery method (and drop point); kept at once",
        body: selectDeliveryInput,
        response: { 200: successSchema },
      },
    },
    async (request) => selectDelivery(db, shopperOf(request), request.body),
  );

  app.get(
    "/deliverymethod/find_droppoint/",
    {
      schema: {
        tags,
        summary: "Drop points of a carrier near a post code",
        querystring: findDropPointQuery,
        response: { 200: dropPointsSchema },
      },
    },
    async (request) => findDropPoints(db, shopperOf(request), request.query),
  );

  app.post(
    "/checkout/step_delivery_submit/",
    {
      schema: {
        tags,
        summary:
          "Completes the delivery step: every package needs a method, and a drop point where the method has one",
        body: deliverySubmitInput,
        response: { 200: successSchema },
      },
    },
    async (request) => submitDelivery(db, shopperOf(request), request.body),
  );

  app.get(
    "/checkout/payment_gateways/",
    {
      schema: {
        tags,
        summary: "The market's payment methods by gateway, with fees, icons and provider configuration",
        response: { 200: paymentGatewaysSchema },
      },
    },
    async (request) =>
      paymentGateways(
        db,
        shopperOf(request),
        deps.payLater?.(request.market.code) ? "klarna" : "test-bnpl",
        cardOf(request),
      ),
  );

  app.post(
    "/checkout/payment_gateway_submit/",
    {
      schema: {
        tags,
        summary: "Chooses the payment method",
        body: paymentSubmitInput,
        response: { 200: paymentSelectedSchema },
      },
    },
    async (request) => selectPayment(db, shopperOf(request), request.body),
  );

  app.post(
    "/checkout/add_order_comment/",
    {
      schema: {
        tags,
        summary: "A note for the warehouse; an empty comment clears it",
        body: commentInput,
        response: { 200: commentResultSchema },
      },
    },
    async (request) => setComment(db, shopperOf(request), request.body.comment),
  );

  app.post(
    "/checkout/step_review_submit/",
    {
      schema: {
        tags,
        summary:
          "Accepts the terms and places the order (cash on delivery, gift card, approved pay later) or answers the card payment to make",
        body: reviewSubmitInput,
        response: { 200: reviewResultSchema },
      },
    },
    async (request) => submitReview(db, deps, shopperOf(request), request.body),
  );

  // One address, two bodies: a market with Adyen sends the Drop-in's encrypted state data, a
  // market on the built-in test card its card form; the market's provider decides which is read.
  app.post(
    "/checkout/adyen_split_on_payment/",
    {
      schema: {
        tags,
        summary:
          "Pays the amount due by card: with the market's Adyen the Drop-in's encrypted data (never card data in the clear), else the built-in test card's form; answers the action to follow (3-D Secure)",
        // The market's own contract (adyenPaymentInput or splitPaymentInput) reads the body below.
        body: z.object({ data: z.looseObject({ paymentMethod: z.looseObject({}) }) }),
        response: { 200: cardPaymentResultSchema },
      },
      // The market's contract is checked before the try is counted: a body it refuses is not a try.
      preValidation: async (request) => {
        (cardOf(request) ? adyenPaymentInput : splitPaymentInput).parse(request.body);
      },
      preHandler: limitCardAttempts(db),
    },
    async (request) =>
      cardOf(request)
        ? payByAdyen(
            db,
            deps,
            shopperOf(request),
            adyenPaymentInput.parse(request.body).data,
            `${request.protocol}://${request.headers.host ?? "localhost"}`,
          )
        : payByCard(db, shopperOf(request), splitPaymentInput.parse(request.body).data.paymentMethod),
  );

  app.post(
    "/checkout/adyen_payment_details/",
    {
      schema: {
        tags,
        summary:
          "The Drop-in's 3-D Secure result from the page (onAdditionalDetails): checked with Adyen's /payments/details, the order placed once; answers the receipt to go to, or the next action (402 when refused; 404 without Adyen)",
        body: adyenDetailsInput,
        response: { 200: paymentDetailsResultSchema },
      },
      preHandler: limitCardAttempts(db, "card-details"),
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return submitPaymentDetails(db, deps, shopperOf(request), request.body.data);
    },
  );

  app.get(
    "/checkout/adyen_payment_result/",
    {
      schema: {
        tags,
        summary:
          "The card provider's redirect: places the order once (replays find it) and goes on to the receipt",
        querystring: paymentResultQuery,
        response: { 303: noBody },
      },
    },
    async (request, reply) =>
      reply.redirect(await paymentResult(db, deps, shopperOf(request), request.query), 303),
  );

  app.post(
    "/payments/test-bnpl/authorize/",
    {
      schema: {
        tags: ["payments"],
        summary: "The built-in pay-later provider's authorisation for the amount due",
        response: { 200: bnplAuthorisationSchema },
      },
    },
    async (request) => authoriseBnpl(db, deps, shopperOf(request)),
  );

  app.post(
    "/payments/klarna/session/",
    {
      schema: {
        tags: ["payments"],
        summary:
          "A Klarna Payments session for the widget, for the amount due (404 when Klarna is not configured)",
        response: { 200: klarnaSessionSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return payLaterSession(db, deps, shopperOf(request));
    },
  );

  app.post(
    "/checkout/submit_authorization_token/",
    {
      schema: {
        tags,
        summary:
          "Hands over the pay-later authorisation token; with Klarna the order is created there and placed here (once per token)",
        body: authorizationTokenInput,
        response: { 200: authorizationResultSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return submitAuthorizationToken(db, deps, shopperOf(request), request.body.authorization_token);
    },
  );

  app.get(
    "/checkout/receipt_data/",
    {
      schema: {
        tags,
        summary: "The receipt of an order placed by this visitor",
        querystring: receiptQuery,
        response: { 200: receiptOutput },
      },
    },
    async (request) =>
      receiptData(db, shopperOf(request), request.query.token, {
        merchantId: fastify.config.surveyMerchantId,
      }),
  );
}
