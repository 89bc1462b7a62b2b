import { useEffect, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { call } from "./api.ts";
import type { ResponseOf } from "./endpoints.ts";

export interface VisitorShell {
  loggedIn: boolean;
  bagCount: number;
  favouritesCount: number;
}

/** What the root loader hands the header: the personal bits, unless the page is one for the page cache. */
export interface ShellFromPage extends VisitorShell {
  /** The page carries nothing personal (it may be served from the page cache): the browser asks. */
  fromBrowser: boolean;
}

/**
 * The header's log-in state and counts. A page from the page cache carries none (decision 0051): they
 * are read from `GET /api/shell/` once the page is live (which also hands out the CSRF cookie), and
 * until then the header shows an anonymous visitor's. Once the page's data is read again (after an
 * add to bag, a log-in) it carries them itself and they are taken from there.
 */
export function useVisitorShell(page: ShellFromPage): VisitorShell {
  const [fetched, setFetched] = useState<ResponseOf<"GET /api/shell/"> | null>(null);
  useEffect(() => {
    if (!page.fromBrowser) return;
    const controller = new AbortController();
    call("GET /api/shell/", { signal: controller.signal })
      .then(setFetched)
      .catch(() => undefined);
    return () => controller.abort();
  }, [page.fromBrowser]);
  if (!page.fromBrowser)
    return { loggedIn: page.loggedIn, bagCount: page.bagCount, favouritesCount: page.favouritesCount };
  return {
    loggedIn: Boolean(fetched?.user),
    bagCount: fetched?.bag_count ?? 0,
    favouritesCount: fetched?.favourites_count ?? 0,
  };
}

/**
 * Whether the root's data (header, log-in state, consent, market) is read again. It does not change
 * when the shopper goes from page to page: it is read again after a form that changed something, or
 * when a component asks (`revalidator.revalidate()` after an add to bag, a favourite, a consent
 * choice: the same address again). A log-in, log-out or market switch loads the whole document. So a
 * navigation's `.data` call asks only for the page's own loader (`_routes=`).
 */
export function readShellAgain({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod" | "defaultShouldRevalidate">) {
  const changedSomething = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (changedSomething || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}
