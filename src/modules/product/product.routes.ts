import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { productCardSchema } from "#modules/catalog/catalog.contract.ts";
import { productSizes } from "#modules/catalog/catalog.schema.ts";
import { getProductCards } from "#modules/catalog/catalog.service.ts";
import { createMailer } from "#modules/mail/mail.service.ts";
import { HttpError } from "#server/plugins/errors.ts";
import { stockEntrySchema } from "./product.contract.ts";
import { getAvailability, getProductMessages, getRelatedProducts } from "./product.service.ts";
import { getPromotionsForSku } from "./promotions.service.ts";
import { stockAlertInput } from "./stock-alerts.contract.ts";
import { setSizeStock, subscribeStockAlert } from "./stock-alerts.service.ts";

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Back-in-stock sign-ups allowed per minute from one address: each can make a mail later. */
export const STOCK_ALERTS_PER_MINUTE = 20;

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
        summary: "A product's sizes with stock, supplier and delivery, read now",
        params: idParam,
        response: { 200: z.array(stockEntrySchema) },
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
        params: idParam,
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
        params: idParam,
        response: { 200: z.object({ results: z.array(productCardSchema) }) },
      },
    },
    async (request) => ({
      results: await getRelatedProducts(db, request.params.id, request.market.currency),
    }),
  );

  app.get(
    "/api/products/cards/",
    {
      schema: {
        tags,
        summary: "Product cards by id, in the order asked (recently seen products)",
        querystring: z.object({
          ids: z
            .string()
            .max(200)
            .regex(/^\d+(,\d+)*$/, { error: "product.error.ids" })
            .transform((value) => [...new Set(value.split(",").map(Number))].slice(0, 24)),
        }),
        response: { 200: z.object({ results: z.array(productCardSchema) }) },
      },
    },
    async (request) => {
      const ids = request.query.ids;
      const cards = await getProductCards(db, {
        currency: request.market.currency,
        productIds: ids,
        limit: ids.length,
      });
      const byId = new Map(cards.map((card) => [card.product_id, card]));
      return { results: ids.flatMap((id) => byId.get(id) ?? []) };
    },
  );

  app.post(
    "/api/products/notify_sold_out/",
    {
      schema: {
        tags,
        summary: "One e-mail when a sold-out size is back in stock",
        body: stockAlertInput,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await countAttempt(db, [`stock-alert:ip:${request.ip}`], STOCK_ALERTS_PER_MINUTE);
      await subscribeStockAlert(db, request.body, { locale: request.locale, market: request.market.code });
      return { success: true as const };
    },
  );

  const mailer = createMailer(fastify.config, fastify.log);
  app.put(
    "/api/catalogue/stock/:sku/",
    {
      config: { csrfExempt: true },
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
    async (request) => {
      requireCatalogueToken(fastify.config.catalogueApiToken, request.headers.authorization);
      const [size] = await db
        .select({ id: productSizes.id })
        .from(productSizes)
        .where(eq(productSizes.sku, request.params.sku));
      if (!size) throw new HttpError(404, "size_not_found", "There is no size with that SKU.");
      const { notified } = await setSizeStock(db, mailer, fastify.config.publicUrl, {
        sizeId: size.id,
        stock: request.body.stock,
      });
      return { sku: request.params.sku, stock: request.body.stock, notified };
    },
  );
}

/** The feed's bearer token, compared in constant time; without a configured token the feed is off. */
function requireCatalogueToken(expected: string | undefined, header: string | undefined) {
  if (!expected) throw new HttpError(404, "not_found", "The stock feed is not enabled.");
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted))
    throw new HttpError(401, "unauthorized", "A valid stock feed token is needed.");
}
