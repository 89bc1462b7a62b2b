import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  type marketOutput,
  marketSelectedOutput,
  marketsListOutput,
  selectMarketInput,
} from "./markets.contract.ts";
import {
  LANGUAGE_COOKIE,
  MARKET_COOKIE,
  MARKETS,
  type Market,
  requireMarket,
  UI_LOCALES,
} from "./markets.service.ts";

const serialize = (market: Market): z.infer<typeof marketOutput> => ({
  code: market.code,
  country_code: market.countryCode,
  currency: market.currency,
  vat_rate: market.vatRate,
  language: market.locale,
  free_delivery_limit: market.freeDeliveryLimit,
});

export async function marketsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/markets/",
    {
      schema: {
        tags: ["markets"],
        summary: "The shop's countries and languages",
        response: { 200: marketsListOutput },
      },
    },
    async (request) => ({
      current: serialize(request.market),
      language: request.locale,
      markets: MARKETS.map(serialize),
      languages: [...UI_LOCALES],
    }),
  );

  app.post(
    "/api/markets/select/",
    {
      schema: {
        tags: ["markets"],
        summary: "Switch country and language (footer switcher); sets the market and language cookies",
        body: selectMarketInput,
        response: { 200: marketSelectedOutput },
      },
    },
    async (request, reply) => {
      const market = requireMarket(request.body.market);
      const language = request.body.language ?? market.locale;
      const cookie = {
        path: "/",
        sameSite: "lax" as const,
        maxAge: 365 * 86_400,
        secure: fastify.config.secureCookies,
      };
      reply.setCookie(MARKET_COOKIE, market.code, cookie);
      reply.setCookie(LANGUAGE_COOKIE, language, cookie);
      return { success: true, market: serialize(market), language };
    },
  );
}
