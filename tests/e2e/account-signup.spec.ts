import path from "node:path";
import { expect, test } from "@playwright/test";
import { mailArriving } from "../support/mail-files.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

const mailDir = path.resolve(import.meta.dirname, "..", "..", "test-results", "e2e-data", "mail");

test.describe("a new member", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.10" } });

  test("signs up, confirms the address from the mail (which logs them in here), logs out and logs in again", async ({
    page,
  }) => {
    const email = `keeper-${Date.now()}@example.com`;
    await page.goto("/account/signup/");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Navn").fill("Kasper Keeper");
    await page.getByLabel("E-mailadresse").fill(email);
    await page.getByLabel("Adgangskode").fill("short");
    await page.getByLabel("Navn").focus();
    await expect(page.getByText("En adgangskode skal have mindst 8 tegn.")).toBeVisible();
    await page.getByLabel("Adgangskode").fill("safe-and-long-1");
    await page.getByRole("button", { name: "Opret konto" }).click();

    const validateDialog = page.getByRole("dialog", { name: "Bekræft din e-mailadresse" });
    await expect(validateDialog).toBeVisible();
    await expect(validateDialog).toContainText(email);
    // Nobody is logged in by the sign-up: the dialog offers the log-in form, the address filled in.
    await validateDialog.getByRole("button", { name: "Log ind med din adgangskode" }).click();
    await expect(page.getByRole("dialog", { name: "Log ind" }).getByLabel("E-mailadresse")).toHaveValue(
      email,
    );

    const mail = await mailArriving(mailDir, email);
    expect(mail.text).toContain("Bekræft din e-mailadresse");
    await page.goto(mail.link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByText("Tak! Din e-mailadresse er bekræftet.")).toBeVisible();

    await page.goto("/account/home/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hej, Kasper Keeper");
    await expect(page.getByText("ikke bekræftet")).toHaveCount(0);
    await page.getByRole("button", { name: "Log ud" }).click();
    await page.waitForURL("**/account/login/");

    await page.goto("/account/home/");
    await page.waitForURL("**/account/login/?next=*");
    await page.waitForLoadState("networkidle");
    // Typing before the page is live would send the form natively and reload the page.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByLabel("E-mailadresse").fill(email);
    await page.getByRole("button", { name: "Log ind", exact: true }).click();
    const loginDialog = page.getByRole("dialog", { name: "Log ind" });
    await loginDialog.getByLabel("Adgangskode").fill("safe-and-long-1");
    await loginDialog.getByRole("button", { name: "Log ind" }).click();
    await page.waitForURL("**/account/home/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hej, Kasper Keeper");
  });
});

test.describe("a guesser", () => {
  test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.66" } });

  test("is paused for the account after a few wrong passwords from one address, and told so", async ({
    page,
  }) => {
    await page.goto("/account/login/");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("E-mailadresse").fill("demo@pitchside.example");
    await page.getByRole("button", { name: "Log ind", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Log ind" });
    const password = dialog.getByLabel("Adgangskode");
    // LOGIN_FAILURES_PER_IP_AND_ACCOUNT wrong passwords from one address are answered as such ...
    for (let attempt = 1; attempt <= 5; attempt++) {
      await password.fill(`wrong-guess-${attempt}`);
      const answer = page.waitForResponse("**/api/auth/login/");
      await dialog.getByRole("button", { name: "Log ind" }).click();
      expect((await answer).status()).toBe(400);
      await expect(dialog.getByText("E-mailadressen eller adgangskoden er forkert.")).toBeVisible();
    }
    // ... then this address is stopped for this account, whatever the password.
    await password.fill("wrong-guess-6");
    const answer = page.waitForResponse("**/api/auth/login/");
    await dialog.getByRole("button", { name: "Log ind" }).click();
    const refused = await answer;
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(dialog.getByRole("alert")).toHaveText(
      "For mange forkerte adgangskoder til denne konto, så log ind er sat på pause et stykke tid. Prøv igen senere, eller vælg en ny adgangskode.",
    );
  });
});

test("the login page passes axe, with its modal open too", async ({ page }) => {
  await page.goto("/account/login/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log ind eller opret en konto");
  await expectNoSeriousA11yViolations(page);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("E-mailadresse").fill("demo@pitchside.example");
  await page.getByRole("button", { name: "Log ind", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
