import { useEffect, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { call, handsOutToken, readCookie } from "./api.ts";
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
 * are read from `GET /api/shell/` once the page is live (which also hands out the CSRF cookie,
 * decision 0076), and until then the header shows an anonymous visitor's. Once the page's data is
 * read again (after an add to bag, a log-in) it carries them itself and they are taken from there.
 *
 * Such a page is one any cache may keep, the browser's back/forward cache too: going back to it
 * shows it as the visitor left it. Its header is read again then (the shell call, or the root's data
 * once the page has read it again itself), as the visitor may have filled a bag or logged in on the
 * pages between.
 */
export function useVisitorShell(page: ShellFromPage): VisitorShell {
  const [fetched, setFetched] = useState<ResponseOf<"GET /api/shell/"> | null>(null);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!page.fromBrowser) return;
    let controller = new AbortController();
    const read = () => {
      controller.abort();
      controller = new AbortController();
      const answer = call("GET /api/shell/", { signal: controller.signal });
      // Without a token the answer brings one: a call needing it meanwhile waits (api.ts).
      (readCookie("csrftoken") ? answer : handsOutToken(answer)).then(setFetched).catch(() => undefined);
    };
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) read();
    };
    read();
    window.addEventListener("pageshow", restored);
    return () => {
      controller.abort();
      window.removeEventListener("pageshow", restored);
    };
  }, [page.fromBrowser]);
  useEffect(() => {
    if (page.fromBrowser) return;
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidate();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [page.fromBrowser, revalidate]);
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
