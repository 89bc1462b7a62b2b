import { expect, type Page } from "@playwright/test";

/** Opens an address and waits until the page is live (React has hydrated the server's HTML). */
export async function gotoLive(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * The errors a page logs from now on (console errors and uncaught ones): a hydration mismatch logs
 * one, so an empty list says React found on the page exactly what it draws.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
