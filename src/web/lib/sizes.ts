import { useIntl } from "react-intl";

const number = new Map<string, Intl.NumberFormat>();

function formatterFor(localeTag: string): Intl.NumberFormat {
  let formatter = number.get(localeTag);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeTag, { maximumFractionDigits: 2, useGrouping: false });
    number.set(localeTag, formatter);
  }
  return formatter;
}

/**
 * A size or a size-guide value in the shopper's number format: the catalogue writes "42.5" and
 * "14.5–15.5", a Danish or German shopper reads "42,5" and "14,5–15,5". Whole numbers, letters and
 * ranges between whole numbers ("31-34", "XL") stay as they are.
 */
export function formatSizeValue(value: string, localeTag: string): string {
  return value.replace(/\d+\.\d+/g, (match) => formatterFor(localeTag).format(Number(match)));
}

/**
 * How a size is written to the shopper: numbers in their format, and the catalogue's English words
 * for balls and one-size items ("Size 5", "One size") in their language.
 */
export function useSizeLabel(): (name: string) => string {
  const intl = useIntl();
  return (name: string) => {
    if (name === "One size") return intl.formatMessage({ id: "sizes.oneSize" });
    const ball = /^Size (\d+)$/.exec(name);
    if (ball) return intl.formatMessage({ id: "sizes.ball" }, { size: ball[1] });
    return formatSizeValue(name, intl.locale);
  };
}
