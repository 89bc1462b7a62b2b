import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { RawIntlProvider } from "react-intl";
import { StaticRouter } from "react-router";
import type { CardMarkup, CardMarkupOptions } from "./card-markup.tsx";
import { ServerFavourites } from "./favourites-context.tsx";
import { intlId } from "./kept-markup.server.tsx";
import { type CardView, ProductCard } from "./product-card.tsx";

/**
 * A listing card's markup, kept (decision 0066). Sixty cards were most of a category page's elements
 * and about half of its server render, though a card is the same on every listing it appears on: the
 * same product, price and labels, in the same language. So a card is rendered once, on its own, and
 * its markup is written into the page as it is; the browser's React takes that markup over as if it
 * had been rendered in place, since it is exactly what the card renders.
 *
 * The key is everything the markup depends on: the language (its texts), listing or carousel, the
 * log-in state (a member's heart is a button, a visitor's a link to log in), whether it was found by
 * a search, and the card's own data, whole; a changed price or label is another card. The page's
 * address (where a visitor's heart brings them back) and the search's id are put in afterwards, so
 * one card serves every filter, sort and search it appears in.
 */
const kept = new LRUCache<string, Kept>({
  // About 20,000 cards; a card is ~1.5 KB of markup and its key about a quarter of that.
  maxSize: 40 * 2 ** 20,
  sizeCalculation: (entry, key) => entry.size + key.length,
});

/**
 * The same card object is shown again and again (a catalogue card and its view are kept per
 * revision, product-card.tsx › cardView), so its markup is also found by the object itself, without
 * serialising the card for the key. A card object never changes; a changed card is a new object.
 */
const byCard = new WeakMap<CardView, Map<string, Kept>>();

/** A card's markup, cut where the page's address goes (a visitor's heart), so it is put in by a join. */
interface Kept {
  parts: string[];
  size: number;
}

/** Stands in for the page's address while a card is rendered on its own; nothing a shop writes has it. */
const PAGE_MARK = "/~pitchside-card-page~/";
/** The mark as it stands in the heart's link: percent-encoded, as FavouriteToggle encodes the address. */
const ENCODED_PAGE_MARK = encodeURIComponent(PAGE_MARK);
/**
 * Stands in for the search a card was found by: every new search is a new id (it counts the search's
 * openings), so the id is put in afterwards, like the page's address, and one card serves them all.
 */
const SEARCH_MARK = Number.MAX_SAFE_INTEGER;
const SEARCH_MARK_TEXT = `sid=${SEARCH_MARK}`;
const MARKS = new RegExp(`(${ENCODED_PAGE_MARK}|${SEARCH_MARK_TEXT})`);

/**
 * The page's address for an attribute, as React writes one: percent-encoding leaves `'` alone (and
 * no other character React escapes in an attribute), which React writes as `&#x27;`.
 */
const attributeText = (next: string) => encodeURIComponent(next).replaceAll("'", "&#x27;");

/** How many cards have been rendered (not found kept) since the process started, for tests. */
let renders = 0;

function render(card: CardView, { intl, context, searchId, loggedIn }: CardMarkupOptions): Kept {
  renders++;
  const markup = renderToString(
    <RawIntlProvider value={intl}>
      <ServerFavourites loggedIn={loggedIn}>
        <StaticRouter location={PAGE_MARK}>
          <ProductCard card={card} context={context} searchId={searchId == null ? null : SEARCH_MARK} />
        </StaticRouter>
      </ServerFavourites>
    </RawIntlProvider>,
  );
  // Odd places hold the marks, put in by `fill`.
  return { parts: markup.split(MARKS), size: markup.length };
}

function fill(parts: string[], { next, searchId }: CardMarkupOptions) {
  if (parts.length === 1) return parts[0] as string;
  const page = attributeText(next);
  let markup = "";
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string;
    if (index % 2 === 0) markup += part;
    else markup += part === SEARCH_MARK_TEXT ? `sid=${searchId}` : page;
  }
  return markup;
}

export const cardMarkup: CardMarkup = (card, options) => {
  const variant = `${intlId(options.intl)}\u0000${options.intl.locale}\u0000${options.context}\u0000${options.loggedIn ? "member" : "visitor"}\u0000${options.searchId == null ? "" : "search"}`;
  let variants = byCard.get(card);
  let entry = variants?.get(variant);
  if (!entry) {
    const key = `${variant}\u0000${JSON.stringify(card)}`;
    entry = kept.get(key);
    if (!entry) {
      entry = render(card, options);
      kept.set(key, entry);
    }
    if (!variants) {
      variants = new Map();
      byCard.set(card, variants);
    }
    variants.set(variant, entry);
  }
  return fill(entry.parts, options);
};

/**
 * How many cards have been rendered rather than found kept, for tests: a count of the renders, not of
 * the kept entries, so that a suite gets the same answers however full earlier suites left the cache.
 */
export const cardRenders = () => renders;
