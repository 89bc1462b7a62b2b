import { expect, type Page } from "@playwright/test";
import { gotoLive } from "./hydrated.ts";

/** The checkout's steps as a shopper takes them (checkout.spec.ts, consent.spec.ts). */

export async function fillAddress(page: Page, email: string) {
  await page.locator("#shipping-name").fill("Mette Jensen");
  await page.locator("#shipping-address").fill("Stadionvej 12");
  await page.locator("#shipping-post_nummer").fill("2100");
  await page.locator("#shipping-town").fill("København Ø");
  await page.locator("#shipping-phone").fill("+45 20 30 40 50");
  await page.locator("#shipping-email").fill(email);
}

/** From the bag to the payment step with home delivery for every package. */
export async function toPayment(page: Page, email: string, options: { dropPoint?: boolean } = {}) {
  await gotoLive(page, "/cart/");
  await page.locator('a[href="/checkout/"]').last().click();
  await expect(page).toHaveURL(/\/checkout\/address\/$/);
  await fillAddress(page, email);
  await page.getByTestId("address-submit").click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/$/);
  const packages = page.getByTestId("delivery-package");
  await expect(packages.first()).toBeVisible();
  for (let i = 0; i < (await packages.count()); i++) {
    const pkg = packages.nth(i);
    const dropPoint = pkg.getByTestId("method-droppoint");
    if (options.dropPoint && i === 0 && (await dropPoint.count())) {
      await dropPoint.check();
      // The first point near the delivery post code is chosen by itself.
      await expect(pkg.getByTestId("droppoint-finder").locator("input[type=radio]:checked")).toHaveCount(1);
    } else {
      await pkg.getByTestId("method-home").first().check();
      await expect(pkg.getByTestId("method-home").first()).toBeChecked();
    }
  }
  const next = page.getByTestId("delivery-continue");
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
}

export async function payWithCard(page: Page, number: string) {
  const form = page.getByTestId("card-form");
  await form.locator("input").nth(0).fill("Mette Jensen");
  await form.locator("input").nth(1).fill(number);
  await form.locator("input").nth(2).fill("03/30");
  await form.locator("input").nth(3).fill("737");
  await page.getByTestId("pay-button").click();
}
