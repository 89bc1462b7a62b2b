// Order dates come as unix seconds (spec §9). They are shown on the market's clock, the same on the
// server and in the browser, so that a page renders alike on both (and an order placed just after
// midnight belongs to the day, and the year, the shopper saw).

/** The markets' clocks: Finland and Greece are an hour ahead of the other markets. */
const EASTERN = new Set(["FI", "GR"]);

export function marketTimeZone(countryCode: string): string {
  return EASTERN.has(countryCode.toUpperCase()) ? "Europe/Helsinki" : "Europe/Berlin";
}

/** The calendar year of a moment on a clock. */
export function yearOf(unixSeconds: number, timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat("en", { year: "numeric", timeZone }).format(new Date(unixSeconds * 1000)),
  );
}

/** Items grouped by the year of their date, newest year first, each group in the order given. */
export function groupByYear<T>(
  items: T[],
  dateOf: (item: T) => number,
  timeZone: string,
): { year: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const year = yearOf(dateOf(item), timeZone);
    groups.set(year, [...(groups.get(year) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => b - a).map(([year, grouped]) => ({ year, items: grouped }));
}
