import { madeOnce } from "#kernel/made-once.ts";
import { PageTexts } from "#kernel/page-texts.ts";

/**
 * A list (or a page's main value) sent in a page's data as one JSON text (decisions 0070, 0072).
 *
 * React Router writes a page's data in its own format (turbo-stream), one entry per value, which
 * costs about five times `JSON.stringify` per value: a category page's cards were about 60 % of
 * its data's values and of the time spent writing them. A card is the same object on
 * every listing that shows it (kept per catalogue revision, product-card.tsx › cardView), so its
 * JSON is made once and kept with it, and a page's list is those texts joined: one string value for
 * the page's data. The page reads the list back with `readJsonText`, which on the server gives the
 * very objects the text was made from (the kept cards' markup is found by them) and in the browser
 * parses a text once however often it is read.
 *
 * In a document, a long text goes beside the page's data rather than in it (`PageTexts`, decision
 * 0098): the data carries a token, `#<element id>`, and the text is written into the page as the
 * element's content. So every text is made safe to stand in a `<script>` as it is: `<` is written
 * `\u003c`, which JSON reads as the same character.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** JSON for a script element: `<` escaped, so that no value can close it (`</script>`) or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/** The token for a text written beside the page's data: `#` and its element's id (no JSON starts so). */
const TOKEN = "#";

/** Each item's JSON, made once per (never changed) item object. */
const itemJson = new WeakMap<object, string>();

/**
 * The lists behind the latest texts: a text is read soon after it was made or received. A category
 * page makes six (its cards, sponsored cards, filters, inserts, guides and the header's categories),
 * and sixteen pages' loaders may finish before the first of them renders.
 */
const lists = new Map<string, unknown>();
export const KEPT_LISTS = 256;

function remember(text: string, list: unknown) {
  lists.delete(text);
  lists.set(text, list);
  if (lists.size > KEPT_LISTS) lists.delete(lists.keys().next().value as string);
}

/**
 * A text for the page's data: in a document (`texts` given and still taking), a token for it, the
 * text itself written beside the data; else the text. Either reads back with `readJsonText`.
 */
function forThePage<T>(text: string, value: T, texts: PageTexts | null | undefined): JsonText<T> {
  const id = texts?.take(text, value);
  if (!id) {
    // The same text reads as the same object: a page whose data is asked for again (a revalidation
    // after an add to bag) and comes back unchanged keeps its objects, so nothing that depends on
    // them runs again (the product-view event, the lazy sections' props).
    remember(text, lists.get(text) ?? value);
    return text as JsonText<T>;
  }
  return `${TOKEN}${id}` as JsonText<T>;
}

/** A list of items that are never changed once made, as one JSON text. */
export function jsonList<T extends object>(items: readonly T[], texts?: PageTexts | null): JsonText<T[]> {
  let text = "[";
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as T;
    const json = madeOnce(itemJson, item, jsonForScript);
    text += index === 0 ? json : `,${json}`;
  }
  text += "]";
  return forThePage(text, items as T[], texts);
}

/**
 * A page's main value (a product page's product) as JSON text: one string for the page's data
 * instead of an entry per value. The value is never changed once made and is kept between requests
 * (the product's view, made once per cached product detail), so its JSON is made once per value
 * object. Read back with `readJsonText`.
 */
export function keptJsonText<T extends object>(value: T, texts?: PageTexts | null): JsonText<T> {
  return forThePage(madeOnce(itemJson, value, jsonForScript), value, texts);
}

/**
 * A token's text, as the page wrote it beside its data (in the browser; on the server a token is
 * read from the value it was made from, kept while its page is answered).
 */
function pageTextOf(token: string): string {
  // The page's own text element, whatever else in the page (an editor's markup) has the same id.
  const id = token.slice(TOKEN.length);
  const element =
    typeof document === "undefined" || !/^[\w-]+$/.test(id)
      ? null
      : document.querySelector(`script[data-page-text][id="${id}"]`);
  if (element?.textContent == null) throw new Error(`The page has no text ${token}.`);
  return element.textContent;
}

/** The value a text holds: the one it was made from while that is kept, else parsed (once). */
export function readJsonText<T>(text: JsonText<T>): T {
  if (lists.has(text)) return lists.get(text) as T;
  if (text.startsWith(TOKEN)) {
    // On the server, while its page is being answered: the value the text was made from.
    const kept = PageTexts.found(text.slice(TOKEN.length));
    if (kept) return kept.value as T;
  }
  const list = JSON.parse(text.startsWith(TOKEN) ? pageTextOf(text) : text) as T;
  remember(text, list);
  return list;
}
