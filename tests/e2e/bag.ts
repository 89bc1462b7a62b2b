import { expect, type Page } from "@playwright/test";

/** On a product page: the first size that can be chosen goes into the bag through the drawer. */
export async function addFirstSizeFromProductPage(page: Page) {
  await page.getByTestId("add-to-bag").click();
  const drawer = page.getByTestId("add-to-bag-drawer");
  await expect(drawer).toBeVisible();
  await drawer
    .getByTestId("size-option")
    .filter({ has: page.locator("input:enabled") })
    .first()
    .click();
  await drawer.getByTestId("drawer-add").click();
  await expect(page.getByTestId("powerstep")).toBeVisible();
}
