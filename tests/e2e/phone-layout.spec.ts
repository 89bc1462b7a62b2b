import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { Shopper } from "../support/shopper.ts";
import { addToBag, placeOrder, prepareCheckout } from "../support/shopping.ts";
import { type Card, findCard, printable } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";
import { layoutProblems } from "./layout-guard.ts";

/**
 * The overflow guard (decision 0037): every kind of page, at two phone widths and a tablet's, fits
 * the screen and every control on it can be tapped — inside the screen and at least 24 × 24 px.
 * One browser per width walks the pages as one shopper would, and the test lists every problem of
 * every page before it fails.
 */
const WIDTHS = [360, 390, 768];

interface Size {
  size_id: number;
  stock_info: number;
  supplier: string;
  is_marketplace: boolean;
}

/** The products every width visits, looked up once. */
interface Catalogue {
  plain: Card;
  customizable: Card;
  pack: Card;
  soldOut: Card;
  giftCard: Card;
  /** Sizes in stock to put in the bags: the shop's own and a partner's, so the bag has two groups. */
  lines: { product: number; size: number }[];
}

let catalogue: Catalogue;

async function sizesOf(request: APIRequestContext, productId: number): Promise<Size[]> {
  return (await (await request.get(`/api/availability/${productId}/`)).json()) as Size[];
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const inStock = (card: Card) => card.sizes.some((size) => size.in_stock);
  const plain = await findCard(
    request,
    "/api/category/get/?slug=football-boots",
    (card) => inStock(card) && card.sizes.length > 1,
  );
  const customizable = await findCard(
    request,
    "/api/search/?q=*",
    async (card) =>
      card.attributes.item_type === "football_shirts" &&
      inStock(card) &&
      (await printable(request, card.product_id)),
  );
  const pack = await findCard(
    request,
    "/api/search/?q=Team%20Kit",
    (c) => c.attributes.item_type === "package",
  );
  const soldOut = await findCard(
    request,
    "/api/search/?q=*",
    (card) =>
      card.attributes.item_type !== "package" &&
      card.sizes.length > 0 &&
      card.sizes.every((s) => !s.in_stock),
  );
  const lines: Catalogue["lines"] = [];
  for (const marketplace of [false, true]) {
    await findCard(request, "/api/search/?q=*", async (card) => {
      if (card.attributes.item_type === "package" || lines.some((l) => l.product === card.product_id))
        return false;
      const size = (await sizesOf(request, card.product_id)).find(
        (s) =>
          s.stock_info >= 5 && s.is_marketplace === marketplace && s.supplier !== "Strikon Official Store",
      );
      if (size) lines.push({ product: card.product_id, size: size.size_id });
      return Boolean(size);
    });
  }
  const giftCard = await findCard(request, "/api/category/get/?slug=gift-cards", () => true);
  catalogue = { plain, customizable, pack, soldOut, giftCard, lines };
  await request.dispose();
});

for (const width of WIDTHS) {
  test(`every kind of page fits a ${width} px screen and its controls can be tapped`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const forwardedFor = `198.51.100.${200 + WIDTHS.indexOf(width)}`;
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      extraHTTPHeaders: { "x-forwarded-for": forwardedFor },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    const check = async (url: string, what: string, root?: string) => {
      for (const problem of await layoutProblems(page, root)) problems.push(`${what} (${url}): ${problem}`);
    };
    const visit = async (url: string, what: string, status = 200) => {
      const response = await page.goto(url);
      expect(response?.status(), `${what} ${url}`).toBe(status);
      // The not-found page (the error boundary's) is marked live as well.
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await check(url, what);
    };

    await visit("/", "home");
    await visit("/football-boots/", "category with a sponsored block");
    await expect(page.getByTestId("sponsored")).toHaveCount(1);
    await drawers(page, check);
    await visit("/football-shirts/", "category without a sponsored block");
    await expect(page.getByTestId("sponsored")).toHaveCount(0);
    await visit("/search/?q=boot", "search");
    await visit(catalogue.plain.relative_url, "product");
    await visit(catalogue.customizable.relative_url, "customizable product");
    await visit(catalogue.pack.relative_url, "package");
    await visit(catalogue.soldOut.relative_url, "sold-out product");
    await visit(catalogue.giftCard.relative_url, "gift card (no reviews)");
    await visit("/account/login/", "log-in");
    await visit("/faq/", "FAQ");
    // CMS pages: every kind of block (placeholders for the embeds), then each trust page.
    await visit("/pages/about/", "CMS page with every block");
    for (const slug of ["terms", "returns", "delivery", "payment-methods", "contact", "cookie-policy"])
      await visit(`/pages/${slug}/`, `trust page ${slug}`);
    await visit("/policies/privacy/", "privacy policy");
    await visit("/stores/", "store locator");
    await visit("/orders/lookup/", "order lookup");
    await visit("/reels/", "reels feed");
    await visit("/no-such-page-here/", "not found", 404);

    // A guest's bag and checkout, reached through the calls the pages make.
    const shopper = new Shopper(baseURL ?? "", { forwardedFor });
    for (const line of catalogue.lines) await addToBag(shopper, line);
    await adopt(context, shopper, baseURL ?? "");
    await visit("/cart/", "bag");
    await expect(page.getByTestId("cart-line")).toHaveCount(catalogue.lines.length);
    const shared = (await shopper.json("/api/cart/shared/create_shared_cart/", {})).json<{
      shared_cart: string;
    }>();
    await visit(`/cart/shared/?uuid=${shared.shared_cart}`, "shared bag");
    await visit("/checkout/address/", "checkout: address");
    const email = `phone-${width}-${Date.now()}@example.com`;
    const { reviewedTotal } = await prepareCheckout(shopper, { market: "dk", email, payment: "test-card" });
    await visit("/checkout/delivery/", "checkout: delivery");
    await visit("/checkout/payment", "checkout: payment");
    const receipt = await placeOrder(shopper, "test-card", reviewedTotal);
    await visit(receipt, "receipt");

    // A member's pages.
    const csrf = await csrfToken(page);
    const headers = { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: baseURL ?? "" };
    const member = { email: `phone-member-${width}-${Date.now()}@example.com`, password: "safe-and-long-1" };
    expect(
      (await page.request.post("/api/auth/signup/", { data: { ...member, name: "Pia" }, headers })).status(),
    ).toBe(201);
    expect((await page.request.post("/api/auth/login/", { data: member, headers })).status()).toBe(200);
    await visit("/account/home/", "account");
    await visit("/account/favorites/", "favourites");
    await visit("/account/settings/", "account settings");
    await visit("/account/addresses/", "address book");
    await visit("/account/orders/", "orders");
    await visit("/account/tastemaker/", "tastemaker application");
    await visit("/masterclass/", "masterclass");

    await context.close();
    expect(problems).toEqual([]);
  });
}

/** The header's search bar and, on a phone, the filter drawer and one of its filters. */
async function drawers(page: Page, check: (url: string, what: string, root?: string) => Promise<void>) {
  const url = page.url();
  const search = page.getByRole("button", { name: "Åbn søgning", exact: true });
  if (await search.isVisible()) {
    await search.click();
    await expect(page.getByRole("combobox", { name: "Søg i butikken" })).toBeFocused();
    await check(url, "header with the search bar open");
    await page.keyboard.press("Escape");
  }
  const filters = page.getByRole("button", { name: /^Filtre/ });
  if (!(await filters.isVisible())) return;
  await filters.click();
  const drawer = page.getByRole("dialog", { name: "Filtre" });
  await expect(drawer).toBeVisible();
  await check(url, "filter drawer", "[role=dialog]");
  await drawer.getByRole("button", { name: /Farve/ }).click();
  await expect(page.getByRole("dialog", { name: "Farve" })).toBeVisible();
  await check(url, "colour filter", "[role=dialog]");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
}

/** The browser takes over a shopper's cookies (session, CSRF token): it is that shopper from now on. */
async function adopt(context: BrowserContext, shopper: Shopper, url: string) {
  await context.addCookies([...shopper.cookies].map(([name, value]) => ({ name, value, url })));
}
