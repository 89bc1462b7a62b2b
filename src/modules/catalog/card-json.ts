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

/** Each card's JSON as UTF-8 bytes, kept as long as the card is (the card cache holds the card). */
const written = new WeakMap<ProductCard, Buffer>();

/**
 * The card's JSON as the answer's contract writes it, in UTF-8 bytes of their own: an answer copies
 * them into its body as they are. (A short `Buffer.from` is a slice of Node's shared pool, which a
 * kept card would hold whole.)
 */
export function cardJson(card: ProductCard): Buffer {
  let json = written.get(card);
  if (json === undefined) {
    json = ownBytes(writeCard(card));
    written.set(card, json);
  }
  return json;
}

/** A text's UTF-8 bytes in a buffer of their own, not a slice of Node's shared pool. */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const EMPTY_PRODUCTS = '{"products":[]';
const PRODUCTS_OPEN = ownBytes('{"products":[');
const COMMA = ",".charCodeAt(0);

/**
 * The answer serialised by `serialize` (its route's contract) as UTF-8 bytes, with `products` — the
 * answer's first property, a list of product cards (the caller says so: a listing) — copied from the
 * cards' kept bytes; null when the answer does not begin with its products (the caller serialises it
 * whole). The body is put together in one buffer of its final size: joining the cards' texts into
 * one text, then measuring and encoding that text, made three copies of a listing's 60 KB of cards
 * for every answer. With `verify` (development and tests) the answer is also serialised whole, and
 * anything but the same text is an error: the contract's own check sees every card that way, and a
 * card whose kept JSON differs from what the contract writes fails the test that shows it.
 */
export function serializeWithCards(
  answer: unknown,
  serialize: (data: unknown) => string,
  verify: boolean,
): Buffer | null {
  if (!answer || typeof answer !== "object") return null;
  const { products, ...rest } = answer as { products?: unknown };
  if (!Array.isArray(products) || firstKey(answer) !== "products") return null;
  const others = serialize({ products: [], ...rest });
  // The contract writes its properties in its own order: products must come first there too.
  if (!others.startsWith(EMPTY_PRODUCTS)) return null;
  const cards = products.map((card: ProductCard) => cardJson(card));
  // What follows the cards: the list's end and the answer's other parts.
  const after = `]${others.slice(EMPTY_PRODUCTS.length)}`;
  let size = PRODUCTS_OPEN.length + Math.max(0, cards.length - 1) + Buffer.byteLength(after);
  for (const bytes of cards) size += bytes.length;
  const body = Buffer.allocUnsafeSlow(size);
  let at = PRODUCTS_OPEN.copy(body, 0);
  cards.forEach((bytes, i) => {
    if (i > 0) body[at++] = COMMA;
    at += bytes.copy(body, at);
  });
  body.write(after, at);
  if (verify) {
    const whole = serialize(answer);
    const text = body.toString();
    if (whole !== text)
      throw new Error(
        `a listing's cards were written from kept JSON as ${text.slice(0, 300)}, the contract writes ${whole.slice(0, 300)}`,
      );
  }
  return body;
}

function firstKey(value: object): string | undefined {
  for (const key in value) return key;
  return undefined;
}
