import { startTransition, useEffect, useRef, useState } from "react";
import { api, endpointUrl } from "./api.ts";
import type { OptionsArgument, ReadEndpoint, RequestOf, ResponseOf } from "./endpoints.ts";

/**
 * A page's secondary data (related products, offers, reels …): read from `endpoint` after the page
 * shows, again when its params or query or `refresh` change. With `request` null nothing is read, and
 * when the call fails the value is `fallback`: such data is never fatal.
 */
export function useSecondary<K extends ReadEndpoint, Value>(
  endpoint: K,
  request: RequestOf<K> | null,
  select: (response: ResponseOf<K>) => Value,
  fallback: Value,
  refresh: unknown = null,
): Value {
  const [value, setValue] = useState<Value>(fallback);
  // The latest select and fallback, without making every render start a new call.
  const latest = useRef({ select, fallback });
  latest.current = { select, fallback };
  // The address stands for the request: a new object with the same params and query reads nothing new.
  const url = request ? endpointUrl(endpoint, ...([request] as OptionsArgument<RequestOf<K>>)) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` asks for a new read on purpose
  useEffect(() => {
    if (!url) {
      setValue(latest.current.fallback);
      return;
    }
    const controller = new AbortController();
    // A read: `api()` sends the GET the endpoint names, typed by the endpoint's response.
    // Drawn as a transition: React draws it in slices between the shopper's taps and the page's
    // other work, rather than in one long task (a grid of cards on a phone).
    api<ResponseOf<K>>(url, { signal: controller.signal })
      .then((response) => {
        // Picked outside the transition: an error there goes to the fallback below, where React
        // would report it from inside one as the page's.
        const picked = latest.current.select(response);
        startTransition(() => setValue(picked));
      })
      .catch(() => {
        if (!controller.signal.aborted) startTransition(() => setValue(latest.current.fallback));
      });
    return () => controller.abort();
  }, [url, refresh]);
  return value;
}
