import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { addFirstSizeFromProductPage } from "./bag.ts";
import type { Card } from "./catalogue.ts";
import { payWithCard, toPayment } from "./checkout-journey.ts";
import { gotoLive } from "./hydrated.ts";

// These journeys are about the answer itself: they start as a first visit, without the consent
// cookie every other journey carries (playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

/** The cookies the shop sets without asking: the session, the CSRF token, and the answer itself. */
const NECESSARY_COOKIES = ["sessionid", "csrftoken", "cookie_consent"];

/** Each journey is its own shopper for the rate limits. */
let shopperNumber = 0;
test.beforeEach(async ({ page }) => {
  shopperNumber++;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.61.0.${shopperNumber % 250}` });
});

/** A product of the boots category in stock in several sizes. */
async function buyable(request: APIRequestContext): Promise<Card> {
  const cards = (await (await request.get("/api/category/get/?slug=football-boots")).json())
    .products as Card[];
  const card = cards.find(
    (c) => !c.is_exclusive && c.sizes.length > 1 && c.sizes.filter((s) => s.in_stock).length > 1,
  );
  if (!card) throw new Error("no buyable product");
  return card;
}

/**
 * Keeps every entry pushed to `window.dataLayer` in sessionStorage, so a journey over several page
 * loads can read them all afterwards.
 */
async function recordDataLayer(page: Page) {
  await page.addInitScript(() => {
    const key = "recorded-data-layer";
    const layer: Record<string, unknown>[] = [];
    layer.push = function (...entries: Record<string, unknown>[]) {
      const saved = JSON.parse(window.sessionStorage.getItem(key) ?? "[]") as unknown[];
      saved.push(...(JSON.parse(JSON.stringify(entries)) as unknown[]));
      window.sessionStorage.setItem(key, JSON.stringify(saved));
      return Array.prototype.push.apply(this, entries);
    };
    window.dataLayer = layer;
  });
}

const recorded = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(window.sessionStorage.getItem("recorded-data-layer") ?? "[]") as Record<string, unknown>[],
  );
const eventNames = async (page: Page) =>
  (await recorded(page))
    .map((entry) => entry.event)
    .filter((name): name is string => typeof name === "string");

/** The product page's view event (after 3 s), then a size into the bag through the drawer. */
async function viewAndAdd(page: Page, card: Card) {
  await gotoLive(page, card.relative_url);
  await page.waitForTimeout(3_300);
  await addFirstSizeFromProductPage(page);
}

test("before an answer, home, a category and a product set only necessary cookies and call no other host", async ({
  page,
  request,
  baseURL,
}) => {
  const shopHost = new URL(baseURL as string).host;
  const elsewhere: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.host !== shopHost)
      elsewhere.push(sent.url());
  });
  const card = await buyable(request);
  for (const address of ["/", "/football-boots/", card.relative_url]) {
    await gotoLive(page, address);
    await expect(page.getByTestId("cookie-banner")).toBeVisible();
    await page.mouse.wheel(0, 3000);
    await page.waitForLoadState("networkidle");
  }
  await page.waitForTimeout(3_300);
  expect(elsewhere).toEqual([]);
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names.filter((name) => !NECESSARY_COOKIES.includes(name))).toEqual([]);
  expect(names).not.toContain("cookie_consent");
  expect(await page.evaluate(() => (window.dataLayer ?? []).length)).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("banner, settings, statistics only, all with the keyboard; the footer opens the settings again", async ({
    page,
  }) => {
    await gotoLive(page, "/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/consent-banner-390.png" });
    // The banner comes first in the tab order.
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);
    const tabTo = async (testId: string) => {
      for (let i = 0; i < 12 && (await focused()) !== testId; i++) await page.keyboard.press("Tab");
      expect(await focused()).toBe(testId);
    };
    await tabTo("consent-settings");
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("cookie-settings");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("consent-necessary")).toBeChecked();
    await expect(dialog.getByTestId("consent-necessary")).toBeDisabled();
    await expect(dialog.getByTestId("consent-statistics")).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/consent-dialog-390.png" });
    await tabTo("consent-statistics");
    await page.keyboard.press("Space");
    await expect(dialog.getByTestId("consent-statistics")).toBeChecked();
    await expect(dialog.getByTestId("consent-marketing")).not.toBeChecked();
    await tabTo("consent-save");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(banner).toBeHidden();

    const cookie = (await page.context().cookies()).find((c) => c.name === "cookie_consent");
    expect(cookie?.value).toMatch(/^v2\.\d{4}-\d{2}-\d{2}\.statistics$/);
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(banner).toHaveCount(0);

    const footerButton = page.getByTestId("footer-cookie-settings");
    await footerButton.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("consent-statistics")).toBeChecked();
    await expect(dialog.getByTestId("consent-marketing")).not.toBeChecked();
    await expect(dialog.getByTestId("consent-decided-on")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(footerButton).toBeFocused();
  });
});

test("with statistics consent the data layer follows a whole purchase, in GA4's shape", async ({
  page,
  request,
  baseURL,
}) => {
  await page
    .context()
    .addCookies([{ name: "cookie_consent", value: "v2.2026-11-24.statistics", url: baseURL as string }]);
  await recordDataLayer(page);
  const card = await buyable(request);
  await viewAndAdd(page, card);
  await toPayment(page, "datalayer-guest@example.com");
  await page.getByTestId("payment-test-card").check();
  await page.getByTestId("policy").check();
  await payWithCard(page, "4111 1111 1111 1111");
  await expect(page).toHaveURL(/\/checkout\/receipt\/\?token=/);
  const number = (await page.getByTestId("order-number").textContent())?.match(/ST\d+/)?.[0];
  await expect.poll(async () => (await eventNames(page)).includes("purchase")).toBe(true);
  // A reload of the receipt does not report the order again.
  await page.reload();
  await expect(page.getByTestId("order-number")).toBeVisible();
  await page.waitForTimeout(500);

  const names = await eventNames(page);
  const journey = [
    "view_item",
    "add_to_cart",
    "view_cart",
    "begin_checkout",
    "add_shipping_info",
    "add_payment_info",
    "purchase",
  ];
  expect(names.filter((name) => journey.includes(name))).toEqual(journey);
  const entries = await recorded(page);
  const purchase = entries.find((entry) => entry.event === "purchase") as {
    ecommerce: {
      transaction_id: string;
      currency: string;
      value: number;
      tax: number;
      shipping: number;
      items: { item_id: string; item_name: string; price: number; quantity: number }[];
    };
    user_data?: unknown;
  };
  expect(purchase.ecommerce.transaction_id).toBe(number);
  expect(purchase.ecommerce.currency).toBe("DKK");
  expect(purchase.ecommerce.value).toBeGreaterThan(0);
  expect(purchase.ecommerce.items).toHaveLength(1);
  expect(purchase.ecommerce.items[0]).toMatchObject({ item_name: card.name, quantity: 1 });
  // Hashed customer data is for advertising: not without marketing consent.
  expect(purchase.user_data).toBeUndefined();
  // Each e-commerce event clears the previous one's items first, as GA4 advises.
  const index = entries.indexOf(purchase);
  expect(entries[index - 1]).toEqual({ ecommerce: null });
  const view = entries.find((entry) => entry.event === "view_item") as { ecommerce: { items: unknown[] } };
  expect(view.ecommerce.items).toHaveLength(1);
});

test("with statistics consent a category reports the cards it shows and the one chosen", async ({
  page,
  baseURL,
}) => {
  await page
    .context()
    .addCookies([{ name: "cookie_consent", value: "v2.2026-11-24.statistics", url: baseURL as string }]);
  await recordDataLayer(page);
  await gotoLive(page, "/football-boots/");
  await expect.poll(async () => (await eventNames(page)).includes("view_item_list")).toBe(true);
  const list = (await recorded(page)).find((entry) => entry.event === "view_item_list") as {
    ecommerce: { item_list_id: string; items: { item_id: string; index: number }[] };
  };
  expect(list.ecommerce.item_list_id).toContain("football-boots");
  expect(list.ecommerce.items.length).toBeGreaterThan(1);
  expect(list.ecommerce.items.slice(0, 2).map((item) => item.index)).toEqual([0, 1]);
  await page.getByTestId("product-grid").locator("li:not([data-insert]) article h3 a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const chosen = (await recorded(page)).find((entry) => entry.event === "select_item") as {
    ecommerce: { items: { item_id: string; index: number }[] };
  };
  expect(chosen.ecommerce.items).toEqual([
    expect.objectContaining({ item_id: list.ecommerce.items[0]?.item_id, index: 0 }),
  ]);
});

test("without consent the data layer stays empty from the product to the checkout", async ({
  page,
  request,
}) => {
  await recordDataLayer(page);
  const card = await buyable(request);
  await gotoLive(page, "/football-boots/");
  await viewAndAdd(page, card);
  await gotoLive(page, "/cart/");
  await page.locator('a[href="/checkout/"]').last().click();
  await expect(page).toHaveURL(/\/checkout\/address\/$/);
  expect(await recorded(page)).toEqual([]);
  // Nor was anything kept back for later: an answer now does not replay what happened before it.
  await page.getByTestId("consent-accept-all").click();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  expect(await recorded(page)).toEqual([]);
});
