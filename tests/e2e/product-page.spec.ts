import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

interface Card {
  product_id: number;
  relative_url: string;
  is_exclusive: boolean;
  sizes: { in_stock: boolean; name_short: string }[];
}

/** A product of a category that a visitor can buy in several sizes. */
async function buyable(request: APIRequestContext, slug: string): Promise<Card> {
  const response = await request.get(`/api/category/get/?slug=${slug}`);
  const cards = (await response.json()).products as Card[];
  const card = cards.find(
    (c) => !c.is_exclusive && c.sizes.length > 1 && c.sizes.filter((s) => s.in_stock).length > 1,
  );
  if (!card) throw new Error(`no buyable product in ${slug}`);
  return card;
}

const bagCount = async (page: Page) => {
  const badge = page.locator('header a[href="/cart/"] span');
  return (await badge.count()) ? Number(await badge.innerText()) : 0;
};

test("pick a size, add it, see the powerstep, and the bag count goes up", async ({ page, request }) => {
  const card = await buyable(request, "football-boots");
  await page.goto(card.relative_url);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const before = await bagCount(page);

  await page.getByTestId("add-to-bag").click();
  const drawer = page.getByTestId("add-to-bag-drawer");
  await expect(drawer).toBeVisible();
  const size = drawer.locator("fieldset button:not([disabled])").first();
  await size.click();
  await expect(size).toHaveAttribute("aria-pressed", "true");
  // Clicking the chosen size again un-chooses it.
  await size.click();
  await expect(size).toHaveAttribute("aria-pressed", "false");
  await size.click();
  await drawer.locator("fieldset ~ button").first().click();

  await expect(page.getByTestId("powerstep")).toBeVisible();
  await expect.poll(() => bagCount(page)).toBe(before + 1);
  await expectNoSeriousA11yViolations(page);
});

test("the page carries schema.org Product data and specification values search the shop", async ({
  page,
  request,
}) => {
  const card = await buyable(request, "football-boots");
  await page.goto(card.relative_url);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Product", offers: { "@type": "Offer", priceCurrency: "DKK" } });
  await page.getByRole("button", { name: /specifi/i }).click();
  const specLink = page.locator('a[href^="/search/?q="]').first();
  const value = await specLink.innerText();
  await specLink.click();
  await expect(page).toHaveURL(/\/search\/\?q=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get("q") ?? "")).toBe(value);
});

test("an unknown product is the not-found page", async ({ page }) => {
  const response = await page.goto("/p/no-such-product/");
  expect(response?.status()).toBe(404);
});
