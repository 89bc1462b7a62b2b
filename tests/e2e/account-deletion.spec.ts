import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { csrfToken } from "./csrf.ts";

const PASSWORD = "safe-and-long-1";

/** A member signed up through the API and logged in through the log-in landing, on the account page. */
async function loggedInMember(page: Page, email: string) {
  await page.goto("/account/login/");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const csrf = await csrfToken(page);
  const signup = await page.request.post("/api/auth/signup/", {
    data: { email, password: PASSWORD, name: "Lone Libero" },
    headers: { "x-csrftoken": csrf, origin: new URL(page.url()).origin },
  });
  expect(signup.status()).toBe(201);
  await logIn(page, email);
  await page.waitForURL("**/account/home/");
}

async function logIn(page: Page, email: string) {
  await page.getByLabel("E-mailadresse").fill(email);
  await page.getByRole("button", { name: "Log ind", exact: true }).click();
  const loginDialog = page.getByRole("dialog", { name: "Log ind" });
  await loginDialog.getByLabel("Adgangskode").fill(PASSWORD);
  await loginDialog.getByRole("button", { name: "Log ind" }).click();
}

for (const width of [1280, 390]) {
  test.describe(`a member at ${width} px`, () => {
    test.use({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${width === 390 ? 31 : 30}` },
    });

    test("downloads their data, deletes the account and cannot log in again", async ({ page }) => {
      const email = `libero-${width}-${Date.now()}@example.com`;
      await loggedInMember(page, email);

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download mine data" }).click();
      const file = await (await download).path();
      const data = JSON.parse(fs.readFileSync(file, "utf8"));
      expect(data.account.email).toBe(email);
      expect(JSON.stringify(data)).not.toMatch(/hash|password/i);

      await page.getByRole("button", { name: "Slet min konto" }).click();
      const dialog = page.getByRole("dialog", { name: "Vil du slette din konto?" });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole("button", { name: "Slet min konto" }).click();
      await page.waitForURL("**/account/login/");

      await page.waitForLoadState("networkidle");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await logIn(page, email);
      await expect(page.getByText("E-mailadressen eller adgangskoden er forkert.")).toBeVisible();
      await page.goto("/account/home/");
      await page.waitForURL("**/account/login/?next=*");
    });
  });
}
