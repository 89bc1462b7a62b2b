import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3210}`;

/** A state-changing call as the shop's own scripts make it (JSON, CSRF token, the shop's Origin). */
async function post(request: APIRequestContext, url: string, data: Record<string, unknown>) {
  const csrf = await csrfToken(request);
  return request.post(url, {
    data,
    headers: { "x-csrftoken": csrf, "x-requested-with": "XMLHttpRequest", origin: ORIGIN },
  });
}

/** A fresh member, signed up and logged in in the page's browser. */
async function logInNewMember(page: Page, label: string) {
  const request = page.request;
  await request.get("/");
  const email = `tastemaker-${label}-${Date.now()}@example.com`;
  expect(
    (await post(request, "/api/auth/signup/", { email, password: "safe-and-long-1", name: "Tia" })).status(),
  ).toBe(201);
  expect((await post(request, "/api/auth/login/", { email, password: "safe-and-long-1" })).status()).toBe(
    200,
  );
}

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.160" } });

test("a guest asking for the tastemaker page is sent to log in and back", async ({ page }) => {
  await page.goto("/account/tastemaker/");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Ftastemaker%2F$/);
});

/**
 * The member's journey (in Danish, the default market's language): a send with mistakes scrolls to
 * the first field in error, a failed call shows a toast, the corrected send opens the dialog, whose
 * button leads to the account; the page then shows the application instead of the form.
 */
async function applyWithMistakesFirst(page: Page) {
  await gotoLive(page, "/account/tastemaker/");
  await expect(page.getByRole("heading", { level: 1, name: "Bliv tastemaker hos Pitchside" })).toBeVisible();
  const answer = await page.request.get("/account/tastemaker/");
  expect(answer.headers()["cache-control"]).toBe("private, no-store");

  // The years go from this year minus 13 (Danish minimum age) down to 1970.
  const year = new Date().getUTCFullYear();
  const birthYear = page.getByLabel("Fødselsår");
  const years = await birthYear.locator("option").allTextContents();
  expect(years.slice(1, 2)).toEqual([String(year - 13)]);
  expect(years.at(-1)).toBe("1970");
  await expectNoSeriousA11yViolations(page);

  await birthYear.selectOption("2004");
  await page.getByRole("radio", { name: "Kvinde" }).check();
  await page.getByLabel("Position").selectOption({ label: "Målmand" });
  await page.getByLabel("Støvlestørrelse (EU)").selectOption("40⅔");
  await expect(page.getByRole("radio", { name: "Amatør" })).toBeChecked();
  const phone = page.getByLabel("Telefonnummer (valgfrit)");
  await phone.fill("20 30 40 ab");
  const motivation = page.getByLabel("Hvorfor vil du være tastemaker?");
  await motivation.fill("For kort tekst");
  await expect(page.getByTestId("motivation-count")).toHaveText("14 af 500 tegn (mindst 15)");
  await page.getByLabel("Brugernavn på Instagram (valgfrit)").fill("@tia.keeper");
  await page.getByLabel("Følgere på Instagram (valgfrit)").selectOption({ label: "5.000–25.000" });

  const send = page.getByRole("button", { name: "Send ansøgning" });
  await send.scrollIntoViewIfNeeded();
  await expect(phone).not.toBeInViewport();
  await send.click();

  // The page scrolls to the first field in error and focuses it; both mistakes are named.
  await expect(phone).toBeFocused();
  await expect(phone).toBeInViewport();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("error-phoneNumber")).toHaveText(
    "Et telefonnummer må kun indeholde cifre, +, mellemrum, parenteser og bindestreger.",
  );
  await expect(page.getByTestId("error-motivation")).toHaveText("Skriv mindst 15 tegn.");
  await expectNoSeriousA11yViolations(page);

  // Corrected, the errors go while typing.
  await phone.fill("+45 (20) 30-40-50");
  await expect(page.getByTestId("error-phoneNumber")).toHaveCount(0);
  await motivation.fill("Jeg filmer min træning hver uge ⚽ og deler den med holdet.");
  await expect(page.getByTestId("error-motivation")).toHaveCount(0);
  await expect(page.getByTestId("motivation-count")).toHaveText("58 af 500 tegn (mindst 15)");

  // A failed call: a toast with a title and a description, the form stays as it was.
  await page.route("**/account/signup-tastemaker/", (route) =>
    route.fulfill({ status: 503, json: { error: "database_busy", message: "busy" } }),
  );
  await send.click();
  const toast = page.getByRole("status").filter({ hasText: "Din ansøgning blev ikke sendt" });
  await expect(toast).toContainText("Noget gik galt hos os. Prøv igen om lidt.");
  await page.unroute("**/account/signup-tastemaker/");

  await send.click();
  const dialog = page.getByRole("dialog", { name: "Tak for din ansøgning!" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Vi har modtaget din ansøgning.");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("link", { name: "Gå til min konto" }).click();
  await expect(page).toHaveURL(/\/account\/home\/$/);
  // Having applied, the member is no longer invited to the programme from the account home.
  await expect(page.getByTestId("tile-orders")).toBeVisible();
  await expect(page.getByTestId("tile-tastemaker")).toHaveCount(0);

  // Back on the page, the member sees where the application stands instead of the form.
  await gotoLive(page, "/account/tastemaker/");
  await expect(page.getByTestId("tastemaker-status")).toContainText("Modtaget – vi læser den");
  await expect(page.getByRole("button", { name: "Send ansøgning" })).toHaveCount(0);

  // The call takes one application per member.
  const again = await post(page.request, "/account/signup-tastemaker/", {
    birthYear: 2004,
    gender: "Female",
    position: "Goalkeeper",
    bootSize: "40⅔",
    motivation: "Endnu en ansøgning, tak.",
  });
  expect(again.status()).toBe(409);
}

test("a member applies: mistakes first, then the dialog and on to the account", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInNewMember(page, "desktop");
  await applyWithMistakesFirst(page);
});

test("the same on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInNewMember(page, "phone");
  await applyWithMistakesFirst(page);
  await page.goto("/account/tastemaker/");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
