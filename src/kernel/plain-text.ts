import sanitizeHtml from "sanitize-html";

/** The entities sanitize-html writes in text, and the characters they stand for. */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/**
 * Text without its markup, as a reader sees it: tags taken out (a script's or style's content with
 * them), and the entities sanitize-html writes turned back into their characters, for places that
 * write text themselves (a PDF, a page that escapes text as it renders it).
 */
export function textWithoutMarkup(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(?:amp|lt|gt|quot|#39);/g,
    (entity) => ENTITIES[entity] ?? entity,
  );
}
