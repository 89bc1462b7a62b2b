import { type APIRequestContext, expect, test } from "@playwright/test";

/** Links that are not pages: files, pictures, the interface texts and calls. */
const NOT_A_PAGE = /^\/(?:assets|media|i18n|api)\/|\.(?:svg|json|png|jpg|webp|ico|txt|xml|pdf)$/;
/** A listing's own paging and sorting; other query strings (filters) are followed for a while only. */
const PAGING = /^\/[a-z0-9-]+\/\?(?:page|sort)=/;
const MOST_PAGES = 1500;

/**
 * Every page a visitor reaches by following the shop's own links from the home page, as the
 * anonymous visitor of a market: what answers 400 or more. Only the HTML is read (no browser), so
 * a page that throws while its loader or its render runs shows here as the 500 it is.
 */
async function crawl(request: APIRequestContext, market: string) {
  const seen = new Set(["/"]);
  const queue = ["/"];
  const failed: string[] = [];
  let pages = 0;
  while (queue.length && pages < MOST_PAGES) {
    const path = queue.shift() as string;
    pages++;
    const answer = await request.get(path, {
      maxRedirects: 0,
      headers: { accept: "text/html", cookie: `market=${market}` },
    });
    if (answer.status() >= 400) failed.push(`${answer.status()} ${path}`);
    if (!(answer.headers()["content-type"] ?? "").includes("text/html")) continue;
    for (const [, raw] of (await answer.text()).matchAll(/href="(\/[^"#]*)"/g)) {
      const href = (raw as string).replaceAll("&amp;", "&");
      if (NOT_A_PAGE.test(href) || seen.has(href)) continue;
      if (href.includes("?") && !PAGING.test(href) && seen.size > 600) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return { failed, pages, left: queue.length };
}

test("every page a visitor reaches by the shop's links answers, in Denmark and in Germany", async ({
  request,
}) => {
  test.setTimeout(180_000);
  for (const market of ["dk", "de"]) {
    const { failed, pages, left } = await crawl(request, market);
    expect({ market, failed }).toEqual({ market, failed: [] });
    // The demo shop's categories, products (gift cards and packages among them) and content pages.
    expect(pages).toBeGreaterThan(300);
    expect(left).toBe(0);
  }
});
