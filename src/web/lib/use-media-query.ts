import { useSyncExternalStore } from "react";

interface ScreenQuery {
  subscribe: (changed: () => void) => () => void;
  matches: () => boolean;
}

/** One list and one pair of functions per query, so React keeps its subscription across renders. */
const screenQueries = new Map<string, ScreenQuery>();

function screenQuery(query: string): ScreenQuery {
  let found = screenQueries.get(query);
  if (!found) {
    const list = window.matchMedia(query);
    found = {
      subscribe: (changed) => {
        list.addEventListener("change", changed);
        return () => list.removeEventListener("change", changed);
      },
      matches: () => list.matches,
    };
    screenQueries.set(query, found);
  }
  return found;
}

const onServerOnly = () => () => {};

/**
 * Whether the screen matches a media query, kept up to date as it changes (a turned phone, a resized
 * window). The server knows no screen: it renders `onServer`, and the browser's first render after
 * the takeover matches it before the real answer follows, so taking the page over never mismatches.
 */
export function useMediaQuery(query: string, onServer = false): boolean {
  const screen = typeof window === "undefined" ? null : screenQuery(query);
  return useSyncExternalStore(
    screen?.subscribe ?? onServerOnly,
    screen?.matches ?? (() => onServer),
    () => onServer,
  );
}
