// A range is written by ICU's range formatter, which V8 builds again on every call (about 30 µs,
// a hundred times a plain number), and a product page writes one for each of its sizes. Suppliers'
// delivery times are a handful of small ranges, so each locale's written range is kept.
const writtenRanges = new Map<string, string>();
const WRITTEN_RANGES_KEPT = 2_000;

function writtenRange(localeTag: string, low: number, high: number): string {
  const key = `${localeTag} ${low} ${high}`;
  let written = writtenRanges.get(key);
  if (written === undefined) {
    const format = new Intl.NumberFormat(localeTag);
    written = low === high ? format.format(high) : format.formatRange(low, high);
    if (writtenRanges.size >= WRITTEN_RANGES_KEPT) writtenRanges.clear();
    writtenRanges.set(key, written);
  }
  return written;
}

/**
 * The values of a delivery-time message: `range` is "1–3" as the locale writes a range of numbers
 * (or just "1" when the earliest and the latest day are the same — never "1–1"), `count` the latest
 * day, for the message's plural: "1 hverdag", "1–3 hverdage".
 */
export function dayRange(localeTag: string, min: number, max: number): { range: string; count: number } {
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  return { range: writtenRange(localeTag, low, high), count: high };
}
