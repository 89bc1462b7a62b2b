import type { IntlShape } from "react-intl";

/** The labels the shop knows, by the word stored on the product; others are shown as stored. */
const KNOWN: Record<string, string> = {
  New: "label.new",
  Bestseller: "label.bestseller",
  "Online only": "label.onlineOnly",
  Sustainable: "label.sustainable",
  "Pro choice": "label.proChoice",
  "Limited edition": "label.limitedEdition",
};

/** A product label (badge) in the shopper's language. */
export function labelText(intl: IntlShape, label: string): string {
  const id = KNOWN[label];
  return id ? intl.formatMessage({ id }) : label;
}
