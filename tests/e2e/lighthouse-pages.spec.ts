import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y.ts";
import { findCard } from "./catalogue.ts";

// Lighthouse's accessibility score is axe-core's rules: the pages it scores for the shop (home,
// a category, a product) are held to no violation of any impact — heading order included — on a
// phone and on a desktop, so the score stays 100. `scripts/lighthouse.sh` runs Lighthouse itself.
for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`home, boots and a product have no accessibility violation of any impact on a ${viewport.name}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
    for (const path of ["/", "/football-boots/", card.relative_url]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectNoA11yViolations(page);
    }
  });
}
