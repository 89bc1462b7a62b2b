import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { findCard } from "./catalogue.ts";

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
  // The cached page comes with a CSRF token for this visitor, and no session.
  const handedOut = (await first?.headerValue("set-cookie")) ?? "";
  expect(handedOut).toMatch(/^csrftoken=/);
  expect(handedOut).not.toContain("sessionid");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === "csrftoken"))
    .toBe(true);
  expect(await bagCount(page)).toBe(0);
  await expectNoSeriousA11yViolations(page);

  await visitFromCache(page, card.relative_url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByTestId("add-to-bag").click();
  const drawer = page.getByTestId("add-to-bag-drawer");
  await expect(drawer).toBeVisible();
  await drawer
    .getByTestId("size-option")
    .filter({ has: page.locator("input:enabled") })
    .first()
    .click();
  await drawer.getByTestId("drawer-add").click();
  await expect(page.getByTestId("powerstep")).toBeVisible();
  await expect.poll(() => bagCount(page)).toBe(1);

  // With a bag the visitor's pages are their own: rendered for them, never from the cache.
  const again = await page.goto(listing);
  expect(again?.headers()["x-page-cache"]).toBe("bypass");
  expect(again?.headers()["cache-control"]).toBe("private, no-store");
  expect(await bagCount(page)).toBe(1);
  expect(refused).toEqual([]);
});
