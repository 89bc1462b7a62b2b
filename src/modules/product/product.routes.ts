import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "#kernel/ids.ts";
import { errorOutput } from "#modules/accounts/accounts.contract.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { catalogueToken } from "#modules/catalog/catalogue-token.ts";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import {
  availabilityOutput,
  productCardsOutput,
  productCardsQuery,
  promotionsOutput,
} from "./product.contract.ts";
import {
  getAvailability,
  getCompleteTheLook,
  getProductCardsInOrder,
  getProductMessages,
  getRelatedProducts,
} from "./product.service.ts";
import { getPromotionsForSku } from "./promotions.service.ts";
import {
  stockAlertConfirmInput,
  stockAlertConfirmOutput,
  stockAlertInput,
  stockAlertOutput,
} from "./stock-alerts.contract.ts";
import { confirmStockAlert, setStockBySku, subscribeStockAlert } from "./stock-alerts.service.ts";

/** Back-in-stock sign-ups allowed per minute from one address: each can make a mail. */
export const STOCK_ALERTS_PER_MINUTE = 20;
/** Confirmation links one address may try per minute (a token cannot be guessed; this keeps it so). */
export const STOCK_ALERT_CONFIRMS_PER_MINUTE = 30;

/** The product page's own calls: stock per size, product messages, cards by id, back-in-stock alerts. */
export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["product"];

  app.get(
    "/api/availability/:id/",
    {
      schema: {
        tags,
        summary: "A product's sizes with stock, supplier and delivery, at the current stock revision",
        params: idParams,
        response: { 200: availabilityOutput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getAvailability(db, request.params.id, request.market.currency);
    },
  );

  app.get(
    "/api/promotions/get/:sku/",
    {
      schema: {
        tags,
        summary: "Offers running now for a size's product, with their benefit items at the offer price",
        params: z.object({ sku: z.string().min(1).max(64) }),
        response: { 200: promotionsOutput },
      },
    },
    async (request) => getPromotionsForSku(db, request.params.sku, request.market.currency, request.locale),
  );

  app.get(
    "/api/productmessage/:id/",
    {
      schema: {
        tags,
        summary: "Notices shown on a product page",
        params: idParams,
        response: { 200: z.array(z.object({ id: z.number().int(), text: z.string() })) },
      },
    },
    async (request) => getProductMessages(db, request.params.id, request.locale),
  );

  app.get(
    "/api/products/related/:id/",
    {
      schema: {
        tags,
        summary: "Products of the same category, most popular first (up to 36)",
        params: idParams,
        response: { 200: productCardsOutput },
      },
    },
    async (request) => ({
      results: await getRelatedProducts(db, request.params.id, request.market.currency),
    }),
  );

  app.get(
    "/api/products/complete_the_look/:id/",
    {
      schema: {
        tags,
        summary: "A few products that go with this one (socks and shin guards with boots …), in stock",
        params: idParams,
        response: { 200: productCardsOutput },
      },
    },
    async (request) => ({
      results: await getCompleteTheLook(db, request.params.id, request.market.currency),
    }),
  );

  app.get(
    "/api/products/cards/",
    {
      schema: {
        tags,
        summary: "Product cards by id, in the order asked (recently seen products)",
        querystring: productCardsQuery,
        response: { 200: productCardsOutput },
      },
    },
    async (request) => ({
      results: await getProductCardsInOrder(db, request.query.ids, request.market.currency),
    }),
  );

  // Links in stock-alert mail go to the configured address of the shopper's market, never the request's.
  const mail = mailOutbox(fastify.jobs);

  // Counted after the body is checked, so a malformed sign-up does not use up the address's allowance.
  const stockAlertLimit = async (request: FastifyRequest) =>
    countAttempt(db, [`stock-alert:ip:${request.ip}`], STOCK_ALERTS_PER_MINUTE);
  app.post(
    "/api/products/notify_sold_out/",
    {
      preHandler: stockAlertLimit,
      schema: {
        tags,
        summary:
          "Sign up for one e-mail when a sold-out size is back; mails a link to confirm first (the answer is the same whether or not the address had signed up)",
        body: stockAlertInput,
        response: { 200: stockAlertOutput },
      },
    },
    async (request) => {
      await subscribeStockAlert(db, mail, fastify.publicAddresses.forMarket, request.body, {
        locale: request.locale,
        market: request.market.code,
      });
      return { success: true as const };
    },
  );

  app.post(
    "/api/products/notify_sold_out/confirm/",
    {
      preHandler: async (request) =>
        countAttempt(db, [`stock-alert-confirm:ip:${request.ip}`], STOCK_ALERT_CONFIRMS_PER_MINUTE),
      schema: {
        tags,
        summary:
          "Confirm a back-in-stock alert with the token from its confirmation mail (unknown or expired: 400 on token)",
        body: stockAlertConfirmInput,
        response: { 200: stockAlertConfirmOutput, 400: errorOutput },
      },
    },
    async (request) => confirmStockAlert(db, request.body.token),
  );

  app.put(
    "/api/catalogue/stock/:sku/",
    {
      config: { csrfExempt: true },
      preHandler: catalogueToken(fastify.config.catalogueApiToken),
      schema: {
        tags,
        summary:
          "Stock feed (warehouse or ERP): sets one size's stock; a size back in stock mails its subscribers once",
        security: [{ catalogueToken: [] }],
        params: z.object({ sku: z.string().min(1).max(64) }),
        body: z.object({ stock: z.number().int().min(0).max(1_000_000) }),
        response: { 200: z.object({ sku: z.string(), stock: z.number().int(), notified: z.number().int() }) },
      },
    },
    async (request) =>
      setStockBySku(db, mail, fastify.publicAddresses.forMarket, {
        sku: request.params.sku,
        stock: request.body.stock,
      }),
  );
}
