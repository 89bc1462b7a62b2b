/**
 * How a product is named to shoppers. Catalogue names often begin with the brand already
 * ("Kestrel Aero Elite FG"), and the brand is its own field: put together blindly they read
 * "Kestrel Kestrel Aero Elite FG". Every place that names a product with its brand goes through here.
 */

/**
 * Made once, and only when a name is not plain ASCII: `localeCompare` with options builds a collator
 * on every call (a card renders this each time), and building one at all is a few milliseconds of a
 * phone's first load, as the page's code is read.
 */
let collator: Intl.Collator | undefined;
const ASCII = /^[\x20-\x7e]*$/;

/** The same letters with the same accents, whatever their case ("Élan" and "élan", not "Elan"). */
function sameLetters(a: string, b: string): boolean {
  // Plain ASCII has no accents: the same letters in any case is then all the collator would see.
  if (ASCII.test(a) && ASCII.test(b)) return a.toLowerCase() === b.toLowerCase();
  collator ??= new Intl.Collator(undefined, { sensitivity: "accent" });
  return collator.compare(a, b) === 0;
}

/** The name without the brand in front, for places that show the brand above it. */
export function modelName(brand: string, name: string): string {
  const trimmed = name.trim();
  const prefix = brand.trim();
  if (prefix === "") return trimmed;
  const head = trimmed.slice(0, prefix.length);
  const rest = trimmed.slice(prefix.length);
  if (sameLetters(head, prefix) && /^\s+\S/u.test(rest)) return rest.trim();
  return trimmed;
}

/** The product's full name with its brand once: "Kestrel Aero Elite FG", "Kestrel Club Shirt". */
export function productTitle(brand: string, name: string): string {
  const model = modelName(brand, name);
  return brand.trim() === "" ? model : `${brand.trim()} ${model}`;
}
