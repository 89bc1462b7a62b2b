import { createContext, type ReactNode, useContext } from "react";
import { type IntlShape, useIntl } from "react-intl";

/**
 * A part of a page whose markup is kept on the server and written as it is (decision 0071; the
 * card's own kind is decision 0066). The key names everything the part's markup depends on besides
 * the page's language; `content` is what is rendered in its place when there is no kept markup.
 */
export type KeptMarkup = (key: string, intl: IntlShape, content: ReactNode) => string | null;

/**
 * Given on the server only (entry.server.tsx, kept-markup.server.tsx): in the browser there is no
 * kept markup, and React draws the part, taking over the server's elements as its own.
 */
export const KeptMarkupContext = createContext<KeptMarkup | null>(null);

/**
 * The kept markup of a part of the page, or null where it is drawn in place (the browser, or a part
 * the server has not been asked for before). The part must render from its props and the page's
 * language alone: no other context, no `useId`, no state that is not its first.
 */
export function useKeptMarkup(key: () => string, content: ReactNode): string | null {
  const keep = useContext(KeptMarkupContext);
  const intl = useIntl();
  // The key is worked out only where there is markup to keep: the browser never needs it.
  return keep ? keep(key(), intl, content) : null;
}
