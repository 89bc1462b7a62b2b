import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { mailArriving } from "../support/mail-files.ts";
import { Shopper } from "../support/shopper.ts";
import { addToBag, placeOrder, prepareCheckout, receiptOrderNumber } from "../support/shopping.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { gotoLive } from "./hydrated.ts";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const mailDir = path.join(process.env.E2E_DATA_DIR ?? path.join("test-results", "e2e-data"), "mail");
const PRIVATE = "private, no-store";

/** Each journey is a different shopper, with its own address for the rate limits. */
let shopperNumber = 0;
const nextAddress = () => {
  shopperNumber++;
  return `10.71.${Math.floor(shopperNumber / 250)}.${shopperNumber % 250}`;
};

interface Size {
  size_id: number;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

/** One size in stock from the shop's own warehouse and one from a partner: an order of two packages. */
async function pickTwoPackages(shopper: Shopper) {
  const cards = (await shopper.get("/api/search/?q=*")).json<{
    products: { product_id: number; is_exclusive: boolean; attributes: { item_type: string } }[];
  }>().products;
  const picks: { product: number; size: number; marketplace: boolean }[] = [];
  for (const marketplace of [false, true]) {
    for (const card of cards) {
      if (picks.some((p) => p.product === card.product_id)) continue;
      if (card.is_exclusive || card.attributes.item_type === "package") continue;
      const sizes = (await shopper.get(`/api/availability/${card.product_id}/`)).json<Size[]>();
      const size = sizes.find(
        (s) =>
          s.stock_info >= 3 && s.is_marketplace === marketplace && s.supplier !== "Strikon Official Store",
      );
      if (!size) continue;
      picks.push({ product: card.product_id, size: size.size_id, marketplace });
      break;
    }
  }
  expect(picks).toHaveLength(2);
  return picks;
}

/** Places an order of two packages in Denmark, paid with the test card; answers its number. */
async function orderTwoPackages(shopper: Shopper, email: string): Promise<string> {
  for (const pick of await pickTwoPackages(shopper)) await addToBag(shopper, pick);
  const { reviewedTotal } = await prepareCheckout(shopper, { market: "dk", email, payment: "test-card" });
  const receipt = await placeOrder(shopper, "test-card", reviewedTotal);
  return receiptOrderNumber(shopper, receipt);
}

/** A new member, logged in, who has placed an order: the shopper and the order's number. */
async function memberWithOrder(forwardedFor: string) {
  const shopper = new Shopper(ORIGIN, { forwardedFor });
  const email = `orders-${Date.now()}-${shopperNumber}@example.com`;
  const password = "safe-and-long-1";
  expect((await shopper.json("/api/auth/signup/", { email, password, name: "Olga Orders" })).status).toBe(
    201,
  );
  expect((await shopper.json("/api/auth/login/", { email, password })).status).toBe(200);
  return { shopper, number: await orderTwoPackages(shopper, email) };
}

/** The page shows no sideways scrolling at its width. */
async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** What the order pages show of an order of two packages (the Danish shop, in Danish). */
async function expectOrderShown(page: Page, number: string) {
  await expect(page.getByRole("heading", { level: 1, name: `Ordre ${number}` })).toBeVisible();
  const shipments = page.getByTestId("order-shipment");
  await expect(shipments).toHaveCount(2);
  // The shop's own warehouse is shown under the shop's name.
  await expect(shipments.first().getByRole("heading", { level: 2 })).toHaveText("Sendes af Pitchside");
  await expect(shipments.first().getByTestId("order-status")).toBeVisible();
  await expect(shipments.first().getByTestId("shipment-address")).toContainText("Stadionvej 12");
  await expect(shipments.first().getByTestId("shipment-address")).toContainText("2100");
  await expect(page.getByTestId("order-line")).toHaveCount(2);
  const firstLine = page.getByTestId("order-line").first();
  await expect(firstLine.getByRole("link")).toHaveAttribute("href", /^\//);
  await expect(firstLine.locator("img")).toHaveAttribute("src", /\/media\//);
  const summary = page.getByTestId("price-summary");
  await expect(summary).toBeVisible();
  await expect(summary.getByTestId("summary-total")).toContainText("kr");
  await expect(summary.getByRole("button")).toHaveCount(0);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("a member opens their orders, finds this year's order and its details", async ({
      page,
      context,
    }) => {
      const forwardedFor = nextAddress();
      await page.setExtraHTTPHeaders({ "x-forwarded-for": forwardedFor });
      const { shopper, number } = await memberWithOrder(forwardedFor);
      await context.addCookies([
        { name: "sessionid", value: shopper.cookies.get("sessionid") ?? "", url: ORIGIN },
      ]);

      await gotoLive(page, "/account/home/");
      await page.getByRole("link", { name: "Dine ordrer", exact: true }).click();
      await expect(page).toHaveURL(/\/account\/orders\/$/);
      await expect(page.getByRole("heading", { level: 1, name: "Dine ordrer" })).toBeVisible();
      const answer = await page.request.get("/account/orders/");
      expect(answer.headers()["cache-control"]).toBe(PRIVATE);
      // The newest year is open, labelled as this year.
      const year = String(new Date().getFullYear());
      const group = page.getByRole("button", { name: new RegExp(`^${year}.*i år`) });
      await expect(group).toHaveAttribute("aria-expanded", "true");
      const card = page.getByTestId("order-card").filter({ hasText: number });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText("2 varer");
      await expect(card).toContainText("kr");
      await expect(card.locator("img")).toHaveCount(2);
      await expect(card).toHaveAttribute("href", `/account/orders/details/?id=${number}`);
      await expectNoSeriousA11yViolations(page);
      await expectNoOverflow(page, width);

      // The year folds away and opens again from the keyboard.
      await group.focus();
      await page.keyboard.press("Enter");
      await expect(group).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      await expect(card).toBeVisible();

      await card.click();
      await expect(page).toHaveURL(new RegExp(`/account/orders/details/\\?id=${number}$`));
      await expectOrderShown(page, number);
      // The invoice: the call names the PDF, which the browser downloads; a failed call is a toast.
      const download = page.waitForEvent("download");
      await page.getByTestId("download-invoice").click();
      expect((await download).suggestedFilename()).toBe(`invoice-${number}.pdf`);
      await page.route("**/checkout/invoice_download/**", (route) =>
        route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"unavailable"}' }),
      );
      await page.getByTestId("download-invoice").click();
      await expect(
        page.getByText("Fakturaen kunne ikke hentes. Prøv igen om lidt.", { exact: true }),
      ).toBeVisible();
      await page.unroute("**/checkout/invoice_download/**");
      await expect(page.getByTestId("return-items")).toHaveAttribute(
        "href",
        `/account/orders/returns/new/?id=${number}`,
      );
      const details = await page.request.get(`/account/orders/details/?id=${number}`);
      expect(details.headers()["cache-control"]).toBe(PRIVATE);
      await expectNoSeriousA11yViolations(page);
      await expectNoOverflow(page, width);

      // Someone else's order, or none: an error toast, the skeletons, and the way back.
      await gotoLive(page, "/account/orders/details/?id=ST999999999");
      await expect(page.getByText("Vi kunne ikke finde denne ordre.", { exact: true })).toBeVisible();
      await expect(page.getByTestId("order-skeleton")).toBeVisible();
      await page.getByRole("link", { name: "Alle ordrer" }).first().click();
      await expect(page).toHaveURL(/\/account\/orders\/$/);
    });

    test("a guest opens the order from the confirmation mail in another browser, and finds it with the lookup", async ({
      browser,
    }) => {
      const forwardedFor = nextAddress();
      const email = `guest-orders-${Date.now()}-${shopperNumber}@example.com`;
      const shopper = new Shopper(ORIGIN, { forwardedFor });
      const number = await orderTwoPackages(shopper, email);
      const mail = await mailArriving(mailDir, email);
      expect(mail.link).toMatch(new RegExp(`^${ORIGIN}/orders/view/\\?token=[0-9a-f-]{36}$`));

      // Another browser, which never saw the shop: the mail's link opens the order.
      const fresh = await freshPage(browser, width, forwardedFor);
      await gotoLive(fresh, mail.link);
      await expectOrderShown(fresh, number);
      await expect(fresh.getByTestId("guest-order-note")).toBeVisible();
      await expect(fresh.getByTestId("download-invoice")).toHaveCount(0);
      await expect(fresh.getByTestId("return-items")).toHaveCount(0);
      const viewed = await fresh.request.get(mail.link);
      expect(viewed.headers()["cache-control"]).toBe(PRIVATE);
      await expectNoSeriousA11yViolations(fresh);
      await expectNoOverflow(fresh, width);
      // A token no order has shows the error toast and a way to look the order up.
      await gotoLive(fresh, "/orders/view/?token=00000000-0000-4000-8000-000000000000");
      await expect(fresh.getByText("Vi kunne ikke finde denne ordre.", { exact: true })).toBeVisible();
      await expect(fresh.getByTestId("order-skeleton")).toBeVisible();
      await fresh.context().close();

      // Yet another browser: the lookup form, first with a wrong e-mail, then the right one.
      const lookup = await freshPage(browser, width, forwardedFor);
      await gotoLive(lookup, "/orders/lookup/");
      await expect(lookup.getByRole("heading", { level: 1, name: "Find din ordre" })).toBeVisible();
      await lookup.getByLabel("Ordrenummer").fill(number.toLowerCase());
      await lookup.getByLabel("E-mailadresse").fill("someone-else@example.com");
      await lookup.getByRole("button", { name: "Vis ordre" }).click();
      await expect(lookup.getByRole("alert")).toHaveText(
        "Vi fandt ingen ordre med dette nummer og denne e-mailadresse.",
      );
      await expectNoSeriousA11yViolations(lookup);
      await expectNoOverflow(lookup, width);
      await lookup.getByLabel("E-mailadresse").fill(email.toUpperCase());
      await lookup.getByRole("button", { name: "Vis ordre" }).click();
      await expect(lookup).toHaveURL(new RegExp(`/orders/view/\\?id=${number}$`));
      await expectOrderShown(lookup, number);
      await expect(lookup.getByTestId("download-invoice")).toHaveCount(0);
      // The number alone, in a browser without the lookup, leads back to the form.
      const stranger = await freshPage(browser, width, forwardedFor);
      await gotoLive(stranger, `/orders/view/?id=${number}`);
      await expect(stranger).toHaveURL(new RegExp(`/orders/lookup/\\?id=${number}$`));
      await expect(stranger.getByLabel("Ordrenummer")).toHaveValue(number);
      await stranger.context().close();
      await lookup.context().close();
    });
  });
}

test("a guest asking for the order pages is sent to log in and back", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": nextAddress() });
  await page.goto("/account/orders/");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Forders%2F$/);
  await page.goto("/account/orders/details/?id=ST1");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Forders%2Fdetails%2F%3Fid%3DST1$/);
});

async function freshPage(browser: Browser, width: number, forwardedFor: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
  });
  return context.newPage();
}
