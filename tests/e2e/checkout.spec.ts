import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { mailFiles } from "../support/mail-files.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { fillAddress, fillBag, payWithCard, toPayment } from "./checkout-journey.ts";
import { gotoLive } from "./hydrated.ts";

const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.join("test-results", "e2e-data"), "mail");

/** Each journey is a different shopper (its own address for the rate limits, its own cookies). */
let shopperNumber = 0;
test.beforeEach(async ({ page }) => {
  shopperNumber++;
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.60.${Math.floor(shopperNumber / 250)}.${shopperNumber % 250}`,
  });
});

const mailsTo = (email: string) =>
  mailFiles(mailDir)
    .map((file) => fs.readFileSync(path.join(mailDir, file), "utf8"))
    .filter((mail) => mail.includes(`To: ${email}`));

test("a guest pays with the authorised test card, sees the receipt and gets the confirmation mail", async ({
  page,
  baseURL,
}) => {
  // This shopper accepted statistics cookies: the checkout's steps reach the data layer.
  await page
    .context()
    .addCookies([{ name: "cookie_consent", value: "v2.2026-11-24.statistics", url: baseURL as string }]);
  await fillBag(page, [{ marketplace: false }]);
  await gotoLive(page, "/cart/");
  await page.locator('a[href="/checkout/"]').last().click();
  await expect(page).toHaveURL(/\/checkout\/address\/$/);
  await expectNoSeriousA11yViolations(page);
  // Errors show on submit, the first is focused; a wrong post code gets the country's own message.
  await page.getByTestId("address-submit").click();
  await expect(page.getByTestId("error-name")).toBeVisible();
  await expect(page.locator("#shipping-name")).toBeFocused();
  await page.locator("#shipping-post_nummer").fill("21000");
  await page.locator("#shipping-post_nummer").blur();
  await expect(page.getByTestId("error-post_nummer")).toContainText("2100");
  await toPayment(page, "card-guest@example.com");
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("payment-test-card").check();
  await expect(page.getByTestId("card-form")).toBeVisible();
  // The delivery and payment choices are reported to the tag manager.
  const events = () => page.evaluate(() => (window.dataLayer ?? []).map((e) => String(e.event)));
  await expect.poll(events).toEqual(expect.arrayContaining(["add_shipping_info", "add_payment_info"]));
  await page.getByTestId("policy").check();
  await payWithCard(page, "4111 1111 1111 1111");
  await expect(page).toHaveURL(/\/checkout\/receipt\/\?token=/);
  const number = (await page.getByTestId("order-number").textContent())?.match(/ST\d+/)?.[0];
  expect(number).toBeTruthy();
  await expectNoSeriousA11yViolations(page);
  const purchases = await page.evaluate(
    () => (window.dataLayer ?? []).filter((e) => e.event === "purchase").length,
  );
  expect(purchases).toBe(1);
  await expect.poll(() => mailsTo("card-guest@example.com").length).toBe(1);
  expect(mailsTo("card-guest@example.com")[0]).toContain(number as string);
});

test("a refused card shows the error, and a retry with a good card succeeds", async ({ page }) => {
  await fillBag(page, [{ marketplace: false }]);
  await toPayment(page, "refused-guest@example.com");
  await page.getByTestId("payment-test-card").check();
  await page.getByTestId("policy").check();
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByTestId("payment-messages").getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await payWithCard(page, "5555 5555 5555 4444");
  await expect(page).toHaveURL(/\/checkout\/receipt\//);
});

test("a drop-point order: the first point near the post code is chosen and shown on the receipt", async ({
  page,
}) => {
  await fillBag(page, [{ marketplace: false }]);
  await toPayment(page, "droppoint-guest@example.com", { dropPoint: true });
  await page.getByTestId("payment-test-card").check();
  await page.getByTestId("policy").check();
  await payWithCard(page, "4111 1111 1111 1111");
  await expect(page).toHaveURL(/\/checkout\/receipt\//);
  await expect(page.locator("main")).toContainText("2100");
});

test("an order split over two suppliers has two packages, each with its own methods", async ({ page }) => {
  await fillBag(page, [{ marketplace: false }, { marketplace: true }]);
  await gotoLive(page, "/cart/");
  await page.locator('a[href="/checkout/"]').last().click();
  await fillAddress(page, "split-guest@example.com");
  await page.getByTestId("address-submit").click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/$/);
  await expect(page.getByTestId("split-notice")).toBeVisible();
  await expect(page.getByTestId("delivery-package")).toHaveCount(2);
  const firstNames = await page
    .getByTestId("delivery-package")
    .nth(0)
    .locator("input[type=radio]")
    .evaluateAll((e) => e.map((i) => (i as HTMLInputElement).value));
  const secondNames = await page
    .getByTestId("delivery-package")
    .nth(1)
    .locator("input[type=radio]")
    .evaluateAll((e) => e.map((i) => (i as HTMLInputElement).value));
  expect(firstNames.some((id) => secondNames.includes(id))).toBe(false);
  await expectNoSeriousA11yViolations(page);
  await toPayment(page, "split-guest@example.com");
  await page.getByTestId("payment-test-card").check();
  await page.getByTestId("policy").check();
  await payWithCard(page, "4111 1111 1111 1111");
  await expect(page).toHaveURL(/\/checkout\/receipt\//);
});

test("a pay-later order with the built-in provider loads nothing of Klarna's", async ({ page }) => {
  const klarna: string[] = [];
  page.on("request", (request) => {
    if (/klarna/i.test(request.url())) klarna.push(request.url());
  });
  await fillBag(page, [{ marketplace: false }]);
  await toPayment(page, "bnpl-guest@example.com");
  await page.getByTestId("payment-test-bnpl").check();
  await page.getByTestId("policy").check();
  // Without Klarna configured the shop's own pay later takes it: no widget, no Klarna in the policy.
  await expect(page.getByTestId("pay-button")).toBeVisible();
  await expect(page.getByTestId("klarna-widget")).toHaveCount(0);
  expect(await page.locator("script[src*='klarna']").count()).toBe(0);
  const policy = (await page.request.get("/checkout/payment")).headers()["content-security-policy"];
  expect(policy).not.toMatch(/klarna/i);
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/checkout\/receipt\//);
  expect(klarna).toEqual([]);
});

test("a gift card pays the whole total", async ({ page }) => {
  await fillBag(page, [{ marketplace: false }], "price-asc");
  await toPayment(page, "giftcard-guest@example.com");
  await page.getByTestId("giftcard-toggle").check();
  await page.getByTestId("giftcard-code").fill("  GIFT-DEMO-0500-DKKR ");
  await page.getByTestId("giftcard-code").press("Enter");
  await expect(page.getByTestId("giftcard-notice")).toBeVisible();
  await expect(page.getByTestId("giftcard-toggle")).toBeDisabled();
  await page.getByTestId("policy").check();
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/checkout\/receipt\//);
});

/** Presses Tab until the focused element matches, as a keyboard user moves through the page. */
async function tabTo(page: Page, selector: string, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${selector} with Tab`);
}

test("the whole checkout completed with the keyboard alone", async ({ page }) => {
  await fillBag(page, [{ marketplace: false }]);
  await gotoLive(page, "/checkout/");
  await expect(page).toHaveURL(/\/checkout\/address\/$/);
  const typeInto = async (selector: string, text: string) => {
    await tabTo(page, selector);
    await page.keyboard.type(text);
  };
  await typeInto("#shipping-name", "Mette Jensen");
  await typeInto("#shipping-address", "Stadionvej 12");
  await typeInto("#shipping-post_nummer", "2100");
  await typeInto("#shipping-town", "Aarhus");
  await typeInto("#shipping-phone", "+4520304050");
  await typeInto("#shipping-email", "keyboard-guest@example.com");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/delivery\/$/);
  await tabTo(page, '[data-testid="method-home"]');
  await page.keyboard.press("Space");
  await expect(page.getByTestId("method-home").first()).toBeChecked();
  await tabTo(page, '[data-testid="delivery-continue"]:not([disabled])');
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await tabTo(page, '[data-testid="payment-test-card"]');
  await page.keyboard.press("Space");
  await expect(page.getByTestId("card-form")).toBeVisible();
  await tabTo(page, '[data-testid="policy"]');
  await page.keyboard.press("Space");
  await expect(page.getByTestId("policy")).toBeChecked();
  await typeInto('[data-testid="card-form"] input[autocomplete="cc-name"]', "Mette Jensen");
  await typeInto('[data-testid="card-form"] input[autocomplete="cc-number"]', "4111111111111111");
  await typeInto('[data-testid="card-form"] input[autocomplete="cc-exp"]', "03/30");
  await typeInto('[data-testid="card-form"] input[autocomplete="cc-csc"]', "737");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout\/receipt\//);
});

test("a delivery address in another country opens the redirect drawer; cancel keeps the shopper here", async ({
  page,
}) => {
  await fillBag(page, [{ marketplace: false }]);
  await gotoLive(page, "/checkout/address/");
  await page.locator("#shipping-country").selectOption("deu");
  // Germany's form has a house-number field.
  await expect(page.locator("#shipping-addr_number")).toBeVisible();
  await page.locator("#shipping-name").fill("Jonas Weber");
  await page.locator("#shipping-address").fill("Hauptstraße");
  await page.locator("#shipping-addr_number").fill("5");
  await page.locator("#shipping-post_nummer").fill("10115");
  await page.locator("#shipping-town").fill("Berlin");
  await page.locator("#shipping-phone").fill("+49 30 123456");
  await page.locator("#shipping-email").fill("jonas@example.com");
  await page.getByTestId("address-submit").click();
  const drawer = page.getByTestId("country-redirect");
  await expect(drawer).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole("button").last().click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/checkout\/address\/$/);
  await page.getByTestId("address-submit").click();
  await drawer.getByRole("button").first().click();
  await expect(page).toHaveURL(/\/checkout\/address\/$/);
  await expect(page.locator("#shipping-country")).toHaveValue("deu");
  // The switch is a call of its own: the URL stays the same, so wait for its cookie.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "market")?.value)
    .toBe("de");
});

test("with nothing in the bag the checkout goes back to the bag", async ({ page }) => {
  await page.goto("/checkout/payment");
  await expect(page).toHaveURL(/\/cart\/$/);
});

test("on a phone, an address sent empty and then filled in goes on to delivery", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await fillBag(page, [{ marketplace: false }]);
  await gotoLive(page, "/checkout/address/");
  await page.getByTestId("address-submit").click();
  await expect(page.getByTestId("error-post_nummer")).toBeVisible();
  await fillAddress(page, "phone-guest@example.com");
  // Errors clear while typing once the form was sent, so nothing moves under the shopper's finger.
  await expect(page.getByTestId("error-post_nummer")).toBeHidden();
  await page.getByTestId("address-submit").click();
  await expect(page).toHaveURL(/\/checkout\/delivery\/$/);
  await expectNoSeriousA11yViolations(page);
});
