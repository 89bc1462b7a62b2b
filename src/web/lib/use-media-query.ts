import { useSyncExternalStore } from "react";

/**
 * Whether the screen matches a media query, kept up to date as it changes (a turned phone, a resized
 * window). The server knows no screen: it renders `onServer`, and the browser's first render after
 * the takeover matches it before the real answer follows, so taking the page over never mismatches.
 */
export function useMediaQuery(query: string, onServer = false): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => onServer,
  );
}
