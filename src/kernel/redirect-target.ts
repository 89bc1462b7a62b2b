/**
 * The one rule for a redirect target that comes from a query (`?next=…`), shared by the storefront
 * and the server (decision 0021). A target is followed only when it is a path on the shop itself
 * after a browser has parsed it: browsers read `\` as `/`, drop tabs and newlines anywhere in a
 * URL and strip leading spaces, so `/\evil.example` and `/<tab>/evil.example` both become
 * `//evil.example`, another site. Rather than guess at every such trick, the target is parsed as
 * the browser will (WHATWG URL) and the result must keep the shop's origin.
 */

/** What a path is resolved against. Any http(s) origin gives the same path: only the origin is compared. */
const SHOP = "https://shop.invalid";
/** Longer than any address of the shop; a longer target is not one of its links. */
const MAX_LENGTH = 2048;
/**
 * Refused before parsing: backslashes, whitespace of any kind, control and invisible format
 * characters. A browser rewrites or drops some of them, so what they spell is not what is
 * followed; the shop's own links never carry them raw (a space in a query is %20 or +).
 */
const REWRITTEN_BY_BROWSERS = /[\\\s\p{Cc}\p{Cf}]/u;
/** `%2F` and `%5C` in the path: a proxy or a later decode would make them slashes again. */
const ENCODED_SLASH = /%2f|%5c/i;

/**
 * The same-origin path (`/…` with its query and fragment, normalised as the browser will request
 * it) that a redirect target leads to, or null when it could lead anywhere else or is no path.
 */
export function sameOriginPath(target: string | null | undefined): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return null;
  if (!target.startsWith("/") || target.startsWith("//") || REWRITTEN_BY_BROWSERS.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, SHOP);
  } catch {
    return null;
  }
  if (url.origin !== SHOP || ENCODED_SLASH.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave `//…` behind (`/..//evil.example`): a path to be used again must not.
  return path.startsWith("/") && !path.startsWith("//") ? path : null;
}
