import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { layoutProblems } from "./layout-guard.ts";

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.158" } });

// Decision 0058: a reminder's link that no longer works lands on the bag with a notice, and leaves
// the visitor without a session (nothing was stored).
test("an expired or unknown bag link shows the bag with a notice in the shopper's language, on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/cart/restore/?token=${"A".repeat(43)}`);
  await expect(page).toHaveURL(/\/cart\/\?restore=invalid$/);
  await expect(page.getByTestId("restore-notice")).toHaveText(
    "Dette link til din kurv er ikke længere gyldigt. Intet er ændret.",
  );
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("sessionid");
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  await page.context().addCookies([{ name: "language", value: "de", domain: "localhost", path: "/" }]);
  await page.goto("/cart/restore/?token=");
  await expect(page.getByTestId("restore-notice")).toHaveText(
    "Dieser Link zu deinem Warenkorb ist nicht mehr gültig. Es wurde nichts geändert.",
  );
});

// Decision 0058: every reminder carries an unsubscribe link that works without logging in. A link
// the shop never made (or mangled by a mail program) gets a clear page with a 4xx status, in the
// shopper's language, and nothing stored; the good link's withdrawal is covered by the API tests
// (bag-reminders.test.ts), since the reminder job cannot be made due from a browser.
test("a reminder's unsubscribe link that is not valid says so in the shopper's language, on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const answer = await page.goto(`/reminders/unsubscribe/?token=${"A".repeat(43)}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ingen flere påmindelser");
  await expect(page.getByTestId("reminder-unsubscribe").getByRole("alert")).toHaveText(
    "Dette afmeldingslink er ikke gyldigt. Tjek, at du har åbnet hele linket fra vores e-mail.",
  );
  await expect(page.getByRole("link", { name: "Fortsæt med at handle" })).toBeVisible();
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("sessionid");
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  await page.context().addCookies([{ name: "language", value: "de", domain: "localhost", path: "/" }]);
  const garbled = await page.goto(`/reminders/unsubscribe/?token=${encodeURIComponent("øæå🙂".repeat(11))}`);
  expect(garbled?.status()).toBe(404);
  await expect(page.getByRole("alert")).toHaveText(
    "Dieser Abmeldelink ist nicht gültig. Prüfe, ob du den ganzen Link aus unserer E-Mail geöffnet hast.",
  );
});
