import { expect, type Page } from "@playwright/test";

/** Opens an address and waits until the page is live (React has hydrated the server's HTML). */
export async function gotoLive(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}
