/**
 * A price formatter of a language and currency, made once per process and shared by every render
 * (a listing page formats up to three prices on each of its cards): the same text as react-intl's
 * formatNumber with `style: "currency"`, without working out the formatter's cache key on each call.
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function moneyFormat(localeTag: string, currency: string): Intl.NumberFormat {
  const key = `${localeTag}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTag, { style: "currency", currency });
    formatters.set(key, format);
  }
  return format;
}
