import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y.ts";
import type { Card } from "./catalogue.ts";

test("reel circles lead to a reel, a guide slides out and closes with Escape, article cards show tags and a date", async ({
  page,
  request,
}) => {
  const cards = (await (await request.get("/api/category/get/?slug=football-boots")).json())
    .products as Card[];
  await page.goto((cards[0] as Card).relative_url);

  const circles = page.getByTestId("sub-reels").getByRole("link");
  await expect(circles.first()).toHaveAttribute("href", /^\/reels\/[^/]+\/$/);
  await expect(page.getByTestId("reel-products").getByRole("link").first()).toBeVisible();

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
