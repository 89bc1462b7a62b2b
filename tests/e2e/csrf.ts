import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * The visitor's CSRF token as the shop's own scripts find it (`src/web/lib/api.ts`).
 *
 * Given a page, the token its own scripts bring: the page's document hands it out, or, for a page
 * from the page cache (which hands out none, decision 0076), the header's `GET /api/shell/` once the
 * page is live. Waiting for that answer keeps it from replacing, later, a token a call made meanwhile
 * was given with a new session. Given a request context alone, or when no token comes, the one
 * `GET /api/csrf/` hands out. Either way the token lands in the browser's jar too.
 */
export async function csrfToken(from: Page | APIRequestContext): Promise<string> {
  const page = "context" in from ? from : null;
  const request = page ? page.request : (from as APIRequestContext);
  const cookie = async () =>
    (await request.storageState()).cookies.find((c) => c.name === "csrftoken")?.value;
  if (page)
    await expect
      .poll(cookie, { timeout: 5_000 })
      .toBeTruthy()
      .catch(() => undefined);
  const held = await cookie();
  if (held) return held;
  await request.get("/api/csrf/");
  return (await cookie()) ?? "";
}
