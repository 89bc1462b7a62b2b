import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y.ts";
import type { Card } from "./catalogue.ts";
import { gotoLive } from "./hydrated.ts";

test("reel circles lead to a reel, a guide slides out and closes with Escape, article cards show tags and a date", async ({
  page,
  request,
}) => {
  const cards = (await (await request.get("/api/category/get/?slug=football-boots")).json())
    .products as Card[];
  // Live before the guide is tapped: a tap before the page's own code has taken over is not kept
  // (decision 0078 keeps taps from then until a part is live), and the sheet would never open.
  await gotoLive(page, (cards[0] as Card).relative_url);

  // The first reel is chosen; its products show with a link into the reels feed.
  const circles = page.getByTestId("sub-reels").getByRole("button");
  await expect(circles.first()).toHaveAttribute("aria-pressed", "true");
  const products = page.getByTestId("reel-products");
  await expect(products.getByTestId("reel-watch")).toHaveAttribute("href", /^\/reels\/[^/]+\/$/);
  await expect(products.getByRole("link").first()).toBeVisible();

  const guides = page.getByTestId("related-guides");
  const first = guides.getByRole("button").first();
  const title = ((await first.textContent()) ?? "").trim();
  await first.click();
  const sheet = page.getByTestId("guide-sheet");
  await expect(sheet.getByRole("heading", { name: title })).toBeVisible();
  await expect(sheet.locator(".prose p").first()).toBeVisible();
  await expect(sheet).toContainText(/\d/);
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(first).toBeFocused();

  await page.goto("/football-boots/");
  const card = page.getByTestId("article-card").first();
  await expect(card.getByRole("listitem").first()).not.toBeEmpty();
  await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
});

test("sub-reel circles move in groups on a phone and each circle shows its own reel's products", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = (await (await request.get("/api/category/get/?slug=football-boots")).json())
    .products as Card[];
  const reels = (await (await request.get("/api/category/reels/?slug=football-boots&page=1")).json())
    .items as { slug: string; title: string; products: { relative_url: string }[] }[];
  expect(reels.length).toBeGreaterThan(3);
  await gotoLive(page, (cards[0] as Card).relative_url);

  const strip = page.getByTestId("reels-strip");
  const circles = page.getByTestId("sub-reels").getByRole("button");
  await expect(circles).toHaveCount(reels.length);
  await strip.scrollIntoViewIfNeeded();
  const last = circles.nth(reels.length - 1);
  await expect(last).not.toBeInViewport({ ratio: 1 });
  // One step of the slider brings the next group in.
  await strip.getByRole("button", { name: "Næste" }).click();
  await expect(last).toBeInViewport({ ratio: 1 });
  // Back, then the keyboard's focus on the half-hidden circle brings its group in (Embla's, not the
  // browser's own scroll of the row).
  await strip.getByRole("button", { name: "Forrige" }).click();
  await expect(circles.first()).toBeInViewport({ ratio: 1 });
  await expect(last).not.toBeInViewport({ ratio: 1 });
  await last.focus();
  await expect(last).toBeInViewport({ ratio: 1 });
  expect(await page.getByTestId("sub-reels").evaluate((row) => row.scrollLeft)).toBe(0);

  // Chosen by keyboard: the third reel's products and link replace the first's.
  const third = reels[2] as (typeof reels)[number];
  await circles.nth(2).focus();
  await page.keyboard.press("Enter");
  await expect(circles.nth(2)).toHaveAttribute("aria-pressed", "true");
  await expect(circles.first()).toHaveAttribute("aria-pressed", "false");
  const products = page.getByTestId("reel-products");
  await expect(products).toHaveAttribute("data-reel", third.slug);
  await expect(products.getByTestId("reel-watch")).toHaveAttribute("href", `/reels/${third.slug}/`);
  const shown = await products
    .getByRole("article")
    .first()
    .locator(`a[href^="/p/"]`)
    .first()
    .getAttribute("href");
  expect(third.products.map((product) => product.relative_url)).toContain(shown);
  for (const circle of await circles.all()) {
    const box = await circle.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);
});
