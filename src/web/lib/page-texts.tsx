import { createContext, useContext } from "react";
import type { PageTexts } from "#kernel/page-texts.ts";

/** The document's texts beside its data (decision 0098): given by the server's render, none in the browser. */
export const PageTextsContext = createContext<PageTexts | null>(null);

/** In the browser: the texts the page came with, read from it once; their elements stay as they are. */
let written: { id: string; text: string }[] | null = null;
function writtenTexts() {
  written ??= Array.from(
    document.querySelectorAll<HTMLScriptElement>("script[data-page-text]"),
    (element) => ({
      id: element.id,
      text: element.textContent ?? "",
    }),
  );
  return written;
}

/**
 * The page's long JSON texts, each as it is in a `<script type="application/json">` whose id its
 * token in the page's data names (json-text.ts). A browser does not run such a script, and its text
 * cannot end it: `<` is written `\u003c` in every text. The browser's render writes the same elements
 * with the same texts, read from the page, so hydration finds what it renders and changes nothing.
 */
export function PageTextScripts() {
  const texts = useContext(PageTextsContext);
  const list = texts ? texts.close() : typeof document === "undefined" ? [] : writtenTexts();
  return list.map(({ id, text }) => (
    <script
      key={id}
      type="application/json"
      id={id}
      data-page-text=""
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON written with `<` escaped (json-text.ts)
      dangerouslySetInnerHTML={{ __html: text }}
    />
  ));
}
