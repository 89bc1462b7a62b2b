import fs from "node:fs";
import path from "node:path";
import { parse } from "@formatjs/icu-messageformat-parser";
import { expect, test } from "@playwright/test";
import { gotoLive } from "./hydrated.ts";

/**
 * The interface texts travel once, as a hashed file per language that the browser keeps (decision
 * 0050), not inside every page: the page stays small, and still reads in the shopper's language
 * when the browser draws it itself (a click to a product without a new page load).
 */
const danish = (file: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join("src", "web", "i18n", "messages", "da", file), "utf8"));

test("a page links its language's texts as a lasting file instead of carrying them", async ({ request }) => {
  // Texts of the checkout's address form are nowhere on a category page.
  const checkout = danish("checkout.json");
  const notOnThePage = ["address.field.address", "address.field.company"].map((id) => checkout[id] as string);
  const response = await request.get("/football-boots/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const text of notOnThePage) expect(html).not.toContain(text);

  const link = /<link rel="preload" as="fetch" href="(\/i18n\/da\.[A-Za-z0-9_-]+\.json)"/.exec(html);
  expect(link?.[1]).toBeTruthy();
  const file = await request.get(link?.[1] as string);
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toContain("immutable");
  // The texts come parsed (the browser carries no message parser): the same texts, as syntax trees.
  const texts = (await file.json()) as Record<string, unknown>;
  expect(texts["address.field.address"]).toEqual(parse(notOnThePage[0] as string));
  expect(texts["product.addToBag"]).toEqual(parse(danish("product.json")["product.addToBag"] as string));
  // Fetching it opens no session: it is the same file for everyone.
  expect(file.headers()["set-cookie"] ?? "").not.toContain("sessionid");
});

test("the browser loads the texts before taking over, and pages it draws itself are in Danish", async ({
  page,
}) => {
  const textFiles: string[] = [];
  const documents: string[] = [];
  page.on("request", (request) => {
    if (/\/i18n\/da\.[A-Za-z0-9_-]+\.json$/.test(request.url())) textFiles.push(request.url());
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await gotoLive(page, "/football-boots/");
  expect(textFiles.length).toBeGreaterThanOrEqual(1);

  // A card's link is followed in the page (no new document): the product page is drawn by the
  // browser with the texts it loaded.
  await page.locator("[data-testid=product-grid] article h3 a").first().click();
  await expect(page).toHaveURL(/\/p\//);
  await expect(page.getByTestId("add-to-bag")).toHaveText(
    danish("product.json")["product.addToBag"] as string,
  );
  expect(documents).toHaveLength(1);
});
