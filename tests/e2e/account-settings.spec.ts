import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { lastMailTo, mailArriving } from "../support/mail-files.ts";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { csrfToken } from "./csrf.ts";
import { gotoLive } from "./hydrated.ts";

const mailDir = path.resolve(import.meta.dirname, "..", "..", "test-results", "e2e-data", "mail");
const PASSWORD = "safe-and-long-1";

/** A member signed up through the API and logged in through the log-in landing. */
async function loggedInMember(page: Page, email: string) {
  await gotoLive(page, "/account/login/");
  const csrf = await csrfToken(page);
  const signup = await page.request.post("/api/auth/signup/", {
    data: { email, password: PASSWORD, name: "Sanne Sweeper" },
    headers: { "x-csrftoken": csrf, origin: new URL(page.url()).origin },
  });
  expect(signup.status()).toBe(201);
  await page.getByLabel("E-mailadresse").fill(email);
  await page.getByRole("button", { name: "Log ind", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log ind" });
  await dialog.getByLabel("Adgangskode").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Log ind" }).click();
  await page.waitForURL("**/account/home/");
}

/** The newest mail to an address that says `words`, once the job queue has sent it. */
async function mailSaying(email: string, words: string) {
  await expect
    .poll(() => {
      try {
        return lastMailTo(mailDir, email).text.includes(words);
      } catch {
        return false;
      }
    })
    .toBe(true);
  return lastMailTo(mailDir, email);
}

for (const width of [1280, 390]) {
  test.describe(`a member at ${width} px`, () => {
    test.use({
      viewport: { width, height: 900 },
      extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${width === 390 ? 51 : 50}` },
    });

    test("edits the profile, preferences and notifications, and changes the e-mail address through the mail", async ({
      page,
    }) => {
      const stamp = `${width}-${Date.now()}`;
      const email = `sweeper-${stamp}@example.com`;
      const newEmail = `new-sweeper-${stamp}@example.com`;
      await loggedInMember(page, email);

      await gotoLive(page, "/account/settings/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontoindstillinger");
      await expect(page.getByRole("tab", { name: "Profil" })).toHaveAttribute("aria-selected", "true");
      await expectNoSeriousA11yViolations(page);

      // Profile: nothing to save until something changes.
      const save = page.getByRole("button", { name: "Gem ændringer" });
      await expect(save).toBeDisabled();
      await expect(page.getByLabel("E-mailadresse")).toHaveValue(email);
      await page.getByLabel("Navn").fill("");
      await page.getByLabel("E-mailadresse").focus();
      await expect(page.getByText("Skriv dit navn.")).toBeVisible();
      await page.getByLabel("Navn").fill("Sanne Libero");
      await expect(save).toBeEnabled();
      await save.click();
      await expect(page.getByText("Dine indstillinger er gemt.").first()).toBeVisible();
      await expect(save).toBeDisabled();
      // The address book is part of the profile tab: a new member has none yet and can add one here.
      await expect(page.getByText("Du har ingen gemte adresser endnu.", { exact: false })).toBeVisible();
      await expect(page.getByRole("button", { name: "Tilføj adresse" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Slet min konto" })).toBeVisible();

      // Tabs by keyboard: the arrow keys move between them, and the address follows.
      await page.getByRole("tab", { name: "Profil" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tab", { name: "Præferencer" })).toHaveAttribute("aria-selected", "true");
      await expect(page).toHaveURL(/\?tab=preferences$/);
      await expectNoSeriousA11yViolations(page);

      // Preferences.
      await page.getByRole("radio", { name: "Kvinde" }).check();
      await page.getByLabel("Holdsportsforbund").selectOption({ label: "DBU – Dansk Boldspil-Union" });
      await page.getByRole("button", { name: "Gem ændringer" }).click();
      await expect(page.getByText("Dine indstillinger er gemt.").first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Gem ændringer" })).toBeDisabled();

      // Notifications, by pointer.
      await page.getByRole("tab", { name: "Notifikationer" }).click();
      await expect(page).toHaveURL(/\?tab=notifications$/);
      await page.getByRole("checkbox", { name: "Nyhedsbrev med nyheder og tilbud" }).check();
      await page.getByRole("checkbox", { name: "Notifikationer på e-mail" }).uncheck();
      await page.getByRole("checkbox", { name: "Sms'er" }).check();
      await page.getByRole("radio", { name: "En gang om måneden" }).check();
      await expectNoSeriousA11yViolations(page);
      const saved = page.waitForResponse(
        (response) => response.url().endsWith("/v1.1/profile/") && response.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Gem ændringer" }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByRole("button", { name: "Gem ændringer" })).toBeDisabled();

      // A reload opens the same tab, with everything as saved.
      await page.reload();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await expect(page.getByRole("tab", { name: "Notifikationer" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(page.getByRole("checkbox", { name: "Nyhedsbrev med nyheder og tilbud" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Notifikationer på e-mail" })).not.toBeChecked();
      await expect(page.getByRole("checkbox", { name: "Sms'er" })).toBeChecked();
      await expect(page.getByRole("radio", { name: "En gang om måneden" })).toBeChecked();
      await page.getByRole("tab", { name: "Præferencer" }).click();
      await expect(page.getByRole("radio", { name: "Kvinde" })).toBeChecked();
      await expect(page.getByLabel("Holdsportsforbund")).toHaveValue("dbu");
      await page.getByRole("tab", { name: "Profil" }).click();
      await expect(page.getByLabel("Navn")).toHaveValue("Sanne Libero");

      // A new e-mail address waits for the link mailed to it.
      await page.getByLabel("E-mailadresse").fill(newEmail);
      await page.getByRole("button", { name: "Gem ændringer" }).click();
      await expect(page.getByTestId("pending-email")).toContainText(`Bekræftelse sendt til ${newEmail}`);
      await expect(page.getByLabel("E-mailadresse")).toHaveValue(email);

      const mail = await mailArriving(mailDir, newEmail);
      expect(mail.link).toContain("/account/email/confirm/?token=");
      await gotoLive(page, mail.link.replace(/^https?:\/\/[^/]+/, ""));
      await expect(page.getByText(`Skal ${newEmail} være e-mailadressen`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: "Bekræft ny e-mailadresse" }).click();
      await expect(page.getByRole("status")).toContainText(`Færdig! ${newEmail} er nu e-mailadressen`);

      // The old address is told; the settings show the new one.
      const notice = await mailSaying(email, "er ændret til");
      expect(notice.text).not.toContain(newEmail);
      await page.getByRole("link", { name: "Gå til kontoindstillinger" }).click();
      await expect(page.getByLabel("E-mailadresse")).toHaveValue(newEmail);
      await expect(page.getByTestId("pending-email")).toHaveCount(0);

      // The link works once.
      await gotoLive(page, mail.link.replace(/^https?:\/\/[^/]+/, ""));
      await expect(page.getByRole("status")).toContainText(`${newEmail} er allerede e-mailadressen`);
      await expect(page.getByRole("button", { name: "Bekræft ny e-mailadresse" })).toHaveCount(0);
    });
  });
}

test("a visitor is sent to log in first, and comes back to the tab asked for", async ({ page }) => {
  await page.goto("/account/settings/?tab=notifications");
  await page.waitForURL("**/account/login/?next=*");
  expect(decodeURIComponent(new URL(page.url()).searchParams.get("next") ?? "")).toBe(
    "/account/settings/?tab=notifications",
  );
});
