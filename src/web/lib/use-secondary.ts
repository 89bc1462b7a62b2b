import { useEffect, useRef, useState } from "react";
import { api } from "./api.ts";

/**
 * A page's secondary data (related products, offers, reels …): read after the page shows, again when
 * `url` or `refresh` changes. Without a url, or when the call fails, the value is `fallback`: such
 * data is never fatal.
 */
export function useSecondary<Response, Value>(
  url: string | null,
  select: (response: Response) => Value,
  fallback: Value,
  refresh: unknown = null,
): Value {
  const [value, setValue] = useState<Value>(fallback);
  // The latest select and fallback, without making every render start a new call.
  const latest = useRef({ select, fallback });
  latest.current = { select, fallback };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` asks for a new read on purpose
  useEffect(() => {
    if (!url) {
      setValue(latest.current.fallback);
      return;
    }
    const controller = new AbortController();
    api<Response>(url, { signal: controller.signal })
      .then((response) => setValue(latest.current.select(response)))
      .catch(() => {
        if (!controller.signal.aborted) setValue(latest.current.fallback);
      });
    return () => controller.abort();
  }, [url, refresh]);
  return value;
}
