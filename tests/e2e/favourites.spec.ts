import { type APIRequestContext, expect, test } from "@playwright/test";
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

test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.150" } });

test("a guest asking for the favourites page is sent to log in and back", async ({ page }) => {
  await page.goto("/account/favorites/?page=2");
  await expect(page).toHaveURL(/\/account\/login\/\?next=%2Faccount%2Ffavorites%2F%3Fpage%3D2/);
});

test("a member opens favourites from the header heart, sees both, adds one to the bag with a size and removes one", async ({
  page,
}) => {
  const request = page.request;
  await request.get("/");
  const email = `favourites-${Date.now()}@example.com`;
  expect(
    (await post(request, "/api/auth/signup/", { email, password: "safe-and-long-1", name: "Fay" })).status(),
  ).toBe(201);
  expect((await post(request, "/api/auth/login/", { email, password: "safe-and-long-1" })).status()).toBe(
    200,
  );
  const cards = (
    (await (await request.get("/api/search/?q=*")).json()).products as {
      product_id: number;
      name: string;
      is_exclusive: boolean;
      sizes: { in_stock: boolean }[];
      attributes: { item_type: string };
    }[]
  ).filter((card) => card.attributes.item_type !== "package" && card.sizes.some((size) => size.in_stock));
  const [older, newer] = cards.slice(0, 2) as [(typeof cards)[number], (typeof cards)[number]];
  for (const card of [older, newer]) {
    expect((await post(request, "/api/favorites/add/", { product_id: card.product_id })).status()).toBe(200);
  }

  await gotoLive(page, "/");
  await page.getByRole("link", { name: /^Favoritter, 2 produkter$/ }).click();
  await expect(page).toHaveURL(/\/account\/favorites\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dine favoritter" })).toBeVisible();
  const page1 = await request.get("/account/favorites/");
  expect(page1.headers()["cache-control"]).toBe("private, no-store");
  const items = page.getByRole("main").getByRole("listitem");
  await expect(items).toHaveCount(2);
  const newerLink = page.getByRole("main").getByRole("link", {
    name: new RegExp(newer.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  });
  await expect(newerLink).toHaveAttribute("target", "_blank");
  await expectNoSeriousA11yViolations(page);

  // Adding to the bag needs a size: without one the card asks for it.
  await page.getByRole("button", { name: `Læg i kurv – ${older.name}` }).click();
  await expect(page.getByText("Vælg venligst størrelse")).toBeVisible();
  await page.getByLabel(`Størrelser – ${older.name}`).selectOption({ index: 1 });
  await page.getByRole("button", { name: `Læg i kurv – ${older.name}` }).click();
  await expect(page.getByRole("button", { name: `Lagt i kurven – ${older.name}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Kurv, 1 vare$/ })).toBeVisible();

  await page.getByRole("button", { name: `Fjern ${newer.name} fra favoritter` }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Fjern ${older.name} fra favoritter` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Favoritter, 1 produkt$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: `Fjern ${older.name} fra favoritter` }).click();
  await expect(page.getByRole("link", { name: "Se alle produkter" })).toHaveAttribute("href", "/search/?q=*");
});
