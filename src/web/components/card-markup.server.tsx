import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { RawIntlProvider } from "react-intl";
import { StaticRouter } from "react-router";
import type { CardMarkup } from "./card-markup.tsx";
import { ServerFavourites } from "./favourites-context.tsx";
import { ProductCard } from "./product-card.tsx";

/**
 * A listing card's markup, kept (decision 0066). Sixty cards were most of a category page's elements
 * and about half of its server render, though a card is the same on every listing it appears on: the
 * same product, price and labels, in the same language. So a card is rendered once, on its own, and
 * its markup is written into the page as it is; the browser's React takes that markup over as if it
 * had been rendered in place, since it is exactly what the card renders.
 *
 * The key is everything the markup depends on: the language, listing or carousel, the log-in state (a member's heart is a
 * button, a visitor's a link to log in), the search the card was found by, and the card's own data,
 * whole; a changed price or label is another card. The page's address (where a visitor's heart
 * brings them back) is put in afterwards, so one card serves every filter and sort of its listings.
 */
const kept = new LRUCache<string, string>({
  // About 20,000 cards; a card is ~1.5 KB of markup and its key about a quarter of that.
  maxSize: 40 * 2 ** 20,
  sizeCalculation: (markup, key) => markup.length + key.length,
});

/** Stands in for the page's address while a card is rendered on its own; nothing a shop writes has it. */
const PAGE_MARK = "/~pitchside-card-page~/";
/** The mark as it stands in the heart's link: percent-encoded, as FavouriteToggle encodes the address. */
const ENCODED_PAGE_MARK = encodeURIComponent(PAGE_MARK);

/**
 * The page's address for an attribute, as React writes one: percent-encoding leaves `'` alone (and
 * no other character React escapes in an attribute), which React writes as `&#x27;`.
 */
const attributeText = (next: string) => encodeURIComponent(next).replaceAll("'", "&#x27;");

export const cardMarkup: CardMarkup = (card, { intl, context, searchId, loggedIn, next }) => {
  const key = `${intl.locale}\u0000${context}\u0000${loggedIn ? "member" : "visitor"}\u0000${searchId ?? ""}\u0000${JSON.stringify(card)}`;
  let markup = kept.get(key);
  if (markup === undefined) {
    markup = renderToString(
      <RawIntlProvider value={intl}>
        <ServerFavourites loggedIn={loggedIn}>
          <StaticRouter location={PAGE_MARK}>
            <ProductCard card={card} context={context} searchId={searchId} />
          </StaticRouter>
        </ServerFavourites>
      </RawIntlProvider>,
    );
    kept.set(key, markup);
  }
  return loggedIn ? markup : markup.replaceAll(ENCODED_PAGE_MARK, attributeText(next));
};

/** How many cards are kept, for tests. */
export const keptCards = () => kept.size;
