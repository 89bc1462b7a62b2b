import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

for (const width of [1280, 390]) {
  test(`header search suggests while typing and opens a suggestion with the keyboard (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const field = page.getByRole("combobox", { name: "Søg i butikken" });
    await openSearch(page);
    await field.pressSequentially("hand", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Forslag" });
    await expect(list).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(list.getByRole("option", { name: "Målmandshandsker" })).toBeVisible();
    const products = list.getByRole("group", { name: "Produkter" }).getByRole("option");
    expect(await products.count()).toBeGreaterThan(0);
    expect(await products.count()).toBeLessThanOrEqual(6);
    await expect(products.first()).toContainText("kr.");
    await expectNoSeriousA11yViolations(page);
    if (width === 390) {
      const box = await list.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(360);
    }

    // Escape closes the list; the arrow opens it again on the first option.
    await field.press("Escape");
    await expect(list).toBeHidden();
    await field.press("ArrowDown");
    await expect(list).toBeVisible();
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/goalkeeper-gloves\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Målmandshandsker");
  });
}

test("a product opened from the suggestions, and a search with no result offers a way on", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const field = page.getByRole("combobox", { name: "Søg i butikken" });
  await openSearch(page);
  await field.pressSequentially("handsker", { delay: 30 });
  const products = page.getByRole("listbox").getByRole("group", { name: "Produkter" }).getByRole("option");
  await expect(products.first()).toBeVisible();
  const count = await page.getByRole("listbox").getByRole("option").count();
  // Up from the field wraps to the last option, a product.
  await field.press("ArrowUp");
  await expect(
    page
      .getByRole("listbox")
      .getByRole("option")
      .nth(count - 1),
  ).toHaveAttribute("aria-selected", "true");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/[a-z0-9-]+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto("/search/?q=m%C3%A5lmandshandskerrrr");
  await expect(page.getByRole("status").filter({ hasText: "Vi fandt intet" })).toBeVisible();
  const didYouMean = page.locator("p").filter({ hasText: "Mente du" }).getByRole("link");
  await expect(didYouMean).toHaveText("målmandshandsker");
  await expect(
    page.getByRole("navigation", { name: "Kategorier" }).getByRole("link", { name: "Målmandshandsker" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Populært lige nu" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await didYouMean.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("målmandshandsker");
});

/** On a phone the field sits in a bar its icon opens (focus moves in); from tablets up it is in the header. */
async function openSearch(page: Page) {
  const opener = page.getByRole("button", { name: "Åbn søgning", exact: true });
  if (await opener.isVisible()) await opener.click();
  else await page.getByRole("combobox", { name: "Søg i butikken" }).click();
  await expect(page.getByRole("combobox", { name: "Søg i butikken" })).toBeFocused();
}
