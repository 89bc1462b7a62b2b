import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "#kernel/ids.ts";
import { addressFormOutput } from "#modules/markets/address-forms.contract.ts";
import {
  addressBookFormQuery,
  addressBookInput,
  addressBookOutput,
  addressDeletedOutput,
  addressSavedOutput,
} from "./address-book.contract.ts";
import {
  addressBook,
  addressBookForm,
  createAddress,
  deleteAddress,
  updateAddress,
} from "./address-book.service.ts";
import { memberOf, requireMember } from "./require-member.ts";

/**
 * The member's address book: list, the form per country, add, change, delete. Members only (401
 * before the input is looked at); another member's address is a 404.
 */
export async function addressBookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  // Before validation: a visitor who is not logged in is told to log in, whatever they sent.
  const preValidation = requireMember("addresses.error.login");
  const tags = ["accounts"];

  app.get(
    "/v1.1/addresses/",
    {
      preValidation,
      schema: {
        tags,
        summary: "The member's addresses, oldest first, country names in the shopper's language",
        response: { 200: addressBookOutput },
      },
    },
    async (request) => ({ addresses: await addressBook(db, memberOf(request), request.locale) }),
  );

  app.get(
    "/v1.1/addresses/form/",
    {
      preValidation,
      schema: {
        tags,
        summary:
          "Field definitions of the address form of a country (two- or three-letter code; default: the market's), as the checkout's delivery form",
        querystring: addressBookFormQuery,
        response: { 200: addressFormOutput },
      },
    },
    async (request) =>
      addressBookForm(request.query.country_code || undefined, request.market, request.locale),
  );

  app.post(
    "/v1.1/addresses/",
    {
      preValidation,
      schema: {
        tags,
        summary:
          "Adds an address, checked against its country's form; an address the book holds already only takes the defaults asked for (200 instead of 201)",
        body: addressBookInput,
        response: { 200: addressSavedOutput, 201: addressSavedOutput },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await createAddress(db, memberOf(request), request.body, request.locale);
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.post(
    "/v1.1/addresses/:id/",
    {
      preValidation,
      schema: {
        tags,
        summary:
          "Changes one of the member's addresses (a body of only default flags changes only those); 404 for any other",
        params: idParams,
        body: addressBookInput,
        response: { 200: addressSavedOutput },
      },
    },
    async (request) => updateAddress(db, memberOf(request), request.params.id, request.body, request.locale),
  );

  app.delete(
    "/v1.1/addresses/:id/",
    {
      preValidation,
      schema: {
        tags,
        summary:
          "Deletes one of the member's addresses; a deleted default leaves no default of its kind (404 for any other)",
        params: idParams,
        response: { 200: addressDeletedOutput },
      },
    },
    async (request) => deleteAddress(db, memberOf(request), request.params.id, request.locale),
  );
}
