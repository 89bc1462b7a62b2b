import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { collectPageErrors, gotoLive } from "./hydrated.ts";

const prices = async (page: Page) =>
  (await page.getByTestId("product-grid").locator("article").allInnerTexts()).map((text) => {
    const match = /([\d.]+),(\d{2})\s*kr\./.exec(text);
    return match ? Number(`${(match[1] ?? "").replaceAll(".", "")}.${match[2]}`) : Number.NaN;
  });

test("browse a category: filter by brand and colour, sort by price, page, reset", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const response = await page.goto("/football-boots/?page=1");
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fodboldstøvler");
  await expectNoSeriousA11yViolations(page);

  // Filters and product cards are plain links followed in the page: the document is not loaded again.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const sameDocument = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
  const sidebar = page.getByRole("complementary", { name: "Filtre" });
  await sidebar.getByRole("checkbox").first().click();
  await expect(page).toHaveURL(/brand=[a-z-]+/);
  expect(page.url()).not.toContain("page=");
  const colour = sidebar.getByRole("region").nth(2).getByRole("checkbox").first();
  await colour.click();
  await expect(page).toHaveURL(/brand=[a-z-]+.*color=[a-z]+|color=[a-z]+.*brand=[a-z-]+/);
  expect(await sameDocument()).toBe(true);
  // The address moves before the new grid is drawn: the card is read once the listing is done, so
  // the one whose address is read is the one followed.
  await expect(page.locator("main [aria-busy=false]")).toBeVisible();
  const card = page.getByTestId("product-grid").locator("article h3 a").first();
  const productUrl = (await card.getAttribute("href")) ?? "";
  const productName = (await card.textContent()) ?? "";
  // The product page's data comes from the shop's call, not React Router's page data (decision 0102).
  const pageDataCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("_.data")) pageDataCalls.push(request.url());
  });
  const productPageCall = page.waitForResponse((answer) => answer.url().includes("/api/product-page/"));
  await card.click();
  // Followed in the page (checked just below): no load event to wait for, only the address.
  await page.waitForURL((url) => url.pathname === new URL(productUrl, url).pathname, { waitUntil: "commit" });
  expect((await productPageCall).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(productName.trim().slice(0, 12));
  expect(pageDataCalls).toEqual([]);
  expect(await sameDocument()).toBe(true);

  await page.goto("/football-boots/");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Sortér efter").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main [aria-busy=false]")).toBeVisible();
  const sorted = await prices(page);
  expect(sorted.length).toBeGreaterThan(1);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

  await page.getByRole("link", { name: "Side 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "Side 2" })).toHaveAttribute("aria-current", "page");

  await page.goto("/football-boots/?brand=strikon&color=black&page=1&sort=price-asc");
  await page
    .getByRole("complementary", { name: "Filtre" })
    .getByRole("link", { name: "Nulstil filtre" })
    .click();
  await expect(page).toHaveURL(/\/football-boots\/\?sort=price-asc$/);
});

test("a page number outside the pages is the not-found page", async ({ page }) => {
  for (const bad of ["0", "abc", "99999"]) {
    const response = await page.goto(`/football-boots/?page=${bad}`);
    expect(response?.status(), bad).toBe(404);
  }
  expect((await page.goto("/search/?q=*&page=99999"))?.status()).toBe(404);
});

test("search finds a product line by name, and with a one-letter typo", async ({ page }) => {
  await page.goto("/search/?q=*");
  const name = (await page.locator("main article h3").first().innerText()).trim();
  const word = name.split(" ")[1] ?? name;
  // Typing before the page is live is kept (lighthouse-pages.spec.ts); this journey is about search.
  await gotoLive(page, "/");
  await page.getByRole("combobox", { name: "Søg i butikken" }).fill(word);
  await page.getByRole("button", { name: "Søg" }).click();
  await expect(page).toHaveURL(new RegExp(`/search/\\?q=${word}`));
  await expect(page.locator("main article h3").filter({ hasText: word }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const typo = `${word.slice(0, 2)}${word.slice(3)}`;
  await page.goto(`/search/?q=${encodeURIComponent(typo)}`);
  await expect(page.locator("main article h3").filter({ hasText: word }).first()).toBeVisible();

  await page.goto("/search/?q=qqqqxxxxzzzz");
  await expect(page.getByRole("status")).toContainText("Vi fandt intet");
});

test("the category grid interleaves a reel before the 8th product and placed items at their position", async ({
  page,
}) => {
  await page.goto("/football-boots/");
  const grid = page.getByTestId("product-grid");
  const kinds = await grid
    .locator(":scope > li")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-insert") ?? "product"));
  const productsBefore = (index: number) => kinds.slice(0, index).filter((kind) => kind === "product").length;
  const reel = kinds.indexOf("reel");
  expect(reel).toBeGreaterThan(0);
  expect(productsBefore(reel)).toBe(7);
  const link = kinds.indexOf("link_card");
  expect(productsBefore(link)).toBe(4);
});

test("the sponsored block links with its title and reports one impression; a search reports its words", async ({
  page,
  baseURL,
}) => {
  // Reported only with consent: statistics for the search, marketing for the sponsor's impression.
  await page
    .context()
    .addCookies([
      { name: "cookie_consent", value: "v2.2026-11-24.statistics+marketing", url: baseURL as string },
    ]);
  await page.goto("/football-boots/");
  await page.waitForLoadState("networkidle");
  const sponsored = page.getByTestId("sponsored");
  await sponsored.scrollIntoViewIfNeeded();
  await expect(sponsored.locator("article h3 a").first()).toHaveAttribute("href", /\?sponsored_component=/);
  // The block as its brand set it up: the label, its icon, its title in its colour, a promo picture among the cards.
  await expect(sponsored.getByTestId("sponsored-label")).toHaveText("Sponsoreret");
  await expect(sponsored.locator('img[src^="/media/brands/"]')).toBeVisible();
  await expect(sponsored.getByRole("heading", { level: 2 })).toHaveCSS("color", "rgb(255, 255, 255)");
  await expect(sponsored.getByTestId("sponsored-tile")).toHaveCount(1);
  await expect
    .poll(() =>
      page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === "sponsored_impression").length),
    )
    .toBe(1);
  await page.mouse.wheel(0, 2000);
  await sponsored.scrollIntoViewIfNeeded();
  expect(
    await page.evaluate(
      () => (window.dataLayer ?? []).filter((e) => e.event === "sponsored_impression").length,
    ),
  ).toBe(1);

  await page.goto("/search/?q=gloves");
  await expect
    .poll(() => page.evaluate(() => (window.dataLayer ?? []).find((e) => e.event === "search")?.search_term))
    .toBe("gloves");
});

test("the sponsored block is hidden once a filter is active", async ({ page }) => {
  await page.goto("/football-boots/?color=black");
  await expect(page.getByTestId("product-grid")).toBeVisible();
  await expect(page.getByTestId("sponsored")).toHaveCount(0);
});

test("on a small screen each filter opens its own drawer from the filter drawer", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/football-boots/");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Filtre" }).click();
  const drawer = page.getByRole("dialog", { name: "Filtre" });
  await drawer.getByRole("button", { name: "Farve" }).click();
  const colours = page.getByRole("dialog", { name: "Farve" });
  await expect(colours.getByRole("checkbox")).toHaveCount(4);
  await colours.getByRole("checkbox").first().click();
  await expect(page).toHaveURL(/color=[a-z]+/);
  // The grid is dimmed while the filter loads (at least 300 ms): contrast is checked once it is not.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("on a phone every colour can be chosen after show all, the chosen one is a chip that takes it off, and one tap closes the drawers", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/football-boots/");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Filtre" }).click();
  await page.getByRole("dialog", { name: "Filtre" }).getByRole("button", { name: "Farve" }).click();
  const colours = page.getByRole("dialog", { name: "Farve" });
  await expect(colours.getByRole("checkbox")).toHaveCount(4);
  const showAll = colours.getByRole("button", { name: /^Vis alle \d+$/ });
  const all = Number((await showAll.textContent())?.replace(/\D/g, ""));
  expect(all).toBeGreaterThan(4);
  await showAll.click();
  await expect(colours.getByRole("button", { name: "Vis færre" })).toHaveAttribute("aria-expanded", "true");
  await expect(colours.getByRole("checkbox")).toHaveCount(all);
  // The last colour: one the condensed view did not offer.
  const last = colours.getByRole("checkbox").last();
  const name = ((await last.textContent()) ?? "").replace(/\d+$/, "").trim();
  await last.click();
  await expect(page).toHaveURL(/color=[a-z]+/);
  // One tap from the colour list back to the products.
  await colours.getByRole("button", { name: /^Vis \d+ produkt/ }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const chips = page.getByRole("list", { name: "Valgte filtre" });
  const chip = chips.getByRole("link", { name: `Fjern filter: ${name}` });
  await expect(chip).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await chip.click();
  await expect(page).not.toHaveURL(/color=/);
  await expect(page.getByTestId("active-filters")).toHaveCount(0);
});

test("the chosen filters are chips on a wide screen too, and the page links skip with an ellipsis", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/football-boots/?brand=strikon&color=black");
  const chips = page.getByRole("list", { name: "Valgte filtre" });
  await expect(chips.getByRole("link")).toHaveCount(2);
  await page.goto("/search/?q=*");
  const pages = page.getByRole("navigation", { name: "Sider" });
  const last = Number(
    await pages
      .getByRole("link", { name: /^Side \d+$/ })
      .last()
      .textContent(),
  );
  expect(last).toBeGreaterThan(4);
  // "1 2 … 14": the first pages, a gap, the last.
  await expect(pages).toContainText(`12…${last}`);
  await expect(pages.getByRole("link", { name: "Side 3", exact: true })).toHaveCount(0);
});

test("video cards show only with marketing consent and open full-screen with a close button", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/football-boots/");
  await expect(page.getByTestId("product-grid")).toBeVisible();
  await expect(page.locator("[data-insert=video_card]")).toHaveCount(0);

  await context.addCookies([
    { name: "cookie_consent", value: "v2.2026-11-24.statistics+marketing", url: baseURL as string },
  ]);
  await page.goto("/football-boots/");
  await page.waitForLoadState("networkidle");
  const card = page.locator("[data-insert=video_card]");
  await expect(card).toHaveCount(1);
  await card.getByRole("button").click();
  const player = page.getByRole("dialog");
  await expect(player.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\//);
  await player.getByRole("button", { name: "Luk video" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the guide list loads its next page and then disables load more", async ({ page }) => {
  await page.goto("/football-boots/");
  const guides = page.getByRole("region", { name: /guides/i });
  // The cards are the list's own items (each card lists its tags in a list of its own).
  const cards = guides.getByRole("list").first().locator(":scope > li");
  await expect(cards).toHaveCount(12);
  const loadMore = guides.getByRole("button");
  await expect(loadMore).toBeEnabled();
  await loadMore.click();
  await expect(cards).toHaveCount(14);
  await expect(loadMore).toBeDisabled();
});

test("a card's heart sends a visitor to log in and back to the listing", async ({ page }) => {
  await page.goto("/football-boots/");
  const heart = page
    .getByTestId("product-grid")
    .locator("article")
    .first()
    .locator('a[href^="/account/login/"]');
  await expect(heart).toHaveAttribute(
    "href",
    `/account/login/?next=${encodeURIComponent("/football-boots/")}`,
  );
});

test("a shop-the-look in the listing shows its markers, each naming its product and price and leading to it", async ({
  page,
}) => {
  await page.goto("/football-boots/");
  const look = page.getByTestId("look-insert").first();
  await look.scrollIntoViewIfNeeded();
  const markers = look.getByTestId("look-hotspot");
  expect(await markers.count()).toBeGreaterThan(0);
  await expect(markers.first()).toHaveAttribute("aria-label", /kr\./);
  const href = await markers.first().getAttribute("href");
  expect(href).toMatch(/^\/p\//);
  await markers.first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("cards past the first row are written from their kept markup and taken over by the browser as React's own", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const listing = "/football-boots/?sort=price-asc";
  // The second load is written from markup kept by the first.
  for (let load = 0; load < 2; load++) await gotoLive(page, listing);
  const cards = page.getByTestId("product-grid").locator("article");
  expect(await cards.count()).toBeGreaterThan(8);
  // A visitor's heart on a kept card runs React's handler (the product kept for after the log-in),
  // which only a card React took over has, and brings them back to this listing.
  const kept = page.waitForRequest((request) => request.url().includes("/api/favorites/pending/"));
  await cards
    .nth(8)
    .getByRole("link", { name: /til favoritter/ })
    .click();
  await kept;
  await page.waitForURL(/\/account\/login\//);
  expect(new URL(page.url()).searchParams.get("next")).toBe(listing);
  // No hydration error: React found on the page exactly what it draws.
  expect(errors).toEqual([]);
});

test("a search's cards carry the search's id from kept markup, and the browser takes them over", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // Two searches: each counts its openings by its own id; the second is written from the first's cards.
  const ids: string[] = [];
  for (const word of ["fodboldstøvler", "støvler"]) {
    await gotoLive(page, `/search/?q=${encodeURIComponent(word)}`);
    const links = page.getByTestId("product-grid").locator("article h3 a");
    expect(await links.count()).toBeGreaterThan(8);
    const sids = new Set(
      (await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))).map((href) =>
        new URL(href, "http://shop").searchParams.get("sid"),
      ),
    );
    expect(sids.size).toBe(1);
    ids.push([...sids][0] ?? "");
  }
  expect(ids[0]).toMatch(/^\d+$/);
  expect(ids[1]).toMatch(/^\d+$/);
  expect(ids[0]).not.toBe(ids[1]);
  expect(errors).toEqual([]);
});

test("a listing's filter values written from their kept markup toggle with the space bar, as React's own", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const errors = collectPageErrors(page);
  const listing = "/football-shirts/?sort=price-desc";
  // The values are kept from their second ask (decision 0071). The second load is rendered again,
  // not taken from the page cache (a consent answer is another cached page), so it is written from them.
  await gotoLive(page, listing);
  await page
    .context()
    .addCookies([{ name: "cookie_consent", value: "v2.2026-11-24.statistics", url: baseURL as string }]);
  const second = await page.goto(listing);
  expect(second?.headers()["x-page-cache"]).toBe("miss");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const sidebar = page.getByRole("complementary", { name: "Filtre" });
  const value = sidebar.getByRole("checkbox").first();
  await expect(value).toHaveAttribute("aria-checked", "false");
  // Space is the value's own key handler, which only a value React took over has.
  await value.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/sort=price-desc.*brand=[a-z-]+|brand=[a-z-]+.*sort=price-desc/);
  await expect(sidebar.getByRole("checkbox", { checked: true })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("on a phone the cards below the first screen are drawn only as they come near, and are there when scrolled to", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoLive(page, "/football-boots/");
  const cards = page.getByTestId("product-grid").locator(":scope > li:not([data-insert])");
  const last = cards.last();
  // `contentVisibilityAuto` asks whether the browser skips drawing the card in it (decision 0073).
  const drawn = () =>
    last
      .locator("article")
      .evaluate((card) => card.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions));
  expect(await cards.first().evaluate((cell) => cell.classList.contains("render-when-near"))).toBe(false);
  expect(await drawn()).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(drawn).toBe(true);
  // Drawn at its own height, with its picture, name and price, not the assumed size of an empty box.
  const box = await last.boundingBox();
  expect(box?.height).toBeGreaterThan(150);
  await expect(last.locator("img")).toBeVisible();
  await expect(last.getByRole("heading", { level: 3 })).toBeVisible();
  await expect(last).toContainText("kr.");
});
