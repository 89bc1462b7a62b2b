import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { createMailer } from "#modules/mail/mail.service.ts";
import { receiptData } from "#modules/orders/orders.service.ts";
import {
  addressFormQuery,
  addressInput,
  authorizationTokenInput,
  commentInput,
  deliverySubmitInput,
  findDropPointQuery,
  paymentResultQuery,
  paymentSubmitInput,
  receiptQuery,
  reviewSubmitInput,
  selectDeliveryInput,
  splitPaymentInput,
} from "./checkout.contract.ts";
import {
  addressForm,
  customerAddresses,
  deliveryData,
  findDropPoints,
  getAddress,
  paymentGateways,
  type Shopper,
  selectDelivery,
  selectPayment,
  setAddress,
  setComment,
  submitDelivery,
} from "./checkout.service.ts";
import {
  authoriseBnpl,
  payByCard,
  paymentResult,
  submitAuthorizationToken,
  submitReview,
} from "./checkout-payment.service.ts";

/** Card payments a visitor may try per minute: testing stolen cards must not pay. */
export const CARD_ATTEMPTS_PER_MINUTE = 5;
/** Per address: many shoppers can share one (offices, mobile networks), so the limit is higher. */
export const CARD_ATTEMPTS_PER_MINUTE_PER_IP = 60;

const shopperOf = (request: FastifyRequest): Shopper => ({
  owner: { userId: request.user?.id ?? null, sessionId: request.sessionId },
  user: request.user,
  market: request.market,
  locale: request.locale,
});

/** The checkout's calls: addresses, delivery with drop points, payment, review and the receipt. */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["checkout"];
  const deps = {
    mailer: createMailer(fastify.config, fastify.log),
    publicUrl: fastify.config.publicUrl,
    log: fastify.log,
  };
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  app.get(
    "/checkout/payment_form/",
    {
      schema: {
        tags,
        summary:
          "Field definitions of the address form of a country (three-letter code; default: the shop's)",
        querystring: addressFormQuery,
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
      { schema: { tags, summary: `The checkout's ${kind} address` } },
      async (request) => getAddress(db, shopperOf(request), kind),
    );
    app.post(
      `/api/checkout/set_${kind}_address/`,
      {
        schema: {
          tags,
          summary: `Saves the ${kind} address after checking it against its country's form (errors by field)`,
          body: addressInput,
        },
      },
      async (request) => ({
        success: true,
        address: await setAddress(db, shopperOf(request), kind, request.body),
      }),
    );
  }

  app.get(
    "/checkout/customer_addresses/",
    {
      schema: {
        tags,
        summary: "Saved addresses of a member, the checkout's addresses, e-mail and drop point",
      },
    },
    async (request) => customerAddresses(db, shopperOf(request)),
  );

  app.get(
    "/checkout/delivery_methods/",
    { schema: { tags, summary: "One package per supplier with its delivery methods and what is chosen" } },
    async (request) => deliveryData(db, shopperOf(request)),
  );

  app.post(
    "/checkout/select_delivery_method/",
    {
      schema: {
        tags,
        summary: "Chooses a package's delivery method (and drop point); kept at once",
        body: selectDeliveryInput,
      },
    },
    async (request) => selectDelivery(db, shopperOf(request), request.body),
  );

  app.get(
    "/deliverymethod/find_droppoint/",
    {
      schema: { tags, summary: "Drop points of a carrier near a post code", querystring: findDropPointQuery },
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
      },
    },
    async (request) => paymentGateways(db, shopperOf(request)),
  );

  app.post(
    "/checkout/payment_gateway_submit/",
    { schema: { tags, summary: "Chooses the payment method", body: paymentSubmitInput } },
    async (request) => selectPayment(db, shopperOf(request), request.body),
  );

  app.post(
    "/checkout/add_order_comment/",
    { schema: { tags, summary: "A note for the warehouse; an empty comment clears it", body: commentInput } },
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
      },
    },
    async (request) => submitReview(db, deps, shopperOf(request), request.body),
  );

  app.post(
    "/checkout/adyen_split_on_payment/",
    {
      schema: {
        tags,
        summary: "Pays the amount due by card through the card provider; answers the action to follow",
        body: splitPaymentInput,
      },
    },
    async (request) => {
      await countAttempt(db, [`card:session:${request.sessionId ?? request.ip}`], CARD_ATTEMPTS_PER_MINUTE);
      await countAttempt(db, [`card:ip:${request.ip}`], CARD_ATTEMPTS_PER_MINUTE_PER_IP);
      const { type: _type, ...card } = request.body.data.paymentMethod;
      return payByCard(db, shopperOf(request), card);
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
      },
    },
    async (request) => authoriseBnpl(db, shopperOf(request)),
  );

  app.post(
    "/checkout/submit_authorization_token/",
    {
      schema: {
        tags,
        summary: "Hands over the pay-later authorisation token",
        body: authorizationTokenInput,
      },
    },
    async (request) => submitAuthorizationToken(db, shopperOf(request), request.body.authorization_token),
  );

  app.get(
    "/checkout/receipt_data/",
    {
      schema: { tags, summary: "The receipt of an order placed by this visitor", querystring: receiptQuery },
    },
    async (request) =>
      receiptData(db, shopperOf(request), request.query.token, {
        merchantId: fastify.config.surveyMerchantId,
      }),
  );
}
