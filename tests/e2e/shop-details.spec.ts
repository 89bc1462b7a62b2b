import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { lastMailTo } from "../support/mail-files.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { type Card, findCard } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

/**
 * The details a shopper notices (issue 14): sizes and the size guide on the product page, the zoom
 * viewer, the powerstep, the receipt with its account offer, the focused checkout header and the
 * card expiry, the shared bag's total and the market switch. Each journey at a desktop's width and
 * at a phone's.
 */
const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.join("test-results", "e2e-data"), "mail");

interface Size {
  size_id: number;
  name: string;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

let shopperNumber = 0;
test.beforeEach(async ({ page }) => {
  shopperNumber++;
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.70.${Math.floor(shopperNumber / 250)}.${shopperNumber % 250}`,
  });
});

/** Adult boots with a half size in stock (written "42,5" to a Danish shopper). */
const halfSizeBoots = (request: APIRequestContext) =>
  findCard(
    request,
    "/api/category/get/?slug=football-boots",
    (card) =>
      card.sizes.filter((size) => size.in_stock).length > 1 &&
      card.sizes.some((size) => size.in_stock && /^\d+\.5$/.test(size.name_short)),
  );

const sizeOptions = (scope: Locator) => scope.getByTestId("size-option");
const choosable = (scope: Locator) =>
  sizeOptions(scope).filter({ has: scope.page().locator("input:enabled") });

const bagCount = async (page: Page) => {
  const badge = page.locator('header a[href="/cart/"] span');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
};

async function csrfHeaders(page: Page) {
  const csrf = await csrfToken(page);
  return { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: new URL(page.url()).origin };
}

/** Two products in stock from the shop's own warehouses (not the brand store), put in the bag through the API. */
async function fillBag(page: Page, count: number, quantity = 1) {
  await page.goto("/");
  const cards = (await (await page.request.get("/api/search/?q=*&sort=default")).json()).products as Card[];
  let added = 0;
  for (const card of cards) {
    if (added === count) break;
    if (card.is_exclusive || card.attributes.item_type === "package") continue;
    const sizes = (await (await page.request.get(`/api/availability/${card.product_id}/`)).json()) as Size[];
    const size = sizes.find((s) => s.stock_info >= 3 && !s.is_marketplace);
    if (!size) continue;
    const response = await page.request.post("/cart/items/add_to_cart/", {
      form: { product: String(card.product_id), size: String(size.size_id), amount: String(quantity) },
      headers: await csrfHeaders(page),
    });
    expect(response.status()).toBe(200);
    added++;
  }
  expect(added).toBe(count);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    test("choosing a size on the product page: one radio group, arrow keys, stock and delivery, then straight into the bag", async ({
      page,
      request,
    }) => {
      const boots = await halfSizeBoots(request);
      await gotoLive(page, boots.relative_url);
      const grid = page.getByTestId("page-sizes");
      await expect(grid).toHaveRole("group");
      // Half sizes in the shopper's number format, each size with its stock and delivery.
      await expect(grid).toContainText(/\d+,5/);
      await expect(grid).not.toContainText(/\d+\.5/);
      const first = choosable(grid).first();
      await expect(first).toContainText(/På lager|Få tilbage/);
      await expect(first).toContainText(/dag/);

      await first.click();
      const radios = grid.getByRole("radio", { checked: true });
      await expect(radios).toHaveCount(1);
      await expect(page.getByTestId("chosen-size")).toContainText(/Leveres på .*hverdag/);
      // Arrow keys move the choice within the group (one tab stop).
      const chosenBefore = await grid.getByRole("radio", { checked: true }).getAttribute("value");
      await page.keyboard.press("ArrowRight");
      const chosenAfter = await grid.getByRole("radio", { checked: true }).getAttribute("value");
      expect(chosenAfter).not.toBe(chosenBefore);
      await expect(grid.getByRole("radio", { checked: true })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // With a size chosen, the bag button adds it: the powerstep shows the line's price.
      const before = await bagCount(page);
      await page.getByTestId("add-to-bag").click();
      const powerstep = page.getByTestId("powerstep");
      await expect(powerstep).toBeVisible();
      await expect(powerstep.getByTestId("powerstep-price")).toContainText("kr.");
      await expect(powerstep).toContainText(/Kurv i alt/);
      await expect(powerstep.getByTestId("complete-the-look").getByRole("link").first()).toBeVisible();
      // The brand is named once, here and in the tab's title.
      const name = (await powerstep.getByTestId("powerstep-name").textContent()) ?? "";
      const [brand = ""] = name.split(" ");
      expect(name.startsWith(`${brand} ${brand} `)).toBe(false);
      expect(await page.title()).not.toContain(`${brand} ${brand} `);
      await expectNoSeriousA11yViolations(page);
      await expect.poll(() => bagCount(page)).toBe(before + 1);
      const cart = await (await page.request.get("/cart/data/")).json();
      expect(cart.lines.some((line: { product_id: number }) => line.product_id === boots.product_id)).toBe(
        true,
      );
    });

    test("the size guide opens in a side sheet with the boots' EU/UK/US/cm table and the product's sizes marked", async ({
      page,
      request,
    }) => {
      const boots = await halfSizeBoots(request);
      await gotoLive(page, boots.relative_url);
      const open = page.getByTestId("size-guide-open");
      await open.click();
      const sheet = page.getByTestId("size-guide");
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole("heading").first()).toContainText("Størrelsesguide");
      const headings = await sheet.getByRole("columnheader").allTextContents();
      expect(headings).toEqual(["EU", "UK", "US", "Fodlængde (cm)"]);
      await expect(sheet.getByRole("rowheader", { name: /^42,5/ })).toBeVisible();
      await expect(sheet.getByRole("row", { name: /^42,5 .*8 9 27/ })).toHaveCount(1);
      // The rows of the sizes this boot comes in are marked.
      const marked = sheet.locator("tr[data-own]");
      expect(await marked.count()).toBe(boots.sizes.length);
      await expect(sheet).toContainText("Sådan måler du");
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
      await expect(open).toBeFocused();
    });

    test("the shared bag shows each line's price and the total of what can be bought", async ({
      page,
      browser,
    }) => {
      await fillBag(page, 2, 2);
      const created = await page.request.post("/api/cart/shared/create_shared_cart/", {
        data: {},
        headers: await csrfHeaders(page),
      });
      const uuid = (await created.json()).shared_cart;
      const cart = await (await page.request.get("/cart/data/")).json();

      const elsewhere = await browser.newContext({ viewport: { width, height: 844 } });
      const other = await elsewhere.newPage();
      await gotoLive(other, `/cart/shared/?uuid=${uuid}`);
      await expect(other.getByTestId("shared-item")).toHaveCount(2);
      await expect(other.getByTestId("shared-item-price").first()).toContainText("2 ×");
      const formatted = await other.evaluate(
        (amount) =>
          new Intl.NumberFormat("da-DK", { style: "currency", currency: "DKK" }).format(amount as number),
        cart.cart_total_amount as number,
      );
      // The total is the bag's: same lines, today's prices.
      await expect(other.getByTestId("shared-total-amount")).toHaveText(formatted);
      await expectNoSeriousA11yViolations(other);
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await elsewhere.close();
    });

    test("the country switch brings its language unless the shopper picks another; languages are named in themselves", async ({
      page,
    }) => {
      await gotoLive(page, "/");
      const switcher = page.getByTestId("market-switcher");
      const language = switcher.getByLabel("Sprog", { exact: true });
      const options = await language.locator("option").allTextContents();
      expect(options).toEqual(expect.arrayContaining(["dansk", "Deutsch", "English", "svenska", "polski"]));
      await switcher.getByLabel("Land", { exact: true }).selectOption("de");
      await expect(language).toHaveValue("de");
      await switcher.getByLabel("Land", { exact: true }).selectOption("se");
      await expect(language).toHaveValue("sv");
      // Once picked by hand, the language stays whatever country is chosen.
      await language.selectOption("en");
      await switcher.getByLabel("Land", { exact: true }).selectOption("de");
      await expect(language).toHaveValue("en");
    });
  });
}

test.describe("the zoom viewer on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("fits the picture to the window with the arrows at the middle of the screen; tabbing does not turn the gallery", async ({
    page,
    request,
  }) => {
    const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
    await gotoLive(page, card.relative_url);
    const slides = page.getByTestId("gallery-slide");
    expect(await slides.count()).toBeGreaterThan(1);
    // Tabbing through the whole gallery (slides, arrows, thumbnails) leaves the first picture shown.
    await page.locator("nav[aria-label] a").first().focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    await expect(slides.first()).not.toHaveAttribute("aria-hidden", "true");
    const shown = await slides.first().boundingBox();
    const gallery = await page.getByRole("region").first().boundingBox();
    expect(Math.abs((shown?.x ?? 0) - (gallery?.x ?? 0))).toBeLessThan(2);

    await slides.first().getByRole("button").click();
    const viewer = page.getByTestId("zoom-viewer");
    await expect(viewer).toBeVisible();
    const image = await viewer.getByTestId("zoom-image").boundingBox();
    expect(image?.height ?? Infinity).toBeLessThanOrEqual(900);
    expect(image?.width ?? Infinity).toBeLessThanOrEqual(1280);
    const next = viewer.getByRole("button", { name: "Næste billede" });
    const arrow = await next.boundingBox();
    expect(Math.abs((arrow?.y ?? 0) + (arrow?.height ?? 0) / 2 - 450)).toBeLessThan(2);
    await next.click();
    await expect(viewer.getByRole("heading")).toContainText("2");
    await expectNoSeriousA11yViolations(page);
  });
});

for (const width of [1280, 390]) {
  test.describe(`checkout at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    test("a focused checkout header, the expiry written 03/30, and a receipt with the items, the payment and an account offer", async ({
      page,
    }) => {
      const email = `receipt-${width}-${Date.now()}@example.com`;
      await fillBag(page, 1);
      await gotoLive(page, "/checkout/address/");
      // The checkout's header: the shop, that it is secure, back to the bag; no menu and no search.
      const header = page.getByTestId("checkout-header");
      await expect(header).toContainText("Sikker betaling");
      await expect(
        header.getByRole("link", { name: width > 800 ? "Tilbage til kurven" : "Kurv" }),
      ).toHaveAttribute("href", "/cart/");
      await expect(page.getByRole("search")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      await page.locator("#shipping-name").fill("Mette Jensen");
      await page.locator("#shipping-address").fill("Stadionvej 12");
      await page.locator("#shipping-post_nummer").fill("2100");
      await page.locator("#shipping-town").fill("København Ø");
      await page.locator("#shipping-phone").fill("+45 20 30 40 50");
      await page.locator("#shipping-email").fill(email);
      await page.getByTestId("address-submit").click();
      await expect(page).toHaveURL(/\/checkout\/delivery\/$/);
      const pkg = page.getByTestId("delivery-package").first();
      await pkg.getByTestId("method-home").first().check();
      await page.getByTestId("delivery-continue").click();
      await expect(page).toHaveURL(/\/checkout\/payment$/);

      await page.getByTestId("payment-test-card").check();
      const form = page.getByTestId("card-form");
      await form.locator("input").nth(0).fill("Mette Jensen");
      await form.locator("input").nth(1).fill("4111 1111 1111 1111");
      const expiry = form.getByTestId("card-expiry");
      await expiry.pressSequentially("0330");
      await expect(expiry).toHaveValue("03/30");
      await form.locator("input").nth(3).fill("737");
      await expectNoSeriousA11yViolations(page);
      await page.getByTestId("policy").check();
      await page.getByTestId("pay-button").click();
      await expect(page).toHaveURL(/\/checkout\/receipt\/\?token=/);

      // The receipt: the items, how it was paid, and the full header again.
      await expect(page.getByTestId("receipt-item")).toHaveCount(1);
      await expect(page.getByTestId("receipt-payment")).toContainText("Betalingskort");
      await expect(page.getByTestId("checkout-header")).toHaveCount(0);
      const offer = page.getByTestId("guest-signup");
      await expect(offer.getByLabel("E-mailadresse")).toHaveValue(email);
      await expectNoSeriousA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await offer.getByLabel("Adgangskode").fill("Correct-Horse-42");
      await offer.getByRole("button", { name: "Opret konto" }).click();
      await expect(offer.getByTestId("guest-signup-sent")).toContainText(email);

      // The mailed link confirms the address, and the order is then in the new account.
      // The order's confirmation came first; the validation mail follows.
      const validationLink = () => {
        try {
          return lastMailTo(mailDir, email).link;
        } catch {
          return "";
        }
      };
      await expect.poll(validationLink, { timeout: 15_000 }).toContain("/account/validate/");
      const link = validationLink();
      const number = (await page.getByTestId("order-number").textContent())?.match(/ST\d+/)?.[0];
      // The validation page spends the token once it is live; the session is read after that.
      const validated = page.waitForResponse((r) => r.url().includes("/api/auth/validate-email/"));
      await gotoLive(page, new URL(link).pathname + new URL(link).search);
      expect((await validated).status()).toBe(200);
      await expect
        .poll(async () => (await page.request.get("/api/auth/session/")).json())
        .toMatchObject({
          is_logged_in: true,
        });
      const orders = await (await page.request.get("/v1.1/orders/")).json();
      expect(orders.active_orders.map((o: { order_number: string }) => o.order_number)).toContain(number);
    });
  });
}
