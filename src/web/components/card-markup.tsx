import { createContext, useContext } from "react";
import { type IntlShape, useIntl } from "react-intl";
import { useLocation } from "react-router";
import { useFavourites } from "./favourites-context.tsx";
import { type CardView, ProductCard } from "./product-card.tsx";

/** What a card's markup depends on besides the card: the page's language, the search, the log-in. */
export interface CardMarkupOptions {
  intl: IntlShape;
  /** A listing's card or a carousel's (it names fewer sizes). */
  context: "listing" | "carousel";
  searchId: number | null | undefined;
  loggedIn: boolean;
  /** The page's path and query: where a visitor's heart brings them back after logging in. */
  next: string;
}

/** A card's finished markup, or null to render it as usual. */
export type CardMarkup = (card: CardView, options: CardMarkupOptions) => string | null;

/**
 * On the server, a product card's markup is kept and written as it is (decision 0066; see
 * card-markup.server.tsx, handed down by entry.server.tsx); in the browser there is none to give, and
 * the card is drawn by React, which takes over the server's markup as its own.
 */
export const CardMarkupContext = createContext<CardMarkup | null>(null);

/**
 * The kept markup of this page's cards, or null where cards are drawn (the browser). A card whose
 * picture is one of the page's first (`priority`) is always drawn in place: React puts the picture's
 * preload in the head only when it renders it in the page.
 */
export function useCardMarkup(searchId?: number | null) {
  const markup = useContext(CardMarkupContext);
  const intl = useIntl();
  const location = useLocation();
  const { loggedIn } = useFavourites();
  if (!markup) return null;
  const next = location.pathname + location.search;
  return (card: CardView, context: CardMarkupOptions["context"] = "listing") =>
    markup(card, { intl, context, searchId, loggedIn, next });
}

/**
 * A carousel's product card: from its kept markup on the server past the first pictures, drawn by
 * React in the browser. The wrapper is `display: contents` on both sides, so the slide lays the card
 * out as before.
 */
export function KeptProductCard({ card, priority = false }: { card: CardView; priority?: boolean }) {
  const keptMarkup = useCardMarkup();
  const markup = priority || !keptMarkup ? null : keptMarkup(card, "carousel");
  if (markup !== null)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the card (its text escaped by React), kept
    return <div className="contents" dangerouslySetInnerHTML={{ __html: markup }} />;
  return (
    <div className="contents">
      <ProductCard card={card} context="carousel" priority={priority} />
    </div>
  );
}
