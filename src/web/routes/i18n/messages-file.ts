import { messagesFileAt } from "#web/i18n/messages-file.server.ts";
import type { Route } from "./+types/messages-file.ts";

/**
 * `GET /i18n/<locale>.<hash>.json`: a locale's interface texts, which the browser loads before it
 * takes over a page. The hashed address never changes content, so it is cached for a year (a CDN
 * in front may keep it too); an address of an earlier build gets today's texts for a minute only.
 */
export function loader({ params }: Route.LoaderArgs) {
  const found = messagesFileAt(params.file);
  if (!found) throw new Response(null, { status: 404 });
  return new Response(found.file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": found.current ? "public, max-age=31536000, immutable" : "public, max-age=60",
    },
  });
}
