import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { mailArriving, mailFiles } from "../support/mail-files.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { type Card, findCard, printable } from "./catalogue.ts";
import { collectPageErrors, gotoLive } from "./hydrated.ts";

const mailDir = path.resolve(import.meta.dirname, "..", "..", "test-results", "e2e-data", "mail");

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

/** The sizes of a size group that can be chosen (their labels: the radio inputs are visually hidden). */
const choosable = (scope: Locator) =>
  scope.getByTestId("size-option").filter({ has: scope.page().locator("input:enabled") });

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
  const size = choosable(drawer).first();
  await size.click();
  await expect(size.getByRole("radio")).toBeChecked();
  // Clicking the chosen size again un-chooses it.
  await size.click();
  await expect(size.getByRole("radio")).not.toBeChecked();
  await size.click();
  await drawer.getByTestId("drawer-add").click();

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

// The related grid is four rows of 3 to 9 columns by width (spec): a phone draws four rows of three
// cards, not all the call gives (up to 36) in up to twelve rows; a wide screen draws rows of nine.
test("the related grid draws four rows of as many cards as the screen has columns", async ({
  page,
  request,
}) => {
  // A product whose category gives it more related products than a phone's four rows hold.
  const cards = (await (await request.get("/api/category/get/?slug=football-boots")).json())
    .products as Card[];
  let product: { url: string; related: number } | null = null;
  for (const card of cards) {
    const related = (await (await request.get(`/api/products/related/${card.product_id}/`)).json()).results;
    if (related.length > 12) {
      product = { url: card.relative_url, related: related.length };
      break;
    }
  }
  if (!product) throw new Error("no boots with more than 12 related products");
  for (const { width, columns } of [
    { width: 390, columns: 3 },
    { width: 1280, columns: 9 },
  ]) {
    await page.setViewportSize({ width, height: 900 });
    await gotoLive(page, product.url);
    const grid = page.getByTestId("related-products").getByRole("listitem");
    const shown = Math.min(product.related, 4 * columns);
    await expect(grid).toHaveCount(shown);
    const rows = new Set(
      await grid.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top)),
    );
    expect(rows.size, `${width} px`).toBe(Math.ceil(shown / columns));
  }
});

test("an unknown product is the not-found page", async ({ page }) => {
  const response = await page.goto("/p/no-such-product/");
  expect(response?.status()).toBe(404);
});

test("a gift card's page is shown without reviews, and it goes into the bag", async ({ page, request }) => {
  const response = await request.get("/api/category/get/?slug=gift-cards");
  const [card] = (await response.json()).products as Card[];
  if (!card) throw new Error("the demo shop has no gift card");
  const opened = await page.goto(card.relative_url);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A gift card is not reviewed: no stars, no reviews section.
  await expect(page.getByTestId("rating-link")).toHaveCount(0);
  await expect(page.locator("#reviews")).toHaveCount(0);
  // One amount, no size step: the button adds it at once.
  const before = await bagCount(page);
  await page.getByTestId("add-to-bag").click();
  await expect(page.getByTestId("powerstep")).toBeVisible();
  await expect.poll(() => bagCount(page)).toBe(before + 1);
});

test("a customised shirt with name MÜLLER and number 10 becomes a bag line carrying them", async ({
  page,
  request,
}) => {
  const shirt = await findCard(
    request,
    "/api/search/?q=*&sort=default",
    async (card) =>
      card.attributes.item_type === "football_shirts" &&
      card.sizes.some((s) => s.in_stock) &&
      (await printable(request, card.product_id)),
  );
  await page.goto(shirt.relative_url);
  await page.getByTestId("add-to-bag").click();
  const drawer = page.getByTestId("add-to-bag-drawer");
  await choosable(drawer).first().click();
  await drawer.getByTestId("customize").click();

  const name = drawer.getByRole("textbox", { name: /^Navn/ });
  // An 11th letter is refused as it is typed: the field holds 10 and says so.
  await name.pressSequentially("MÜLLERMÜLLE");
  await expect(name).toHaveValue("MÜLLERMÜLL");
  await expect(drawer.getByText("10/10")).toBeVisible();
  await name.fill("MÜLLER");
  await drawer.getByRole("textbox", { name: /^Nummer/ }).fill("10");
  await expectNoSeriousA11yViolations(page);
  await drawer.getByTestId("add-with-print").click();
  await expect(page.getByTestId("powerstep")).toBeVisible();

  const cart = await (await page.request.get("/cart/data/")).json();
  const line = cart.lines.find((l: { product_id: number }) => l.product_id === shirt.product_id);
  expect(line.customization).toMatchObject({ name: "MÜLLER", number: "10" });
});

test("a package with a size for each item is added as one package", async ({ page, request }) => {
  const kit = await findCard(
    request,
    "/api/search/?q=Team%20Kit",
    (card) => card.attributes.item_type === "package",
  );
  await page.goto(kit.relative_url);
  await page.getByTestId("add-to-bag").click();
  const drawer = page.getByTestId("add-to-bag-drawer");
  const items = drawer.getByTestId("package-items").locator(":scope > li");
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThan(1);
  const add = drawer.getByTestId("add-package");
  for (let i = 0; i < count; i++) {
    await expect(add).toBeDisabled();
    // The open item moves on by itself after a size is chosen.
    await choosable(items.nth(i)).first().click();
  }
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByTestId("powerstep")).toBeVisible();
  const cart = await (await page.request.get("/cart/data/")).json();
  const line = cart.lines.find((l: { product_id: number }) => l.product_id === kit.product_id);
  expect(line).toMatchObject({ is_package: true, quantity: 1 });
  expect(line.sublines).toHaveLength(count);
});

test("a sold-out product takes an alert, confirmed from the mailed link, and the size coming back sends exactly one mail", async ({
  page,
  request,
}) => {
  const soldOut = await findCard(
    request,
    "/api/search/?q=*",
    (card) =>
      card.attributes.item_type !== "package" &&
      card.sizes.length > 0 &&
      card.sizes.every((s) => !s.in_stock),
  );

  await page.goto(soldOut.relative_url);
  // The alert form's code loads after the page: wait until it is live before typing.
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("sold-out")).toBeVisible();
  await expect(page.getByTestId("product-price")).toHaveCount(0);
  const form = page.getByTestId("back-in-stock");
  const email = `alert-${Date.now()}@example.com`;
  const emailField = form.locator('input[type="email"]');
  // Errors show once the field is left, and keep the button waiting. The form's code may still be
  // arriving: typing before it is live is typed again.
  await expect(async () => {
    await emailField.fill("not-an-address");
    await emailField.blur();
    await expect(form.locator("p.text-red-700")).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(form.locator('button[type="submit"]')).toBeDisabled();
  await emailField.fill(email);
  await form.locator("select").selectOption({ index: 1 });
  await expectNoSeriousA11yViolations(page);
  await form.locator('button[type="submit"]').click();
  // The form gives way to "check your mail to confirm".
  await expect(page.getByRole("status")).toBeVisible();
  await expect(form).toHaveCount(0);

  // The mailed link opens a page that confirms only with its button (mail scanners open links).
  const { link } = await mailArriving(mailDir, email);
  expect(link).toMatch(/\/stock-alerts\/confirm\/\?token=/);
  // On a phone's width, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const confirmPage = page.getByTestId("stock-alert-confirm");
  await expect(confirmPage).toContainText(soldOut.name);
  await expectNoSeriousA11yViolations(page);
  await confirmPage.getByRole("button").click();
  await expect(confirmPage.getByRole("status")).toContainText(soldOut.name);

  const sizes = (await (await request.get(`/api/availability/${soldOut.product_id}/`)).json()) as {
    size_id: number;
    sku_id: string;
  }[];
  const mailsTo = () =>
    mailFiles(mailDir).filter((file) =>
      fs.readFileSync(path.join(mailDir, file), "utf8").includes(`To: ${email}`),
    );
  for (const size of sizes) {
    const feed = await request.put(`/api/catalogue/stock/${size.sku_id}/`, {
      data: { stock: 5 },
      headers: { authorization: "Bearer e2e-stock-feed" },
    });
    expect(feed.status()).toBe(200);
  }
  // Stock moving again later sends nothing more.
  for (const size of sizes)
    await request.put(`/api/catalogue/stock/${size.sku_id}/`, {
      data: { stock: 6 },
      headers: { authorization: "Bearer e2e-stock-feed" },
    });
  // The confirmation mail, then exactly one back-in-stock mail (sent by the job queue moments later).
  await expect.poll(() => mailsTo().length).toBe(2);
});

test("taps and typing on parts of the page whose code is still on its way are kept and done once it arrives", async ({
  page,
  request,
}) => {
  // The code of the sold-out alert form and of the 360° view is held back until the journey lets it
  // through, so every tap below lands while the part is not live yet.
  let letThrough = () => {};
  const holdCode = () =>
    new Promise<void>((resolve) => {
      letThrough = resolve;
    });
  let held = holdCode();
  await page.route(/\/assets\/(back-in-stock-form|product-media)-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const errors = collectPageErrors(page);
  const documents: string[] = [];
  const alerts: { email?: string; newsletter?: boolean; size_id?: number }[] = [];
  page.on("request", (asked) => {
    if (asked.isNavigationRequest()) documents.push(asked.url());
    if (asked.url().includes("/notify_sold_out/")) alerts.push(asked.postDataJSON());
  });

  // The last sold-out product (the first is the alert journey's above): the shopper fills the form and
  // taps its button twice before the form's code is here.
  const soldOut: Card[] = [];
  await findCard(request, "/api/search/?q=*", (card) => {
    if (
      card.attributes.item_type !== "package" &&
      card.sizes.length > 0 &&
      card.sizes.every((s) => !s.in_stock)
    )
      soldOut.push(card);
    return false;
  }).catch(() => undefined);
  const product = soldOut.at(-1) as Card;
  expect(soldOut.length, "two sold-out products in the demo catalogue").toBeGreaterThan(1);
  await gotoLive(page, product.relative_url);
  const form = page.getByTestId("back-in-stock");
  const submit = form.locator('button[type="submit"]');
  const email = `early-${Date.now()}@example.com`;
  await form.locator('input[type="email"]').fill(email);
  await form.locator("select").selectOption({ index: 1 });
  await form.locator('input[type="checkbox"]').check();
  await submit.click();
  await submit.click();
  // Waiting: the button shows it, and the browser has not sent the form itself (before, it loaded
  // the same page again with the address in its query).
  await expect(submit).toHaveAttribute("data-waiting", "");
  await expect(page.locator('[aria-busy="true"]').filter({ has: form })).toHaveCount(1);
  expect(documents).toEqual([new URL(product.relative_url, page.url()).href]);
  letThrough();
  // Once the form's code is here it is sent once, with what was typed, chosen and ticked.
  await expect(page.getByRole("status")).toBeVisible();
  await expect(form).toHaveCount(0);
  expect(alerts).toEqual([expect.objectContaining({ email, newsletter: true, size_id: expect.any(Number) })]);
  expect(documents).toHaveLength(1);

  // A product with a 360° view: its button tapped twice as soon as the page is live opens the view.
  const spinning = await findCard(request, "/api/category/get/?slug=football-boots", async (card) =>
    (await (await request.get(card.relative_url)).text()).includes('data-testid="open-360"'),
  );
  held = holdCode();
  await gotoLive(page, spinning.relative_url);
  const open360 = page.getByTestId("open-360");
  await open360.click();
  await open360.click();
  await expect(open360).toHaveAttribute("data-waiting", "");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  letThrough();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(open360).not.toHaveAttribute("data-waiting");
  expect(errors).toEqual([]);
});

test("a visitor who is not logged in is sent to log in by the favourite heart", async ({ page, request }) => {
  const card = await buyable(request, "football-boots");
  await page.goto(card.relative_url);
  await page.getByTestId("favourite").click();
  await expect(page).toHaveURL(new RegExp(`/account/login/\\?next=${encodeURIComponent(card.relative_url)}`));
});

test("a combine offer asks for a size before adding its item", async ({ page, request }) => {
  const boot = await findCard(request, "/api/category/get/?slug=football-boots", async (card) => {
    if (!card.sizes.some((s) => s.in_stock)) return false;
    const sizes = (await (await request.get(`/api/availability/${card.product_id}/`)).json()) as {
      sku_id: string;
    }[];
    if (!sizes[0]) return false;
    const offers = (await (await request.get(`/api/promotions/get/${sizes[0].sku_id}/`)).json()) as {
      promotions: { benefit_items: { sizes: unknown[] }[] }[];
    };
    return offers.promotions.some((p) => p.benefit_items.some((item) => item.sizes.length > 1));
  });
  await page.goto(boot.relative_url);
  const offers = page.getByTestId("combine-offers");
  const item = offers
    .locator("li")
    .filter({ has: page.locator("select") })
    .first();
  await item.getByRole("button").click();
  await expect(item.locator("p.text-red-700")).toBeVisible();
  await item.locator("select").selectOption({ index: 1 });
  await expect(item.locator("p.text-red-700")).toHaveCount(0);
  const before = await bagCount(page);
  await item.getByRole("button").click();
  await expect.poll(() => bagCount(page)).toBe(before + 1);
});

test("a product in a look shows it with markers that lead to each product, and the social gallery needs consent", async ({
  page,
  request,
  baseURL,
}) => {
  const looks = await (
    await request.get("/api/content/category/shop-the-looks/?fields=*&slug=football-boots&page=1")
  ).json();
  const spots = looks.items[0].content.hotspots as { product: Card[] }[];
  const featured = spots[0]?.product[0] as Card;
  await page.goto(featured.relative_url);
  const look = page.getByTestId("shop-the-look");
  await expect(look).toBeVisible();
  await expect(look.locator("a")).toHaveCount(spots.length);
  await expect(page.getByTestId("social-gallery")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await look.locator("a").nth(1).click();
  await expect(page).toHaveURL(new RegExp(`${spots[1]?.product[0]?.relative_url}$`));

  await page
    .context()
    .addCookies([{ name: "cookie_consent", value: "v2.2026-11-24.statistics", url: baseURL as string }]);
  await page.goto(featured.relative_url);
  await expect(page.getByTestId("social-gallery")).toBeVisible();
});
