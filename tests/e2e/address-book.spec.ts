import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { buyableSize } from "./catalogue.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

/** A state-changing call as the shop's own scripts make it (JSON or a form, CSRF token, the shop's Origin). */
async function post(
  request: APIRequestContext,
  url: string,
  body: { data: Record<string, unknown> } | { form: Record<string, string> },
) {
  const csrf = await csrfToken(request);
  return request.post(url, {
    ...body,
    headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
  });
}

/** A new member, signed up and logged in through the calls (the log-in journeys are elsewhere). */
async function newMember(page: Page, email: string) {
  await page.request.get("/");
  const password = "safe-and-long-1";
  expect(
    (await post(page.request, "/api/auth/signup/", { data: { email, password, name: "Mette" } })).status(),
  ).toBe(201);
  expect((await post(page.request, "/api/auth/login/", { data: { email, password } })).status()).toBe(200);
}

/** One size in stock of a product a visitor may buy, put in the bag. */
async function fillBag(request: APIRequestContext) {
  const { product, size } = await buyableSize(request, (s) => s.stock_info > 1);
  const added = await post(request, "/cart/items/add_to_cart/", {
    form: { product: String(product), size: String(size) },
  });
  expect(added.status()).toBe(200);
}

const card = (page: Page, name: string) =>
  page.getByTestId("address-card").filter({ has: page.getByRole("heading", { name }) });

/** Picks a country in the editor and waits for its form to arrive. */
async function chooseCountry(editor: Locator, label: string) {
  await editor.getByLabel("Land").selectOption({ label });
  await expect(editor.getByLabel("Land")).toHaveValue(
    { Danmark: "dnk", Tyskland: "deu", Italien: "ita" }[label] as string,
  );
}

test("a guest asking for the address book is sent to log in and back", async ({ page }) => {
  await page.goto("/account/addresses/");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Faddresses%2F$/);
});

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${width === 390 ? 161 : 160}` },
    });

    test("a member adds a Danish and a German address, fixes a mistake, edits one, sets a default, and the checkout offers them", async ({
      page,
    }) => {
      await newMember(page, `book-${width}-${Date.now()}@example.com`);
      const answer = await page.request.get("/account/addresses/");
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      await gotoLive(page, "/account/addresses/");
      await expect(page.getByRole("heading", { level: 1, name: "Dine adresser" })).toBeVisible();
      await expect(page.getByText("Du har ingen gemte adresser endnu.")).toBeVisible();

      // A Danish address: the form is Denmark's (no house-number field); both defaults are offered
      // since the book has none yet. A wrong post code is pointed out when the field is left.
      await page.getByRole("button", { name: "Tilføj adresse" }).click();
      const editor = page.getByRole("dialog", { name: "Tilføj adresse" });
      await expect(editor).toBeVisible();
      await expect(editor.getByLabel("Land")).toHaveValue("dnk");
      await expect(editor.getByLabel("Husnummer", { exact: true })).toHaveCount(0);
      await expect(editor.getByLabel("Brug som min standardleveringsadresse")).toBeChecked();
      await expect(editor.getByLabel("Brug som min standardfaktureringsadresse")).toBeChecked();
      await editor.getByLabel("Fulde navn").fill("Mette Jensen");
      await editor.getByLabel("Vej og husnummer").fill("Stadionvej 12");
      await editor.getByLabel("Postnummer").fill("21000");
      await editor.getByLabel("By").fill("København Ø");
      await expect(editor.getByText("Skriv et postnummer som 2100.")).toBeVisible();
      await editor.getByLabel("Mobilnummer").fill("+45 20 30 40 50");
      await expectNoSeriousA11yViolations(page);
      await editor.getByRole("button", { name: "Gem adresse" }).click();
      // Sent with the mistake: nothing is saved, the post code is focused.
      await expect(editor.getByLabel("Postnummer")).toBeFocused();
      await editor.getByLabel("Postnummer").fill("2100");
      await expect(editor.getByText("Skriv et postnummer som 2100.")).toHaveCount(0);
      await editor.getByRole("button", { name: "Gem adresse" }).click();
      await expect(editor).toHaveCount(0);
      const danish = card(page, "Mette Jensen");
      await expect(danish).toContainText("2100 København Ø");
      await expect(danish).toContainText("Danmark");
      await expect(danish.getByText("Standardlevering", { exact: true })).toBeVisible();
      await expect(danish.getByText("Standardfakturering", { exact: true })).toBeVisible();

      // A German address: the house number appears with Germany, goes with Denmark, and Italy asks
      // for a province.
      await page.getByRole("button", { name: "Tilføj adresse" }).click();
      await expect(editor).toBeVisible();
      await expect(editor.getByLabel("Brug som min standardleveringsadresse")).not.toBeChecked();
      await chooseCountry(editor, "Tyskland");
      await expect(editor.getByLabel("Husnummer", { exact: true })).toBeVisible();
      await expect(editor.getByLabel("Postnummer")).toHaveAttribute("placeholder", "10115");
      await chooseCountry(editor, "Italien");
      await expect(editor.getByLabel("Husnummer", { exact: true })).toHaveCount(0);
      await expect(editor.getByLabel("Provins")).toBeVisible();
      await chooseCountry(editor, "Tyskland");
      await expect(editor.getByLabel("Provins")).toHaveCount(0);
      await editor.getByLabel("Fulde navn").fill("Jonas Weber");
      await editor.getByLabel("Vej og husnummer").fill("Hauptstraße");
      await editor.getByLabel("Husnummer", { exact: true }).fill("a5");
      await editor.getByLabel("Postnummer").fill("10115");
      await expect(editor.getByText("Skriv et husnummer, fx 12 eller 12a.")).toBeVisible();
      await editor.getByLabel("Husnummer", { exact: true }).fill("5a");
      await editor.getByLabel("By").fill("Berlin");
      await editor.getByLabel("Mobilnummer").fill("+49 30 1234567");
      await editor.getByRole("button", { name: "Gem adresse" }).click();
      await expect(editor).toHaveCount(0);
      const german = card(page, "Jonas Weber");
      await expect(german).toContainText("Hauptstraße 5a");
      await expect(german).toContainText("Tyskland");
      await expect(german.getByText("Standardlevering", { exact: true })).toHaveCount(0);

      // Editing the German address: its own country's form, filled in.
      await german.getByRole("button", { name: /^Rediger – Jonas Weber/ }).click();
      const edit = page.getByRole("dialog", { name: "Rediger adresse" });
      await expect(edit.getByLabel("Husnummer", { exact: true })).toHaveValue("5a");
      await edit.getByLabel("Postnummer").fill("20095");
      await edit.getByLabel("By").fill("Hamburg");
      await edit.getByRole("button", { name: "Gem adresse" }).click();
      await expect(edit).toHaveCount(0);
      await expect(german).toContainText("20095 Hamburg");

      // The German address becomes the default billing address; the Danish one stays the delivery default.
      await german.getByRole("button", { name: /^Gør til standardfakturering – Jonas Weber/ }).click();
      await expect(german.getByText("Standardfakturering", { exact: true })).toBeVisible();
      await expect(danish.getByText("Standardfakturering", { exact: true })).toHaveCount(0);
      await expect(danish.getByText("Standardlevering", { exact: true })).toBeVisible();
      await page.reload();
      await expect(card(page, "Jonas Weber").getByText("Standardfakturering", { exact: true })).toBeVisible();
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The checkout offers both, and starts from the defaults: delivery to Denmark, billing to Germany.
      await fillBag(page.request);
      await gotoLive(page, "/checkout/address/");
      const saved = page.getByRole("group", { name: "Dine gemte adresser" });
      await expect(saved.getByRole("button")).toHaveCount(2);
      await expect(
        saved.getByRole("button", { name: /Mette Jensen.*Stadionvej 12.*Standardlevering/ }),
      ).toBeVisible();
      await expect(
        saved.getByRole("button", { name: /Jonas Weber.*Hauptstraße 5a.*Standardfakturering/ }),
      ).toBeVisible();
      await expect(page.locator("#shipping-name")).toHaveValue("Mette Jensen");
      await expect(page.locator("#shipping-post_nummer")).toHaveValue("2100");
      await expect(page.getByLabel("Brug også denne adresse til fakturering")).not.toBeChecked();
      await expect(page.locator("#billing-name")).toHaveValue("Jonas Weber");
      await expect(page.locator("#billing-addr_number")).toHaveValue("5a");
      await expect(page.locator("#billing-country")).toHaveValue("deu");
      await page.getByTestId("address-submit").click();
      await expect(page).toHaveURL(/\/checkout\/delivery\/$/);

      // Back in the book: the German address is deleted after a confirmation; no billing default is left.
      await gotoLive(page, "/account/addresses/");
      await card(page, "Jonas Weber")
        .getByRole("button", { name: /^Slet – Jonas Weber/ })
        .click();
      const confirm = page.getByRole("dialog", { name: "Slet denne adresse?" });
      await expect(confirm).toContainText("Jonas Weber, Hauptstraße 5a, Hamburg");
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole("button", { name: "Slet adresse" }).click();
      await expect(page.getByTestId("address-card")).toHaveCount(1);
      await expect(page.getByText("Standardfakturering", { exact: true })).toHaveCount(0);
      await expect(card(page, "Mette Jensen").getByText("Standardlevering", { exact: true })).toBeVisible();
    });
  });
}

test.describe("failures", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.162" } });

  test("a form that cannot be loaded and an address that cannot be saved are error toasts", async ({
    page,
  }) => {
    await newMember(page, `book-failures-${Date.now()}@example.com`);
    await gotoLive(page, "/account/addresses/");
    await page.route("**/v1.1/addresses/form/**", (route) => route.fulfill({ status: 503, body: "{}" }));
    await page.getByRole("button", { name: "Tilføj adresse" }).click();
    await expect(
      page.getByText("Adresseformularen kunne ikke hentes. Prøv igen.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.unroute("**/v1.1/addresses/form/**");

    await page.route("**/v1.1/addresses/", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
    );
    await page.getByRole("button", { name: "Tilføj adresse" }).click();
    const editor = page.getByRole("dialog", { name: "Tilføj adresse" });
    await editor.getByLabel("Fulde navn").fill("Mette Jensen");
    await editor.getByLabel("Vej og husnummer").fill("Stadionvej 12");
    await editor.getByLabel("Postnummer").fill("2100");
    await editor.getByLabel("By").fill("København Ø");
    await editor.getByLabel("Mobilnummer").fill("+45 20 30 40 50");
    await editor.getByRole("button", { name: "Gem adresse" }).click();
    await expect(page.getByText("Adressen kunne ikke gemmes. Prøv igen.", { exact: true })).toBeVisible();
    await expect(editor).toBeVisible();
  });
});
