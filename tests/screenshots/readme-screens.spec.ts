import { expect, type Page, test } from "@playwright/test";
import { findCard } from "../e2e/catalogue.ts";
import { Shopper } from "../support/shopper.ts";
import { addToBag } from "../support/shopping.ts";

/**
 * The README's pictures of the shop on a phone (390 × 844): home, the boots category, a product, the
 * bag and the checkout's delivery step, written to docs/screenshots/. Not a CI journey: run it when
 * the storefront changes visibly —
 *   npm run build && npx playwright test -c playwright.screenshots.config.ts
 */
const DIR = "docs/screenshots";

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

async function shoot(page: Page, name: string) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${DIR}/${name}.png` });
}

test("the shop on a 390 px phone: home, boots, product, bag, delivery step", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const origin = baseURL ?? "";
  // The consent banner has its own picture; here the shopper has answered it (necessary only).
  await context.addCookies([
    { name: "cookie_consent", value: `v2.${new Date().toISOString().slice(0, 10)}.none`, url: origin },
  ]);
  await page.goto("/");
  await shoot(page, "phone-home");
  await page.goto("/football-boots/");
  await shoot(page, "phone-boots");

  const boot = await findCard(
    request,
    "/api/category/get/?slug=football-boots",
    (card) => card.sizes.filter((size) => size.in_stock).length > 3,
  );
  await page.goto(boot.relative_url);
  await shoot(page, "phone-product");

  const shopper = new Shopper(origin);
  const sizes = (await (await request.get(`/api/availability/${boot.product_id}/`)).json()) as {
    size_id: number;
    stock_info: number;
  }[];
  const size = sizes.find((s) => s.stock_info > 2);
  if (!size) throw new Error("the boot has no size in stock");
  await addToBag(shopper, { product: boot.product_id, size: size.size_id });
  await context.addCookies([...shopper.cookies].map(([name, value]) => ({ name, value, url: origin })));
  await page.goto("/cart/");
  await shoot(page, "phone-bag");

  await page.goto("/checkout/address/");
  await page.locator("#shipping-name").fill("Mette Jensen");
  await page.locator("#shipping-address").fill("Stadionvej 12");
  await page.locator("#shipping-post_nummer").fill("2100");
  await page.locator("#shipping-town").fill("København Ø");
  await page.locator("#shipping-phone").fill("+45 20 30 40 50");
  await page.locator("#shipping-email").fill("mette@example.com");
  await page.getByTestId("address-submit").click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/$/);
  await expect(page.getByTestId("delivery-package").first()).toBeVisible();
  await shoot(page, "phone-delivery");
});
