import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { Shopper } from "../support/shopper.ts";
import { addToBag, placeOrder, prepareCheckout, receiptOrderNumber } from "../support/shopping.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { buyableSize, type Card } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
const PASSWORD = "safe-and-long-1";
const WIDTHS = [1280, 390] as const;

/** Each journey is a different shopper, for the log-in limits (one address per journey). */
let journey = 0;
test.beforeEach(async ({ page }) => {
  journey++;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.77.0.${journey}` });
});

/** A new member, signed up through the API in a jar of its own (a sign-up logs nobody in). */
async function signUp(request: APIRequestContext, name: string): Promise<string> {
  const email = `home-${name.toLowerCase()}-${Date.now()}-${journey}@example.com`;
  const csrf = await csrfToken(request);
  const answer = await request.post("/api/auth/signup/", {
    data: { email, password: PASSWORD, name },
    headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
  });
  expect(answer.status()).toBe(201);
  return email;
}

/** The landing's log-in: the e-mail field's button opens the modal, which has the address filled in. */
async function logInThroughLanding(page: Page, email: string) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("E-mailadresse").fill(email);
  await page.getByRole("button", { name: "Log ind", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log ind" });
  await expect(dialog.getByLabel("E-mailadresse")).toHaveValue(email);
  await dialog.getByLabel("Adgangskode").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Log ind" }).click();
}

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** A product a visitor may buy, from a category listing. */
async function someProduct(request: APIRequestContext): Promise<Card> {
  const cards = (await (await request.get("/api/category/get/?slug=football-boots")).json())
    .products as Card[];
  const card = cards.find((c) => !c.is_exclusive && c.sizes.some((s) => s.in_stock));
  if (!card) throw new Error("no product to favourite");
  return card;
}

for (const width of WIDTHS) {
  test(`a guest taps the heart on a product, logs in, and the product is a favourite (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = await signUp(request, "Hjerte");
    const card = await someProduct(request);

    await gotoLive(page, card.relative_url);
    await page.getByTestId("favourite").click();
    await page.waitForURL(`**/account/login/?next=${encodeURIComponent(card.relative_url)}`);
    // The log-in page says the tapped product is kept.
    await expect(page.getByTestId("pending-favourite")).toContainText(card.name);
    await noSideways(page, width);

    await logInThroughLanding(page, email);
    await page.waitForURL(`**${card.relative_url}`);
    await expect(page.getByTestId("favourite")).toHaveAttribute("aria-pressed", "true");

    await gotoLive(page, "/account/favorites/");
    const items = page.getByRole("main").getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(card.name);
  });
}

/** A member who has placed one order (through the API, as the checkout pages make the calls). */
async function memberWithOrder(request: APIRequestContext) {
  const email = await signUp(request, "Ordre");
  const shopper = new Shopper(ORIGIN, { forwardedFor: `10.78.0.${journey}` });
  expect((await shopper.json("/api/auth/login/", { email, password: PASSWORD })).status).toBe(200);
  const { product, size } = await buyableSize(
    request,
    (s) => s.stock_info >= 3 && !s.is_marketplace && s.supplier !== "Strikon Official Store",
  );
  const line = { product, size };
  await addToBag(shopper, line);
  const { reviewedTotal } = await prepareCheckout(shopper, { market: "dk", email, payment: "test-card" });
  const number = await receiptOrderNumber(shopper, await placeOrder(shopper, "test-card", reviewedTotal));
  return { email, number, session: shopper.cookies.get("sessionid") as string };
}

for (const width of WIDTHS) {
  test(`a member sees the latest order on the account home and follows its links and tiles (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { number, session } = await memberWithOrder(request);
    await page.context().addCookies([{ name: "sessionid", value: session, url: ORIGIN }]);

    await gotoLive(page, "/account/home/");
    const latest = page.getByTestId("latest-order");
    await expect(latest.getByRole("heading", { name: `Ordre ${number}` })).toBeVisible();
    await expect(latest).toContainText("Modtaget");
    await expect(latest).toContainText("1 vare");
    // Money and dates as Danish Intl writes them.
    await expect(latest).toContainText(/\d+,\d{2}\s?kr\./);
    await expect(latest).toContainText(new RegExp(`\\d{1,2}\\. \\p{L}+ ${new Date().getFullYear()}`, "u"));
    await expect(latest.getByRole("link", { name: "Se ordredetaljer" })).toHaveAttribute(
      "href",
      `/account/orders/details/?id=${number}`,
    );
    await expect(page.getByRole("link", { name: "Alle ordrer" })).toHaveAttribute("href", "/account/orders/");
    const tiles = page.getByRole("navigation", { name: "Dit medlemsområde" }).getByRole("link");
    await expect(tiles).toHaveCount(6);
    for (const [name, href] of [
      ["Mine ordrer", "/account/orders/"],
      ["Mine favoritter", "/account/favorites/"],
      ["Indstillinger", "/account/settings/"],
      ["Adresser", "/account/addresses/"],
      ["Masterclass", "/masterclass/"],
      ["Tastemaker", "/account/tastemaker/"],
    ] as const)
      await expect(tiles.filter({ hasText: name })).toHaveAttribute("href", href);
    await expect(tiles.filter({ hasText: "Mine favoritter" })).toContainText("Ingen endnu");
    // The account's own controls are still here.
    await expect(page.getByRole("button", { name: "Log ud" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download mine data" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Slet min konto" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSideways(page, width);
    if (width === 390) {
      // Phones get two tiles a row.
      const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
      expect(first?.y).toBe(second?.y);
      expect((second?.x ?? 0) > (first?.x ?? 0)).toBe(true);
    }

    await tiles.filter({ hasText: "Mine favoritter" }).click();
    await expect(page).toHaveURL(/\/account\/favorites\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dine favoritter" })).toBeVisible();
  });
}

test("a member without orders is invited to shop; a guest is sent to log in and back", async ({
  page,
  request,
}) => {
  await page.goto("/account/home/");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Fhome%2F$/);
  const email = await signUp(request, "Tom");
  await logInThroughLanding(page, email);
  await page.waitForURL("**/account/home/");
  await expect(page.getByText("Ingen ordrer endnu")).toBeVisible();
  await expect(page.getByRole("link", { name: "Find noget, du kan lide" })).toHaveAttribute(
    "href",
    "/search/?q=*",
  );
  await expect(page.getByTestId("latest-order")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Alle ordrer" })).toHaveCount(0);
  // The home page's login-aware banner: the members' text instead of the log-in prompt.
  await page.goto("/");
  const banner = page.getByTestId("login-banner");
  await expect(banner.getByRole("heading", { name: "Nyt i din masterclass" })).toBeVisible();
  await expect(banner.getByRole("link")).toHaveAttribute("href", "/masterclass/");
  await expect(banner.getByRole("link", { name: "Log ind" })).toHaveCount(0);
});

for (const width of WIDTHS) {
  test(`the login landing opens the login modal from the e-mail field, and shows what an account gives (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoLive(page, "/account/login/?next=/account/favorites/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log ind eller opret en konto");
    await page.getByLabel("E-mailadresse").fill("demo@pitchside.example");
    await page.getByRole("button", { name: "Log ind", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Log ind" });
    await expect(dialog.getByLabel("E-mailadresse")).toHaveValue("demo@pitchside.example");
    await expect(dialog.getByLabel("Adgangskode")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    const cards = page.getByRole("region", { name: "Det giver din konto dig" }).getByRole("link");
    await expect(cards).toHaveCount(4);
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "/account/favorites/",
      "/account/orders/",
      "/masterclass/",
      "/account/tastemaker/",
    ]);
    await expect(
      page.getByRole("region", { name: "Populært lige nu" }).getByRole("article").first(),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Hvorfor en konto?" })).toBeVisible();
    await expect(page.getByTestId("pending-favourite")).toHaveCount(0);
    await noSideways(page, width);

    // With a link's log-in the modal comes back to `next`; the demo member logs in there.
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Log ind", exact: true }).click();
    await dialog.getByLabel("Adgangskode").fill("pitchside-demo");
    await dialog.getByRole("button", { name: "Log ind" }).click();
    await page.waitForURL("**/account/favorites/");
  });
}

test("after sign-up the landing shows the validate modal, whose log-in has the address filled in", async ({
  page,
}) => {
  await gotoLive(page, "/account/login/?validate_email=new%40example.com&next=/account/home/");
  const dialog = page.getByRole("dialog", { name: "Bekræft din e-mailadresse" });
  await expect(dialog).toContainText("new@example.com");
  await dialog.getByRole("button", { name: "Log ind med din adgangskode" }).click();
  await expect(page.getByRole("dialog", { name: "Log ind" }).getByLabel("E-mailadresse")).toHaveValue(
    "new@example.com",
  );
});
