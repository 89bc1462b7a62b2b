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
