/**
 * A card's expiry as it is typed, written MM/YY: "0330" becomes "03/30", "3/30" becomes "03/30",
 * "03/2030" (autofill) becomes "03/30". Anything but digits and the one slash is dropped.
 */
export function formatExpiry(raw: string): string {
  const slash = raw.indexOf("/");
  if (slash >= 0) {
    const month = raw.slice(0, slash).replace(/\D/g, "").slice(0, 2);
    const yearDigits = raw.slice(slash + 1).replace(/\D/g, "");
    const year = yearDigits.length === 4 ? yearDigits.slice(2) : yearDigits.slice(0, 2);
    return `${month.length === 1 && year.length > 0 ? `0${month}` : month}/${year}`;
  }
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
