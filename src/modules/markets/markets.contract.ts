import { z } from "zod";
import { MARKETS, UI_LOCALES } from "./markets.data.ts";

const marketCodes = MARKETS.map((market) => market.code) as [string, ...string[]];

/** The footer switcher's form: one contract for the browser and the call. */
export const selectMarketInput = z.object({
  market: z.enum(marketCodes, { error: "Choose one of the shop's countries." }),
  language: z.enum(UI_LOCALES, { error: "Choose one of the shop's languages." }).optional(),
});
export type SelectMarketInput = z.infer<typeof selectMarketInput>;

export const marketOutput = z.object({
  code: z.string(),
  country_code: z.string(),
  currency: z.string(),
  vat_rate: z.number(),
  language: z.string(),
  free_delivery_limit: z.number().describe("Minor units"),
});

export const marketsListOutput = z.object({
  current: marketOutput,
  language: z.string(),
  markets: z.array(marketOutput),
  languages: z.array(z.string()),
});

/** `POST /api/markets/select/`: the market and language now set by cookie. */
export const marketSelectedOutput = z.object({
  success: z.boolean(),
  market: marketOutput,
  language: z.string(),
});
