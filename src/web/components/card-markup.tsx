import { createContext, useContext } from "react";
import { type IntlShape, useIntl } from "react-intl";
import { useLocation } from "react-router";
import { useFavourites } from "./favourites-context.tsx";
import type { CardView } from "./product-card.tsx";

/** What a listing card's markup depends on besides the card: the page's language, the search, the log-in. */
export interface CardMarkupOptions {
  intl: IntlShape;
  searchId: number | null | undefined;
  loggedIn: boolean;
  /** The page's path and query: where a visitor's heart brings them back after logging in. */
  next: string;
}

/** A listing card's finished markup, or null to render it as usual. */
export type CardMarkup = (card: CardView, options: CardMarkupOptions) => string | null;

/**
 * On the server, a listing card's markup is kept and written as it is (decision 0066; see
 * card-markup.server.tsx, handed down by entry.server.tsx); in the browser there is none to give, and
 * the card is drawn by React, which takes over the server's markup as its own.
 */
export const CardMarkupContext = createContext<CardMarkup | null>(null);

/** The kept markup of a listing's cards for this page, or null where cards are drawn (the browser). */
export function useCardMarkup(searchId: number | null | undefined) {
  const markup = useContext(CardMarkupContext);
  const intl = useIntl();
  const location = useLocation();
  const { loggedIn } = useFavourites();
  if (!markup) return null;
  const options = { intl, searchId, loggedIn, next: location.pathname + location.search };
  return (card: CardView) => markup(card, options);
}
