import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { gotoLive } from "./hydrated.ts";

test("the home page shows products from the database, the category navigation, and passes axe", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "da-DK");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Kategorier" });
  await expect(nav.getByRole("button", { name: "Fodboldstøvler" })).toBeVisible();
  const firstCard = page.locator("article").first();
  await expect(firstCard.locator("h3 a")).toHaveAttribute("href", /^\/p\//);
  await expect(firstCard).toContainText("kr.");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
  // A guest is asked to log in or join by the login-aware banner.
  const banner = page.getByTestId("login-banner");
  await expect(banner.getByRole("heading", { name: "Medlemmer får mere" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Log ind" })).toHaveAttribute(
    "href",
    "/account/login/?next=/",
  );
  await expect(banner.getByRole("link", { name: "Bliv medlem" })).toHaveAttribute("href", "/account/signup/");
  await expectNoSeriousA11yViolations(page);
});

test("the header's category menu opens with the keyboard and lists the boot surfaces", async ({ page }) => {
  await page.goto("/");
  const trigger = page
    .getByRole("navigation", { name: "Kategorier" })
    .getByRole("button", { name: "Fodboldstøvler" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: /Fodboldstøvler – FG/ })).toBeVisible();
});

test("the footer switcher changes market and language: prices follow the currency", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const switcher = page.getByTestId("market-switcher");
  await switcher.getByLabel("Land", { exact: true }).selectOption("de");
  await switcher.getByLabel("Sprog", { exact: true }).selectOption("de");
  await Promise.all([page.waitForURL("/"), switcher.getByRole("button").click()]);
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE", { timeout: 15_000 });
  await expect(page.locator("article").first()).toContainText("€");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fußballschuhe, Trikots und Ausrüstung");
});

test("an unknown address answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page-here/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Siden blev ikke fundet");
  await expectNoSeriousA11yViolations(page);
});

test("the FAQ answers questions from the CMS in an accordion", async ({ page }) => {
  await page.goto("/faq/");
  // The Danish shop's FAQ, written by the CMS in the shopper's language.
  const question = page.getByRole("button", { name: "Kan jeg returnere min ordre?" });
  await question.click();
  await expect(page.getByText("inden for 100 dage og gratis")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("home: link cards show their kicker; a video card opens its player behind the consent placeholder", async ({
  page,
}) => {
  await gotoLive(page, "/");
  const boots = page.getByTestId("link-card").filter({ hasText: "Støvler" });
  await expect(boots).toContainText("Se udvalget");
  await expect(boots).toHaveAttribute("href", "/football-boots/");
  const videos = page.getByTestId("video-slider");
  await videos.getByRole("button", { name: /^Afspil video: Støvletest på vådt græs/ }).click();
  const player = page.getByRole("dialog");
  await expect(player.getByTestId("consent-placeholder")).toBeVisible();
  await expect(player.locator("iframe")).toHaveCount(0);
  await player.getByRole("button", { name: "Acceptér marketingcookies" }).click();
  await expect(player.locator("iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/pitchside-home-1\?autoplay=1$/,
  );
});

test("the popular-products slider switches between its four product types", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const tabs = page.getByRole("tablist", { name: "Populære produkter" });
  await expect(tabs.getByRole("tab")).toHaveCount(4);
  await tabs.getByRole("tab", { name: "Målmandshandsker" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: "Målmandshandsker" })).toBeVisible();
  await expect(panel.locator("article").first()).toContainText(/Grip|Negative Cut|Hybrid|Roll Finger/);

  // The keyboard alone: the chosen tab is the list's one Tab stop, arrows and Home/End choose.
  const chosen = tabs.getByRole("tab", { selected: true });
  await chosen.focus();
  await page.keyboard.press("Home");
  const first = tabs.getByRole("tab").first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveAttribute(
    "aria-labelledby",
    (await first.getAttribute("id")) ?? "",
  );
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.getByRole("tab").last()).toBeFocused();
  await expect(tabs.getByRole("tab").last()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(first).toBeFocused();
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press("Tab");
  // The next stop is the chosen panel, not another tab.
  await expect(page.getByRole("tabpanel")).toBeFocused();
});

test("a card row's buttons move it once the row nears the screen, and back", async ({ page }) => {
  await gotoLive(page, "/");
  const row = page
    .locator("section.render-when-near")
    .filter({ has: page.getByRole("button", { name: "Næste" }) });
  const first = row.first();
  await first.scrollIntoViewIfNeeded();
  const next = first.getByRole("button", { name: "Næste" });
  // Enabled once the slider's library has arrived for the row (it is fetched as the row nears).
  await expect(next).toBeEnabled();
  const cards = first.locator("ul > li");
  const startX = await cards.first().evaluate((card) => card.getBoundingClientRect().x);
  await next.click();
  await expect
    .poll(() => cards.first().evaluate((card) => card.getBoundingClientRect().x))
    .toBeLessThan(startX - 100);
  await first.getByRole("button", { name: "Forrige" }).click();
  await expect
    .poll(() => cards.first().evaluate((card) => Math.round(card.getBoundingClientRect().x)))
    .toBe(Math.round(startX));
});

test("on a phone the header's search icon opens a full-width search bar, Escape closes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const field = page.getByRole("combobox", { name: "Søg i butikken" });
  await expect(field).toBeHidden();
  const open = page.getByRole("button", { name: "Åbn søgning" });
  await expect(open).toHaveAttribute("aria-expanded", "false");
  // The header fits the screen with every icon in it.
  for (const icon of [
    open,
    page.locator('header a[href="/cart/"]'),
    page.locator("header").getByRole("link", { name: "Log ind" }),
  ]) {
    const box = await icon.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  await open.click();
  await expect(field).toBeFocused();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  // The bar takes the screen's width (less the page's margins).
  expect((await field.boundingBox())?.width ?? 0).toBeGreaterThan(250);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(field).toBeHidden();
  await expect(open).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  await field.fill("gloves");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\/\?q=gloves/);
  await expect(field).toBeHidden();
});

test("the brands' logo marquee moves, stops with its pause button, and stands still for reduced motion", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const marquee = page.getByTestId("logo-marquee");
  const track = marquee.getByRole("list", { name: "Vores mærker" });
  await marquee.scrollIntoViewIfNeeded();
  await expect(track).toHaveCSS("animation-name", "marquee");
  await marquee.getByRole("button", { name: "Sæt de kørende logoer på pause" }).click();
  await expect(track).toHaveCSS("animation-play-state", "paused");
  await expect(marquee.getByRole("button", { name: "Start de kørende logoer" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The loop's second copy of the logos is not read out twice.
  const logos = await track.getByRole("listitem").count();
  expect(await track.locator("li[aria-hidden=true]").count()).toBe(logos);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(track).toHaveCSS("animation-name", "none");
  await expect(marquee.getByRole("button")).toBeHidden();
});
