import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "#kernel/errors.ts";
import { idParams } from "#kernel/ids.ts";
import { redirectOutput } from "#modules/accounts/accounts.contract.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { ensureSession } from "#modules/accounts/session-cookies.ts";
import { findRestorableBag, restoreBagLines } from "./bag-reminders.ts";
import {
  addResultOutput,
  addToCartInput,
  cartOutput,
  checkoutOffersOutput,
  giftCardInput,
  lineMessagesOutput,
  newCartInput,
  okOutput,
  restoreBagQuery,
  sharedCartCreatedOutput,
  sharedCartOutput,
  updateQuantityInput,
  voucherInput,
  voucherOutput,
} from "./cart.contract.ts";
import {
  addPackage,
  addToCart,
  deleteLine,
  readCart,
  readOwnCart,
  updateLineQuantity,
} from "./cart.service.ts";
import { type CartOwner, cartOwnerOf } from "./cart-owner.ts";
import { checkoutOffers } from "./checkout-offers.service.ts";
import { customizationInput, customizationOptionsOutput } from "./customization.contract.ts";
import { getCustomizationOptions, updateCustomization } from "./customizations.service.ts";
import { createSharedCart, getSharedCart } from "./shared-carts.service.ts";
import { addGiftCard, addVoucher, removeGiftCard, removeVoucher } from "./vouchers.service.ts";

/**
 * An add that fails answers with the storefront's add-result shape (success false and the message
 * ids), plus the shop's usual error fields, with a 4xx status.
 */
async function addResult(reply: FastifyReply, add: () => Promise<{ pk: number; subitems: number[] }>) {
  try {
    return { success: true, error_messages: [], data: await add() };
  } catch (error) {
    return refusal(reply, error, (message) => ({ error_messages: [message], data: null }));
  }
}

/**
 * A refused bag change in the storefront's result shape (`success: false` plus `shape`'s fields)
 * with the shop's usual error fields and the service's 4xx status. Anything else is rethrown.
 */
function refusal(reply: FastifyReply, error: unknown, shape: (message: string) => Record<string, unknown>) {
  if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 429) throw error;
  return reply.status(error.statusCode).send({
    success: false,
    ...shape(error.message),
    error: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  });
}

/**
 * Entry of a voucher or gift-card code: the visitor gets a session (codes may come before products);
 * a refused code answers 400 with error_message; `add` returns the warnings to show.
 */
async function enterCode(
  request: FastifyRequest,
  reply: FastifyReply,
  add: (owner: CartOwner) => Promise<string[]>,
) {
  await ensureSession(request, reply);
  try {
    return { success: true, error_message: null, warning_message: await add(cartOwnerOf(request)) };
  } catch (error) {
    return refusal(reply, error, (message) => ({ error_message: message, warning_message: [] }));
  }
}

/** Opens of bag-restore links one IP address may try per minute: guessing tokens is pointless. */
export const BAG_RESTORES_PER_MINUTE_PER_IP = 10;

/** The bag: reading it, adding products and packages, and prints on its lines. */
export async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["cart"];

  app.get(
    "/cart/data/",
    {
      schema: {
        tags,
        summary: "The visitor's bag, priced now in the market's currency, with its totals",
        response: { 200: cartOutput },
      },
    },
    async (request) => readCart(db, cartOwnerOf(request), request.market, request.locale),
  );

  app.get(
    "/cart/data/:id/",
    {
      schema: {
        tags,
        summary: "The visitor's bag by its id (404 for any other bag)",
        params: idParams,
        response: { 200: cartOutput },
      },
    },
    async (request) =>
      readOwnCart(db, cartOwnerOf(request), request.params.id, request.market, request.locale),
  );

  app.post(
    "/cart/items/add_to_cart/",
    {
      schema: {
        tags,
        summary:
          "Adds one size of a product (form-encoded; a posted price is ignored); with print fields, as a printed line of its own",
        body: addToCartInput,
        response: { 200: addResultOutput },
      },
    },
    async (request, reply) => {
      await ensureSession(request, reply);
      return addResult(reply, async () => {
        const { product, size, amount, get_errors: _errors, price: _price, ...print } = request.body;
        const { lineId } = await addToCart(db, cartOwnerOf(request), {
          productId: product,
          sizeId: size,
          amount,
          print,
        });
        return { pk: lineId, subitems: [] };
      });
    },
  );

  app.post(
    "/cart/items/new_cart/",
    {
      schema: {
        tags,
        summary: "Adds a package (bundle mode): the package and a size for each of its items",
        body: newCartInput,
        response: { 200: addResultOutput },
      },
    },
    async (request, reply) => {
      await ensureSession(request, reply);
      return addResult(reply, async () => {
        const { lineId, partIds } = await addPackage(db, cartOwnerOf(request), {
          productId: request.body.product.product_id,
          amount: request.body.product.amount,
          parts: request.body.subproducts.map((part) => ({
            product_id: part.product_id,
            size_id: part.size_id,
          })),
        });
        return { pk: lineId, subitems: partIds };
      });
    },
  );

  app.get(
    "/customizations/get/:id/",
    {
      schema: {
        tags,
        summary: "The print options of a product, priced, and the longest print delay",
        params: idParams,
        response: { 200: customizationOptionsOutput },
      },
    },
    async (request) =>
      getCustomizationOptions(db, request.params.id, request.market.currency, request.locale),
  );

  app.post(
    "/customizations/update/:id/",
    {
      schema: {
        tags,
        summary: "Sets the print of a bag line (form-encoded); all fields empty removes it",
        params: idParams,
        body: customizationInput,
        response: { 200: okOutput },
      },
    },
    async (request) => {
      await updateCustomization(db, cartOwnerOf(request), request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.post(
    "/cart/items/update_cart_item/:id/",
    {
      schema: {
        tags,
        summary: "Sets a line's quantity (at least 1; more than is left sets what is left, with a warning)",
        params: idParams,
        body: updateQuantityInput,
        response: { 200: lineMessagesOutput },
      },
    },
    async (request) => updateLineQuantity(db, cartOwnerOf(request), request.params.id, request.body.amount),
  );

  app.post(
    "/cart/items/delete_cart_item/:id/",
    {
      schema: {
        tags,
        summary: "Removes a line from the bag",
        params: idParams,
        response: { 200: lineMessagesOutput },
      },
    },
    async (request) => {
      await deleteLine(db, cartOwnerOf(request), request.params.id);
      return { messages: [] };
    },
  );

  app.post(
    "/api/vouchers/add/",
    {
      schema: {
        tags,
        summary: "Puts a voucher on the bag (wrong codes are limited to 10 a minute per visitor)",
        body: voucherInput,
        response: { 200: voucherOutput },
      },
    },
    (request, reply) =>
      enterCode(request, reply, async (owner) => {
        const { warnings } = await addVoucher(db, owner, {
          code: request.body.voucher_code,
          market: request.market,
          locale: request.locale,
          ip: request.ip,
        });
        return warnings;
      }),
  );

  app.delete(
    "/api/vouchers/remove/:code/",
    {
      schema: {
        tags,
        summary: "Takes a voucher off the bag (404 when it is not on it)",
        params: z.object({ code: z.string().min(1).max(40) }),
        response: { 200: okOutput },
      },
    },
    async (request) => {
      await removeVoucher(db, cartOwnerOf(request), request.params.code);
      return { success: true as const };
    },
  );

  app.post(
    "/api/giftcards/add/",
    {
      schema: {
        tags,
        summary:
          "Lets a gift card pay part of the order (wrong codes are limited to 10 a minute per visitor)",
        body: giftCardInput,
        response: { 200: voucherOutput },
      },
    },
    (request, reply) =>
      enterCode(request, reply, async (owner) => {
        await addGiftCard(db, owner, {
          code: request.body.code,
          currency: request.market.currency,
          ip: request.ip,
        });
        return [];
      }),
  );

  app.delete(
    "/api/giftcards/remove/:last4/",
    {
      schema: {
        tags,
        summary: "Takes a gift card off the bag by the last four characters it shows",
        params: z.object({ last4: z.string().min(1).max(8) }),
        response: { 200: okOutput },
      },
    },
    async (request) => {
      await removeGiftCard(db, cartOwnerOf(request), request.params.last4);
      return { success: true as const };
    },
  );

  app.get(
    "/cart/restore/",
    {
      schema: {
        tags,
        summary:
          "The link of an abandoned-bag reminder: copies the reminded lines into this visitor's bag and redirects to /cart/ (with ?restore=invalid and nothing changed for a bad or expired token)",
        querystring: restoreBagQuery,
        response: { 303: redirectOutput("to /cart/ with ?restore=done, invalid or busy") },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      try {
        await countAttempt(
          db,
          [`bag-restore:ip:${request.ip}`],
          BAG_RESTORES_PER_MINUTE_PER_IP,
          60,
          fastify.clock(),
        );
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429)
          return reply.redirect("/cart/?restore=busy", 303);
        throw error;
      }
      const items = await findRestorableBag(db, request.query.token, fastify.clock());
      if (!items) return reply.redirect("/cart/?restore=invalid", 303);
      // Only a good link gives the visitor a session (and a bag): a bad one leaves nothing behind.
      await ensureSession(request, reply);
      await restoreBagLines(db, cartOwnerOf(request), items);
      return reply.redirect("/cart/?restore=done", 303);
    },
  );

  app.post(
    "/api/cart/shared/create_shared_cart/",
    {
      schema: {
        tags,
        summary: "Shares the bag: a copy of its lines under a link id (400 for an empty bag)",
        response: { 200: sharedCartCreatedOutput },
      },
    },
    async (request) => ({ shared_cart: await createSharedCart(db, cartOwnerOf(request)) }),
  );

  app.get(
    "/api/cart/shared/:uuid/",
    {
      schema: {
        tags,
        summary: "A shared bag's items as they can be bought now (sold_out marks those that cannot)",
        params: z.object({ uuid: z.string().uuid({ error: "cart.error.sharedLink" }) }),
        response: { 200: sharedCartOutput },
      },
    },
    async (request) => getSharedCart(db, request.params.uuid, request.market.currency),
  );

  app.get(
    "/api/cart/checkout_offers/",
    {
      schema: {
        tags,
        summary: "Small things to add before checking out (socks, shin guards) not in the bag yet",
        response: { 200: checkoutOffersOutput },
      },
    },
    async (request) => ({
      offers: await checkoutOffers(db, cartOwnerOf(request), request.market.currency),
    }),
  );
}
