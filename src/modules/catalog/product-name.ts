/**
 * How a product is named to shoppers. Catalogue names often begin with the brand already
 * ("Kestrel Aero Elite FG"), and the brand is its own field: put together blindly they read
 * "Kestrel Kestrel Aero Elite FG". Every place that names a product with its brand goes through here.
 */

/** Made once: `localeCompare` with options builds a collator on every call (a card renders this each time). */
const sameLetters = new Intl.Collator(undefined, { sensitivity: "accent" });

/** The name without the brand in front, for places that show the brand above it. */
export function modelName(brand: string, name: string): string {
  const trimmed = name.trim();
  const prefix = brand.trim();
  if (prefix === "") return trimmed;
  const head = trimmed.slice(0, prefix.length);
  const rest = trimmed.slice(prefix.length);
  if (sameLetters.compare(head, prefix) === 0 && /^\s+\S/u.test(rest)) return rest.trim();
  return trimmed;
}

/** The product's full name with its brand once: "Kestrel Aero Elite FG", "Kestrel Club Shirt". */
export function productTitle(brand: string, name: string): string {
  const model = modelName(brand, name);
  return brand.trim() === "" ? model : `${brand.trim()} ${model}`;
}
