import { compiledSerializer } from "#kernel/compiled-serializer.ts";
import { type ProductCard, productCardSchema } from "./catalog.contract.ts";

/**
 * Listing answers with their cards' JSON written once per card (decision 0097). A listing's 60 cards
 * are five sixths of its answer, and they come from the card cache: the same objects, unchanged, for
 * every listing that shows them until the revision moves. Writing them again for every new listing
 * was a fifth of a listing's time (the writer, then measuring and copying the text it made of
 * thousands of pieces); now each card is written the first time an answer holds it, and an answer is
 * its other parts written as before with the cards' kept JSON put in.
 */

const writeCard =
  compiledSerializer(productCardSchema) ??
  (() => {
    throw new Error("the product card's contract has no compiled form");
  })();

/** Each card's JSON, kept as long as the card is (the card cache holds the card). */
const written = new WeakMap<ProductCard, string>();

/**
 * The card's JSON as the answer's contract writes it. Kept flat: the writer's text is a chain of
 * pieces, and every answer that joined it would walk that chain again.
 */
export function cardJson(card: ProductCard): string {
  let json = written.get(card);
  if (json === undefined) {
    json = Buffer.from(writeCard(card)).toString();
    written.set(card, json);
  }
  return json;
}

const EMPTY_PRODUCTS = '{"products":[]';

/**
 * The answer serialised by `serialize` (its route's contract), with `products` — the answer's first
 * property, a list of product cards (the caller says so: a listing) — written from the cards' kept
 * JSON; null when the answer does not begin with its products (the caller serialises it whole).
 * With `verify` (development and tests) the answer is also serialised whole, and anything but the
 * same text is an error: the contract's own check sees every card that way, and a card whose kept
 * JSON differs from what the contract writes fails the test that shows it.
 */
export function serializeWithCards(
  answer: unknown,
  serialize: (data: unknown) => string,
  verify: boolean,
): string | null {
  if (!answer || typeof answer !== "object") return null;
  const { products, ...rest } = answer as { products?: unknown };
  if (!Array.isArray(products) || firstKey(answer) !== "products") return null;
  const others = serialize({ products: [], ...rest });
  // The contract writes its properties in its own order: products must come first there too.
  if (!others.startsWith(EMPTY_PRODUCTS)) return null;
  const text = `{"products":[${products.map((card: ProductCard) => cardJson(card)).join(",")}]${others.slice(EMPTY_PRODUCTS.length)}`;
  if (verify) {
    const whole = serialize(answer);
    if (whole !== text)
      throw new Error(
        `a listing's cards were written from kept JSON as ${text.slice(0, 300)}, the contract writes ${whole.slice(0, 300)}`,
      );
  }
  return text;
}

function firstKey(value: object): string | undefined {
  for (const key in value) return key;
  return undefined;
}
