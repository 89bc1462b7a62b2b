// Links the shop renders by the dozen (a listing's product cards and filter values) are plain
// anchors: React Router's <Link> works out its address and click handler for each of them on every
// render, which was about an eighth of a category page's server render. One listener on the document
// gives them the same client-side navigation (decision 0064). The shell's links (header, footer,
// breadcrumbs) are plain too, as every page draws them (decision 0069).
import { useEffect } from "react";
import { useNavigate } from "react-router";

/** The attribute that marks an anchor as one the document's listener navigates to in the page. */
export const PLAIN_LINK = "data-plain-link";
/** On a plain link, keeps the scroll position (a filter changed, as <Link preventScrollReset>). */
export const KEEP_SCROLL = "data-keep-scroll";

/**
 * The attributes of a plain link: the address as written and the marker. (Every route is known from
 * the first page, decision 0087, so there is no route to discover before it is clicked.)
 */
export function plainLink(href: string, { keepScroll = false } = {}) {
  return {
    href,
    [PLAIN_LINK]: "",
    ...(keepScroll ? { [KEEP_SCROLL]: "" } : {}),
  };
}

interface ClickLike {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

interface AnchorLike {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

/**
 * Where a click on a plain link goes in the page, or null when the browser should follow it itself:
 * a click with a modifier or another button (a new tab or window), one already handled, a link with
 * a target or a download, or an address outside the shop's own paths. A link to the address shown
 * (`current`) replaces it in the history, as React Router's <Link> does.
 */
export function plainLinkDestination(
  click: ClickLike,
  anchor: AnchorLike | null,
  current: { pathname: string; search: string; hash: string } = { pathname: "", search: "", hash: "" },
): { to: string; preventScrollReset: boolean; replace: boolean } | null {
  if (!anchor?.hasAttribute(PLAIN_LINK)) return null;
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if (anchor.hasAttribute("download")) return null;
  const target = anchor.getAttribute("target");
  if (target && target !== "_self") return null;
  const to = anchor.getAttribute("href");
  if (!to || !(to.startsWith("?") || (to.startsWith("/") && !to.startsWith("//")))) return null;
  // As <Link> does: a link to the address already shown replaces it rather than adding a step back.
  const resolved = to.startsWith("?") ? current.pathname + to : to;
  const replace = resolved === current.pathname + current.search + current.hash;
  return { to, preventScrollReset: anchor.hasAttribute(KEEP_SCROLL), replace };
}

/** The document's one listener for plain links (mounted once, by the root). */
export function usePlainLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      const destination = plainLinkDestination(event, anchor, window.location);
      if (!destination) return;
      event.preventDefault();
      void navigate(destination.to, {
        preventScrollReset: destination.preventScrollReset,
        replace: destination.replace,
      });
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
