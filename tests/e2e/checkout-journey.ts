import { expect, type Page } from "@playwright/test";
import type { Card } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

/** The checkout's steps as a shopper takes them (checkout.spec.ts, consent.spec.ts, klarna-checkout.spec.ts). */

interface Size {
  size_id: number;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

/** Sizes in stock to buy: from the shop's own warehouses or a partner (not the brand store, whose rules differ). */
async function pickSizes(page: Page, wanted: { marketplace: boolean }[], sort = "default") {
  const cards = (await (await page.request.get(`/api/search/?q=*&sort=${sort}`)).json()).products as Card[];
  const picks: { product: number; size: number }[] = [];
  const used = new Set<number>();
  for (const want of wanted) {
    for (const card of cards) {
      if (used.has(card.product_id) || card.is_exclusive || card.attributes.item_type === "package") continue;
      const sizes = (await (
        await page.request.get(`/api/availability/${card.product_id}/`)
      ).json()) as Size[];
      const size = sizes.find(
        (s) =>
          s.stock_info >= 3 &&
          s.is_marketplace === want.marketplace &&
          s.supplier !== "Strikon Official Store",
      );
      if (!size) continue;
      picks.push({ product: card.product_id, size: size.size_id });
      used.add(card.product_id);
      break;
    }
  }
  expect(picks).toHaveLength(wanted.length);
  return picks;
}

export async function fillBag(page: Page, wanted: { marketplace: boolean }[], sort?: string) {
  await page.goto("/");
  const picks = await pickSizes(page, wanted, sort);
  for (const pick of picks) {
    // The first add makes the visitor's session, which hands out a new token: read it before each add.
    const csrf = await csrfToken(page);
    const added = await page.request.post("/cart/items/add_to_cart/", {
      form: { product: String(pick.product), size: String(pick.size) },
      headers: {
        "x-csrftoken": csrf,
        "x-requested-with": "XMLHttpRequest",
        origin: new URL(page.url()).origin,
      },
    });
    expect(added.status()).toBe(200);
  }
}

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
