import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const MARKETING = { name: "cookie_consent", value: "v2.2026-11-24.statistics+marketing" };

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.160" } });

/** A state-changing call as the shop's own scripts make it (JSON, CSRF token, the shop's Origin). */
async function post(request: APIRequestContext, url: string, data: Record<string, unknown>) {
  const csrf = await csrfToken(request);
  return request.post(url, {
    data,
    headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
  });
}

/** The video host's player is not reached from the tests: an empty page stands in for it. */
async function stubPlayer(page: Page) {
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
}

test("a member filters the masterclass by position and skill, pages on and plays a video", async ({
  page,
  baseURL,
}) => {
  await stubPlayer(page);
  // A guest is sent to log in and comes back to the same filters.
  await page.goto("/masterclass/?position=1");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Fmasterclass%2F%3Fposition%3D1$/);
  await page.request.get("/");
  expect(
    (
      await post(page.request, "/api/auth/login/", {
        email: "demo@pitchside.example",
        password: "pitchside-demo",
      })
    ).status(),
  ).toBe(200);

  await gotoLive(page, "/masterclass/");
  await expect(page.getByRole("heading", { level: 1, name: "Masterclass" })).toBeVisible();
  const videos = page.getByTestId("masterclass-videos").getByRole("listitem");
  await expect(videos).toHaveCount(6);
  await expect(page.getByTestId("video-count")).toHaveText("24 videoer");
  await expectNoSeriousA11yViolations(page);

  // Page 2 of all videos.
  const firstTitle = await videos.first().getByRole("heading").textContent();
  await page.getByRole("navigation", { name: "Sider" }).getByRole("link", { name: "Side 2" }).click();
  await expect(page).toHaveURL(/\/masterclass\/\?page=2$/);
  await expect(videos.first().getByRole("heading")).not.toHaveText(firstTitle ?? "");

  // A position (the first option is All), then a skill chip, which a second click deselects.
  const position = page.getByLabel("Position");
  await expect(position.locator("option").first()).toHaveText("Alle");
  await position.selectOption({ label: "Målmand" });
  await expect(page).toHaveURL(/\/masterclass\/\?position=1$/);
  // The address changes before the filtered list arrives: wait for the count to follow it.
  await expect(page.getByTestId("video-count")).not.toHaveText("24 videoer");
  const keeperCount = Number((await page.getByTestId("video-count").textContent())?.match(/\d+/)?.[0]);
  expect(keeperCount).toBeGreaterThan(0);
  expect(keeperCount).toBeLessThan(24);
  const chip = page.getByTestId("skill-chips").getByRole("button").first();
  await chip.click();
  await expect(page).toHaveURL(/\/masterclass\/\?position=1&skill=\d+$/);
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await chip.click();
  await expect(page).toHaveURL(/\/masterclass\/\?position=1$/);
  await expect(chip).toHaveAttribute("aria-pressed", "false");

  // Without marketing consent the player is a placeholder; with it, the host's frame.
  await page.getByTestId("play-video").first().click();
  const player = page.getByTestId("masterclass-player");
  const placeholder = player.getByTestId("consent-placeholder");
  await expect(placeholder).toContainText("YouTube");
  await expect(player.locator("iframe")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(player).toHaveCount(0);
  await page.context().addCookies([{ ...MARKETING, url: baseURL as string }]);
  await gotoLive(page, "/masterclass/");
  await page
    .getByRole("button", { name: /^Afspil: / })
    .last()
    .click(); // a short in the slider
  await expect(player.locator("iframe")).toHaveAttribute(
    "src",
    /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
  );
  await expectNoSeriousA11yViolations(page);
});

test("the reels feed plays the reel in view, loads the next page, follows it in the address and sells its products", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ ...MARKETING, url: baseURL as string }]);
  const first = (await (await page.request.get("/api/content/reels/")).json()) as {
    items: { meta: { slug: string } }[];
  };
  await gotoLive(page, "/reels/");
  const reels = page.getByTestId("reel");
  await expect(reels).toHaveCount(6);
  await expect(page).toHaveURL(new RegExp(`/reels/${first.items[0]?.meta.slug}/$`));
  await expect(reels.first()).toHaveAttribute("data-playing", "true");
  // The shop's own clip really plays: frames decoded and the time moving on.
  await expect
    .poll(() =>
      reels
        .first()
        .locator("video")
        .evaluate(
          (video: HTMLVideoElement) => !video.paused && video.readyState >= 2 && video.currentTime > 0,
        ),
    )
    .toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Pause and mute toggles.
  await reels.first().getByTestId("reel-play").click();
  await expect(reels.first()).toHaveAttribute("data-playing", "false");
  await reels.first().getByTestId("reel-mute").click();
  await expect(reels.first().getByTestId("reel-mute")).toHaveAttribute("aria-pressed", "true");

  // Scrolling on: the next page arrives before the end, the address follows each reel.
  const feed = page.getByTestId("reels-feed");
  const history = await page.evaluate(() => window.history.length);
  const scrollTo = async (index: number) => {
    await expect(async () => {
      await feed.evaluate(
        (element, i) => element.scrollTo(0, (element.children[i] as HTMLElement).offsetTop),
        index,
      );
      await expect(reels.nth(index)).toHaveAttribute("data-in-view", "true", { timeout: 1000 });
    }).toPass();
  };
  for (let i = 1; i <= 4; i++) await scrollTo(i);
  // Two reels before the end of the first page, the second is there.
  await expect(reels).not.toHaveCount(6);
  await scrollTo(5);
  await scrollTo(6);
  const seventh = await reels.nth(6).getAttribute("data-slug");
  await expect(page).toHaveURL(new RegExp(`/reels/${seventh}/$`));
  await expect(reels.nth(6)).toHaveAttribute("data-playing", "true");
  await expect(reels.first()).toHaveAttribute("data-playing", "false");
  expect(await page.evaluate(() => window.history.length)).toBe(history);

  // A reel's product into the bag: a size first.
  await reels.nth(6).getByTestId("reel-add").first().click();
  const sheet = page.getByTestId("reel-add-sheet");
  await expect(sheet.getByTestId("reel-sizes")).toBeVisible();
  await sheet.getByTestId("reel-add-to-bag").click();
  await expect(sheet.getByRole("alert")).toHaveText("Vælg først en størrelse");
  await sheet
    .getByTestId("size-option")
    .filter({ hasNot: page.locator("input:disabled") })
    .first()
    .click();
  await sheet.getByTestId("reel-add-to-bag").click();
  await expect(sheet.getByTestId("reel-go-to-bag")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const bag = (await (await page.request.get("/cart/data/")).json()) as { lines: unknown[] };
  expect(bag.lines).toHaveLength(1);

  // A reel's own address opens the feed on it.
  await gotoLive(page, `/reels/${seventh}/`);
  await expect(page.locator(`#reel-${seventh}`)).toHaveAttribute("data-in-view", "true");
  expect((await page.request.get("/reels/no-such-reel/")).status()).toBe(404);
});

test("reels do not play by themselves for shoppers who ask for reduced motion, and wait for consent", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  await context.addCookies([{ ...MARKETING, url: baseURL as string }]);
  const page = await context.newPage();
  await gotoLive(page, "/reels/");
  const reel = page.getByTestId("reel").first();
  await expect(reel).toHaveAttribute("data-in-view", "true");
  await expect(reel).toHaveAttribute("data-playing", "false");
  expect(await reel.locator("video").evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  await reel.getByTestId("reel-play").click();
  await expect(reel).toHaveAttribute("data-playing", "true");
  await context.clearCookies();
  await gotoLive(page, "/reels/");
  await expect(page.getByTestId("reel").first().getByTestId("video-consent-placeholder")).toBeVisible();
  await expect(page.getByTestId("reel").first().locator("video")).toHaveCount(0);
  await context.close();
});
