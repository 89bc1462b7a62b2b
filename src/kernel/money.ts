/**
 * Money as the shop keeps it: integers of a currency's minor unit. The currencies the markets use, with
 * the rounding their prices follow.
 */
export interface Currency {
  code: string;
  /** ISO 4217 minor-unit exponent: amounts are kept as integers of 10^-exponent. */
  exponent: number;
  /** Prices in this currency are rounded to this many minor units (100 = whole units). */
  rounding: number;
}

export const CURRENCIES: Record<string, Currency> = {
  DKK: { code: "DKK", exponent: 2, rounding: 100 },
  EUR: { code: "EUR", exponent: 2, rounding: 1 },
  NOK: { code: "NOK", exponent: 2, rounding: 100 },
  SEK: { code: "SEK", exponent: 2, rounding: 100 },
  PLN: { code: "PLN", exponent: 2, rounding: 1 },
  HUF: { code: "HUF", exponent: 2, rounding: 100 },
  CZK: { code: "CZK", exponent: 2, rounding: 100 },
};

/** Minor units → the decimal amount the API speaks. */
export function toAmount(minor: number, currency: string): number {
  const exponent = CURRENCIES[currency]?.exponent ?? 2;
  return minor / 10 ** exponent;
}
