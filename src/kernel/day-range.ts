/**
 * The values of a delivery-time message: `range` is "1–3" as the locale writes a range of numbers
 * (or just "1" when the earliest and the latest day are the same — never "1–1"), `count` the latest
 * day, for the message's plural: "1 hverdag", "1–3 hverdage".
 */
export function dayRange(localeTag: string, min: number, max: number): { range: string; count: number } {
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  const format = new Intl.NumberFormat(localeTag);
  return { range: low === high ? format.format(high) : format.formatRange(low, high), count: high };
}
