import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";
import { findCard } from "./catalogue.ts";
import { gotoLive } from "./hydrated.ts";

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("Space toggles a filter, as it does a checkbox", async ({ page }) => {
      await gotoLive(page, "/football-boots/");
      let list = page.getByRole("complementary", { name: "Filtre" });
      if (width < 1024) {
        await page.getByRole("button", { name: "Filtre" }).click();
        await page.getByRole("dialog", { name: "Filtre" }).getByRole("button", { name: "Mærke" }).click();
        list = page.getByRole("dialog", { name: "Mærke" });
      }
      const brand = list.getByRole("checkbox").first();
      await expect(brand).toHaveAttribute("aria-checked", "false");
      const scrolled = await page.evaluate(() => window.scrollY);
      await brand.focus();
      await page.keyboard.press("Space");
      await expect(page).toHaveURL(/brand=[a-z-]+/);
      await expect(list.getByRole("checkbox", { checked: true })).toHaveCount(1);
      // Space did not scroll the page as it would on a plain link.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await page.keyboard.press("Space");
      await expect(page).not.toHaveURL(/brand=/);
    });

    test("the size buttons are one radio group: Tab reaches it once, the arrow keys choose", async ({
      page,
      request,
    }) => {
      const card = await findCard(
        request,
        "/api/category/get/?slug=football-boots",
        (c) => c.sizes.filter((s) => s.in_stock).length > 2,
      );
      await gotoLive(page, card.relative_url);
      await page.getByTestId("add-to-bag").click();
      const drawer = page.getByTestId("add-to-bag-drawer");
      const group = drawer.getByRole("group", { name: "Størrelser" });
      const sizes = group.getByRole("radio");
      await expect(sizes.first()).toBeVisible();
      const inStock = group.locator("input:enabled");
      await inStock.first().focus();
      await page.keyboard.press("Space");
      await expect(inStock.first()).toBeChecked();
      await page.keyboard.press("ArrowRight");
      await expect(inStock.nth(1)).toBeChecked();
      await expect(inStock.nth(1)).toBeFocused();
      await expect(group.locator("input:checked")).toHaveCount(1);
      // The group is one Tab stop: the next Tab leaves it.
      await page.keyboard.press("Tab");
      await expect(group.locator("input:focus")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("stepping through the sort order with the arrow keys reads the page once, on Enter", async ({
  page,
}) => {
  await gotoLive(page, "/football-boots/");
  const loads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/football-boots") && url.searchParams.has("sort"))
      loads.push(url.searchParams.get("sort") ?? "");
  });
  const select = page.getByLabel("Sortér efter");
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("discount-desc");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=discount-desc/);
  await expect(page.locator("main [aria-busy=false]")).toBeVisible();
  expect(loads).toEqual(["discount-desc"]);
  // Leaving the select after another step applies that one.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page).toHaveURL(/sort=price-asc/);
});

test("every control shows the same 2 px focus ring, dark buttons and the dark footer included", async ({
  page,
}) => {
  await gotoLive(page, "/");
  const ring = (locator: ReturnType<Page["locator"]>) =>
    locator.evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} / ${style.boxShadow}`;
    });
  const expected = "solid 2px rgb(11, 31, 20) / rgb(255, 255, 255) 0px 0px 0px 2px";
  // A dark button (the search), a light one on the dark hero, a link in the dark footer.
  for (const control of [
    page.getByRole("search").getByRole("button", { name: "Søg" }),
    page.getByRole("link", { name: "Shop nu" }),
    page.locator("footer").getByRole("link", { name: "Ofte stillede spørgsmål" }),
  ]) {
    // Focus given after a key press shows as keyboard focus, as Tab would give it.
    await page.keyboard.press("Tab");
    await control.focus();
    expect(await control.evaluate((el) => el.matches(":focus-visible"))).toBe(true);
    expect(await ring(control)).toBe(expected);
  }
});
