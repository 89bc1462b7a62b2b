import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type Card, findCard, printable } from "./catalogue.ts";

/**
 * Every text a shopper reads is in the shopper's language: for each locale the home, a category, a
 * customisable product (with its print form open), the bag, the checkout's address step and the FAQ
 * are rendered, and their visible text must hold no English — neither a string of the English
 * catalogue nor a line of the English demo content — apart from brand and product names.
 */

/** Locale → the market it is normally shown in (the language cookie picks the locale itself). */
const LOCALES: Record<string, string> = {
  da: "dk",
  sv: "se",
  nb: "no",
  fi: "fi",
  de: "de",
  "de-AT": "at",
  nl: "nl",
  fr: "fr",
  pl: "pl",
  "en-GB": "dk",
  it: "it",
  es: "es",
};
const ENGLISH = new Set(["en", "en-GB"]);

const messagesDir = path.join("src", "web", "i18n", "messages");
function catalogue(locale: string): Record<string, string> {
  const dir = path.join(messagesDir, locale);
  if (!fs.existsSync(dir)) return {};
  const merged: Record<string, string> = {};
  for (const file of fs.readdirSync(dir))
    Object.assign(merged, JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
  return merged;
}

/** Literal English catalogue texts worth looking for: no placeholders or markup, a word or more. */
function englishCatalogueTexts(locale: string): string[] {
  const own = new Set(Object.values(catalogue(locale)));
  return [...new Set(Object.values(catalogue("en")))].filter(
    (text) => !/[{}<>]/.test(text) && text.trim().length >= 5 && /[a-z]/.test(text) && !own.has(text),
  );
}

/** Names that are the same in every language: brands, products, the shop, payment services. */
const ALLOWED = [
  /Pitchside/,
  /Klarna/,
  /MobilePay/,
  /Vipps/,
  /Swish/,
  /PayPal/,
  /Trustpilot/,
  /Google/,
  /Apple Pay/,
];

/**
 * The footer names each language in itself ("dansk", "Deutsch", "English (United Kingdom)") so a
 * shopper finds their own: those names are the same in every shop.
 */
const LANGUAGE_NAMES = new Set(
  ["da", "sv", "nb", "fi", "de", "de-AT", "en", "en-GB", "nl", "fr", "pl", "it", "es"].flatMap((tag) =>
    (["dialect", "standard"] as const).map(
      (languageDisplay) => new Intl.DisplayNames([tag], { type: "language", languageDisplay }).of(tag) ?? tag,
    ),
  ),
);

interface Shot {
  page: string;
  lines: string[];
}

let shopper = 0;
async function newShopper(context: BrowserContext, locale: string) {
  shopper++;
  await context.setExtraHTTPHeaders({
    "x-forwarded-for": `10.77.${Math.floor(shopper / 250)}.${shopper % 250}`,
  });
  await context.addCookies([
    { name: "market", value: LOCALES[locale] ?? "gr", domain: "localhost", path: "/" },
    { name: "language", value: locale, domain: "localhost", path: "/" },
  ]);
}

async function visibleLines(page: Page): Promise<string[]> {
  // The rendered text (document.body.innerText): what the shopper reads, hidden text left out.
  const text = await page.locator("body").innerText();
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

let shirt: Card;
let category: string;
/** Product and brand names seen on the pages: allowed in every language. */
const names = new Set<string>();
const brands = new Set<string>();

test.beforeAll(async ({ request }) => {
  shirt = await findCard(
    request,
    "/api/search/?q=*&sort=default",
    async (card) =>
      card.attributes.item_type === "football_shirts" &&
      card.sizes.some((s) => s.in_stock) &&
      (await printable(request, card.product_id)),
  );
  category = "/football-boots/";
  for (let number = 1; ; number++) {
    const body = (await (await request.get(`/api/search/?q=*&sort=default&page=${number}`)).json()) as {
      products: { name: string; brand: string }[];
      meta: { pages: { total: number }; filters?: { key: string; values: { label: string }[] }[] };
    };
    for (const product of body.products) {
      names.add(product.name);
      names.add(product.brand);
      brands.add(product.brand);
    }
    for (const filter of body.meta.filters ?? [])
      if (filter.key === "brand")
        for (const value of filter.values) {
          names.add(value.label);
          brands.add(value.label);
        }
    if (number >= body.meta.pages.total) break;
  }
  names.add(shirt.name);
});

/** The six pages of one shopper in one locale, each page's visible text as lines. */
async function tour(context: BrowserContext, locale: string): Promise<Shot[]> {
  await newShopper(context, locale);
  const page = await context.newPage();
  const shots: Shot[] = [];
  const shoot = async (name: string) => shots.push({ page: name, lines: await visibleLines(page) });

  await page.goto("/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await shoot("home");

  await page.goto(category);
  await shoot("category");

  await page.goto(shirt.relative_url);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await shoot("product");
  await page.getByTestId("add-to-bag").click();
  const drawer = page.getByTestId("add-to-bag-drawer");
  await drawer
    .getByTestId("size-option")
    .filter({ has: page.locator("input:enabled") })
    .first()
    .click();
  await drawer.getByTestId("customize").click();
  await expect(drawer.locator("input").first()).toBeVisible();
  await shoot("product print form");
  await drawer.getByTestId("add-with-print").click();
  await expect(page.getByTestId("powerstep")).toBeVisible();

  await page.goto("/cart/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await shoot("bag");

  await page.goto("/checkout/address/");
  await expect(page.locator("#shipping-name")).toBeVisible();
  await shoot("checkout address");

  await page.goto("/faq/");
  await shoot("faq");
  await page.close();
  return shots;
}

let englishShots: Shot[] = [];

test("the English tour is the reference: it shows the English texts", async ({ browser }) => {
  const context = await browser.newContext();
  englishShots = await tour(context, "en");
  await context.close();
  expect(englishShots.map((s) => s.page)).toHaveLength(7);
  // The reference holds the demo content the other locales must not show in English.
  expect(englishShots.find((s) => s.page === "faq")?.lines.length).toBeGreaterThan(3);
});

for (const locale of Object.keys(LOCALES)) {
  test(`${locale}: no English text on the shopper's pages`, async ({ browser }) => {
    // A failed test restarts the worker: the reference is taken again then.
    if (englishShots.length === 0) {
      const reference = await browser.newContext();
      englishShots = await tour(reference, "en");
      await reference.close();
    }
    const context = await browser.newContext();
    const shots = await tour(context, locale);
    await context.close();
    if (ENGLISH.has(locale)) return;

    const catalogueTexts = englishCatalogueTexts(locale);
    const allowed = (line: string) =>
      names.has(line) ||
      // The brand in front of the product's name, as the bag and the print form show it.
      [...brands].some((brand) => line.startsWith(`${brand} `) && names.has(line.slice(brand.length + 1))) ||
      ALLOWED.some((pattern) => pattern.test(line)) ||
      LANGUAGE_NAMES.has(line);
    const found: string[] = [];
    for (const shot of shots) {
      const english = new Set(englishShots.find((s) => s.page === shot.page)?.lines ?? []);
      for (const line of shot.lines) {
        if (allowed(line)) continue;
        // A line of the English tour shown word for word (at least two words of letters).
        if (english.has(line) && /\p{L}{2,}\s+\p{L}{2,}/u.test(line) && !/^[\d\s.,:–-]+$/.test(line)) {
          found.push(`${shot.page}: line "${line}"`);
          continue;
        }
        for (const text of catalogueTexts) {
          const at = line.indexOf(text);
          if (at === -1) continue;
          const before = line[at - 1] ?? " ";
          const after = line[at + text.length] ?? " ";
          if (/\p{L}/u.test(before) || /\p{L}/u.test(after)) continue;
          found.push(`${shot.page}: "${text}" in "${line}"`);
        }
      }
    }
    expect([...new Set(found)], `English on the ${locale} pages`).toEqual([]);
  });
}
