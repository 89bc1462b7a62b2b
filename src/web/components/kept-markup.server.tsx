import { LRUCache } from "lru-cache";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type IntlShape, RawIntlProvider } from "react-intl";
import type { KeptMarkup } from "./kept-markup.tsx";

/**
 * Parts of pages kept as markup (decision 0071): a listing's filter values. A part is kept from its
 * second ask on: a part asked for once (a crawler's one-off combination of filters) is rendered in
 * place as before and costs nothing more; one asked for again is rendered once on its own and then
 * written as it is.
 */
const kept = new LRUCache<string, string>({
  maxSize: 16 * 2 ** 20,
  sizeCalculation: (markup, key) => markup.length + key.length,
});

/** Keys asked for once, by their length: a key seen again is kept. */
const asked = new LRUCache<string, true>({
  maxSize: 4 * 2 ** 20,
  sizeCalculation: (_value, key) => key.length,
});

/**
 * Each intl object a number: the server's is one per language, and in development a changed
 * catalogue of texts is a new object, whose kept parts and cards are rendered anew.
 */
const intlIds = new WeakMap<IntlShape, number>();
let nextIntlId = 0;
export function intlId(intl: IntlShape) {
  let id = intlIds.get(intl);
  if (id === undefined) {
    id = nextIntlId++;
    intlIds.set(intl, id);
  }
  return id;
}

export const keptMarkup: KeptMarkup = (key, intl, content: ReactNode) => {
  const fullKey = `${intlId(intl)}\u0000${intl.locale}\u0000${key}`;
  const markup = kept.get(fullKey);
  if (markup !== undefined) return markup;
  if (!asked.has(fullKey)) {
    asked.set(fullKey, true);
    return null;
  }
  asked.delete(fullKey);
  const rendered = renderToString(<RawIntlProvider value={intl}>{content}</RawIntlProvider>);
  kept.set(fullKey, rendered);
  return rendered;
};

/** How many parts are kept, for tests. */
export const keptParts = () => kept.size;
