import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { addFirstSizeFromProductPage } from "./bag.ts";
import { buyableSize, findCard } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";

// The journeys' server runs in production mode, where the page cache is on (decision 0051).

const bagCount = async (page: Page) => {
  const badge = page.locator('header a[href="/cart/"] span');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
};

/**
 * The visitor's browser forgets the shop's session and CSRF cookies: the next page is a first visit's.
 * It leaves the page first: a cached page asks for the visitor's header (`/api/shell/`) once it is
 * running, and that answer, arriving after the cookies were cleared, would hand the token back.
 */
async function becomeNewVisitor(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies({ name: "sessionid" });
  await page.context().clearCookies({ name: "csrftoken" });
}

/**
 * The page as a new visitor gets it from the cache. Someone else's visit puts it there; the cache
 * keeps a page a minute (`PAGE_CACHE_SECONDS`), so a page an earlier journey cached may expire between
 * that visit and the next: the visit is made again then, at most three times.
 */
async function visitFromCache(page: Page, url: string) {
  for (let visit = 1; visit <= 3; visit++) {
    await becomeNewVisitor(page);
    const answer = await page.goto(url);
    if (answer?.headers()["x-page-cache"] === "hit") return answer;
  }
  throw new Error(`${url} was not answered from the page cache in three visits`);
}

test("a new visitor whose first pages come from the page cache adds to the bag from a listing's product", async ({
  page,
  request,
}) => {
  const card = await findCard(request, "/api/category/get/?slug=football-boots", (c) =>
    c.sizes.some((s) => s.in_stock),
  );
  const listing = "/football-boots/";
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to execute/i.test(message.text())) refused.push(message.text());
  });
  const first = await visitFromCache(page, listing);
  // The cached page hands out nothing, so any cache may keep it; the header's call, once the page
  // runs, hands this visitor a CSRF token, and still no session (decision 0076).
  expect((await first?.headerValue("set-cookie")) ?? "").toBe("");
  expect(first?.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect.poll(async () => (await page.context().cookies()).map((c) => c.name)).toContain("csrftoken");
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("sessionid");
  expect(await bagCount(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await visitFromCache(page, card.relative_url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await addFirstSizeFromProductPage(page);
  await expect.poll(() => bagCount(page)).toBe(1);

  // With a bag the visitor's pages are their own: rendered for them, never from the cache.
  const again = await page.goto(listing);
  expect(again?.headers()["x-page-cache"]).toBe("bypass");
  expect(again?.headers()["cache-control"]).toBe("private, no-store");
  expect(await bagCount(page)).toBe(1);
  expect(refused).toEqual([]);
});

test("back to pages a visitor saw before their bag: the browser keeps them in its back/forward cache, and their header is read again", async ({
  playwright,
  request,
}) => {
  // The test runner starts Chromium without its back/forward cache; this journey starts one with it.
  const { launchOptions, baseURL, storageState } = test.info().project.use;
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      storageState,
      extraHTTPHeaders: { "x-forwarded-for": "198.51.100.176" },
    });
    const page = await context.newPage();
    // Whether the page the visitor sees was restored from the back/forward cache.
    await page.addInitScript(() => {
      addEventListener("pageshow", (event) => {
        document.documentElement.dataset.restored = String(event.persisted);
      });
    });
    const card = await findCard(request, "/api/category/get/?slug=football-boots", (c) =>
      c.sizes.some((s) => s.in_stock),
    );
    const { product, size } = await buyableSize(request, (s) => s.stock_info > 0);

    // A first visit's listing, then a product page, each its own document: rendered for the page
    // cache or served from it, pages any cache may keep.
    const listing = await page.goto(`/football-boots/?bfcache=${Date.now()}`);
    expect(listing?.headers()["cache-control"]).toMatch(/^public/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    expect(await bagCount(page)).toBe(0);
    const productPage = await page.goto(card.relative_url);
    expect(productPage?.headers()["cache-control"]).toMatch(/^public/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    // The product goes in the bag from its page, which then reads its own header again.
    await addFirstSizeFromProductPage(page);
    await expect.poll(() => bagCount(page)).toBe(1);

    // On another document the visitor adds a second product.
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const added = await page.request.post("/cart/items/add_to_cart/", {
      form: { product: String(product), size: String(size) },
      headers: {
        "x-csrftoken": await csrfToken(page),
        "x-requested-with": "XMLHttpRequest",
        origin: new URL(page.url()).origin,
      },
    });
    expect(added.status()).toBe(200);

    // Back, twice: each page comes from the back/forward cache as the visitor left it, and its header
    // is read again: the product page's data (it had read it itself), the listing's shell call.
    for (const path of [card.relative_url, "/football-boots/"]) {
      await page.goBack({ waitUntil: "commit" });
      await expect(page).toHaveURL(new RegExp(path.replace(/[.?]/g, "\\$&")));
      await expect(page.locator("html")).toHaveAttribute("data-restored", "true");
      await expect.poll(() => bagCount(page)).toBe(2);
    }
  } finally {
    await browser.close();
  }
});
