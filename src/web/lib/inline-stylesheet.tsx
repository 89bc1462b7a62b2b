import { createContext, useContext } from "react";

/**
 * The shop's stylesheet written into the page's <head> instead of linked (decision 0052): a linked
 * stylesheet blocks the first paint for a round trip on a phone's network, and the whole of it is
 * about 11 KB gzipped. The server reads the built file once (inline-stylesheet.server.ts) and hands
 * down through this context what to write inside the <style>: a placeholder that the page stream
 * replaces with the stylesheet's bytes (decision 0086). The browser has no text to give and needs
 * none, as React adopts the <style> the server wrote (a `<style href precedence>` is one resource,
 * keyed by href).
 */
export const StylesheetTextContext = createContext<(href: string) => string | null>(() => null);

export function InlineStylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetTextContext)(href);
  // In development (Vite serves the stylesheet with hot reload) the server has no built file to read.
  if (text === null && import.meta.env.SSR) return <link rel="stylesheet" href={href} precedence="default" />;
  return (
    <style href={href} precedence="default">
      {text ?? ""}
    </style>
  );
}
