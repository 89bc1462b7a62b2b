import { expect, type Page, test } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y.ts";
import { findCard } from "./catalogue.ts";
import { collectPageErrors, gotoLive } from "./hydrated.ts";

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

// Lighthouse's performance score on a phone (decision 0052): nothing stands between the page's HTML
// and its first paint (the stylesheet is in the page, not a request), the picture a phone sees first
// is fetched at once and first, every picture keeps its box while it loads, and nothing shifts.
test("home, boots and a product paint from their own HTML, their first picture first, without shifting", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
  const firstPictures: Record<string, string> = {
    "/": "main section img",
    "/football-boots/": "[data-testid=product-grid] > li:not([data-insert]) img",
    [card.relative_url]: "main button img",
  };
  // Layout shifts add up in the page (CLS), from its first paint on, not counting after a tap.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const [path, firstPicture] of Object.entries(firstPictures)) {
    await gotoLive(page, path);
    expect(await page.locator("head link[rel=stylesheet]").count(), path).toBe(0);
    expect(await page.locator("head style[data-href]").count(), path).toBe(1);
    // Styled by that: the body is the page's flex column.
    await expect(page.locator("body"), path).toHaveCSS("display", "flex");
    // The whole built stylesheet, as the file at its address holds it (put in after React, 0086).
    const inlined = await page.locator("head style[data-href]").evaluate(async (style) => ({
      text: style.textContent,
      file: await (await fetch(style.getAttribute("data-href") ?? "")).text(),
    }));
    expect(inlined.text?.length, path).toBeGreaterThan(10_000);
    expect(inlined.text, path).toBe(inlined.file);
    const picture = page.locator(firstPicture).first();
    await expect(picture, path).toHaveAttribute("fetchpriority", "high");
    await expect(picture, path).not.toHaveAttribute("loading", "lazy");
    const unsized = await page
      .locator("main img")
      .evaluateAll(
        (images) =>
          images.filter((image) => !image.getAttribute("width") || !image.getAttribute("height")).length,
      );
    expect(unsized, path).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(
      await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
      path,
    ).toBeLessThanOrEqual(0.05);
  }
});

// Rows past a phone's first screen stand in at a height of their own until drawn (decisions 0073
// and 0103): a shopper who flicks to the end of the home page brings its last rows near at once, and
// as they are drawn the page keeps its length, so the footer stays where it came to rest and a tap
// on one of its links lands on that link. Rows standing in much taller than they are shortened the
// page by almost 300 px as they were drawn, and the footer jumped up under the finger.
test("on a phone, the home page keeps its length as the rows near its end are drawn", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoLive(page, "/");
  expect(await page.locator(".render-when-near").count()).toBeGreaterThan(2);
  // The jump and the measures before it in one go, before a frame can draw anything.
  const before = await page.evaluate(() => {
    const heights = [...document.querySelectorAll(".render-when-near")].map(
      (row) => row.getBoundingClientRect().height,
    );
    window.scrollTo(0, document.documentElement.scrollHeight);
    return { heights, length: document.documentElement.scrollHeight };
  });
  // The frames in which the rows that came near are drawn.
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
  );
  const after = await page.evaluate(() => ({
    heights: [...document.querySelectorAll(".render-when-near")].map(
      (row) => row.getBoundingClientRect().height,
    ),
    length: document.documentElement.scrollHeight,
  }));
  // Rows the jump passed far above are not drawn and keep their stand-in height; the last ones are.
  const off = after.heights.map((height, index) =>
    Math.round(Math.abs(height - (before.heights[index] as number))),
  );
  expect(
    off.filter((pixels) => pixels >= 8),
    `rows drawn ${after.heights} against ${before.heights}`,
  ).toEqual([]);
  expect(Math.abs(after.length - before.length)).toBeLessThan(8);
  await page.getByRole("contentinfo").getByRole("link", { name: "Vores butikker" }).click();
  await expect(page).toHaveURL(/\/stores\/$/);
});

// A category page's cards stand in at a phone's own card height until drawn (decision 0104), so the
// page is as long before its cards are drawn as after, and the scroll bar tells a shopper truly how
// far down the list they are. Standing in at 20rem, the page shrank by over a thousand pixels as a
// shopper scrolled through it (1,120 px at 360 px wide). The cards' heights vary with their names,
// so the length may move a little, never by a whole card's height.
test("on a phone, a category page keeps its length as a shopper scrolls through its cards", async ({
  page,
}) => {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await gotoLive(page, "/football-boots/");
    expect(await page.locator("[data-testid=product-grid] > li.render-when-near").count()).toBeGreaterThan(
      20,
    );
    // A screen at a time, each step given the frames that draw the cards it brought near.
    const lengths = await page.evaluate(async () => {
      // From the top, wherever the browser put the page back to on loading it again.
      window.scrollTo(0, 0);
      const seen = [document.documentElement.scrollHeight];
      while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1) {
        window.scrollBy(0, window.innerHeight);
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
        seen.push(document.documentElement.scrollHeight);
      }
      return seen;
    });
    expect(lengths.length).toBeGreaterThan(5);
    // A card of the first row, drawn from the start: the most the length may move by.
    const card = await page
      .locator("[data-testid=product-grid] > li")
      .first()
      .evaluate((li) => li.getBoundingClientRect().height);
    expect(Math.max(...lengths) - Math.min(...lengths), `${width} px: ${lengths.join(", ")}`).toBeLessThan(
      card,
    );
  }
});

// Every route is in one hashed manifest file, loaded with the page's modules (decision 0087): a page
// carries no route list of its own, and the shopper's taps wait for no /__manifest round trip.
test("a page carries no route list of its own, and going to a product and a category asks for no route manifest", async ({
  page,
  request,
}) => {
  const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
  const manifestCalls: string[] = [];
  page.on("request", (asked) => {
    if (new URL(asked.url()).pathname.startsWith("/__manifest")) manifestCalls.push(asked.url());
  });
  const html = await (await request.get("/")).text();
  expect(html).not.toContain("window.__reactRouterManifest =");
  // The manifest file is one of the modules the page loads once it is painted (decision 0090).
  expect(html).toMatch(/"\/assets\/manifest-[\w-]+\.js"/);

  await gotoLive(page, "/");
  await page.locator('a[href="/football-boots/"]').first().click();
  await expect(page).toHaveURL("/football-boots/");
  await expect(page.locator("[data-testid=product-grid]")).toBeVisible();
  await page.locator(`[data-testid=product-grid] a[href="${card.relative_url}"]`).first().click();
  await expect(page).toHaveURL(card.relative_url);
  await expect(page.locator("h1")).toContainText(card.name);
  expect(manifestCalls).toEqual([]);
});

// The page's scripts leave the build compressed at brotli's and gzip's highest levels and go out as
// they are (vite.config.ts, app.ts): fewer bytes on a phone's line than compressing each answer on
// the fly, the same script once the browser unpacks it, and a `Vary` so a cache in front hands each
// browser the encoding it asked for.
test("a page's scripts go out compressed at the build's highest level, the same script once unpacked", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const framework = /"(\/assets\/framework-[\w-]+\.js)"/.exec(html)?.[1];
  expect(framework).toBeTruthy();
  const asked = (encoding: string) =>
    request.get(framework as string, { headers: { "accept-encoding": encoding } });
  const plain = await asked("identity");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const script = await plain.body();
  expect(script.length).toBeGreaterThan(100_000);
  for (const encoding of ["br", "gzip"] as const) {
    const answer = await asked(encoding);
    expect(answer.headers()["content-encoding"], encoding).toBe(encoding);
    expect(answer.headers().vary, encoding).toMatch(/accept-encoding/i);
    expect(answer.headers()["cache-control"], encoding).toContain("immutable");
    // Playwright unpacks the body: the browser gets the very script the build wrote.
    expect((await answer.body()).equals(script), encoding).toBe(true);
    // Sent with its length, as a file is, not streamed through a compressor (which sends none).
    expect(Number(answer.headers()["content-length"]), encoding).toBeGreaterThan(0);
  }
  // Brotli's highest level: under a third of the script (its quality 4 on the fly gave 31 %).
  const brotli = Number((await asked("br")).headers()["content-length"]);
  expect(brotli / script.length).toBeLessThan(0.29);
});

// A page's data carries what the page renders (issue 19): the home page's, the log-in page's and a
// CMS page's product rows send each card cut to what a card shows, as one JSON text a row (decision
// 0070), not the catalogue's whole card with every size's id and stock.
test("the home, log-in and CMS pages' product rows carry only what a card shows", async ({ request }) => {
  for (const path of ["/", "/account/login", "/pages/about/"]) {
    const html = await (await request.get(path)).text();
    // The page's data, and the long texts written beside it (decision 0098).
    const data =
      html.slice(html.indexOf("window.__reactRouterContext.streamController.enqueue")) +
      pageTexts(html).join("");
    expect(data.length, path).toBeGreaterThan(0);
    // The cards are there, each with its link and picture…
    expect(data, path).toMatch(/product_id.{1,20}\d+.{1,400}relative_url.{1,20}\/p\//);
    // …and nothing a card does not show.
    for (const field of ["size_id", "in_stock", "max_price", "attributes", "item_type", "product_ids_list"])
      expect(data, `${path}: ${field}`).not.toContain(field);
  }
});

// A document's long JSON texts (cards, filters, a product) go beside its data, each once in a
// `<script type="application/json">`, and the data names them by a token (decision 0098): React
// Router's data format and its script escape a text twice. The browser reads the texts from the page
// and takes it over as it was rendered; a navigation after that brings its texts in its data.
test("a page's long texts go beside its data, once, and the browser takes the page over from them", async ({
  page,
  request,
}) => {
  const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
  // Each page's main value as its JSON text has it: the category's card, the product's id.
  const pages = [
    { path: "/football-boots/", marker: `"relative_url":"${card.relative_url}"` },
    { path: card.relative_url, marker: `"product_id":${card.product_id},` },
  ];
  for (const { path, marker } of pages) {
    const html = await (await request.get(path)).text();
    const texts = pageTexts(html);
    expect(texts.length, path).toBeGreaterThan(1);
    // Every text is JSON as it stands, with nothing that could end its script.
    for (const text of texts) {
      expect(text, path).not.toContain("<");
      expect(() => JSON.parse(text), path).not.toThrow();
    }
    expect(texts.join(""), path).toContain(marker);
    // The page's data as React Router reads it back (each text in it a JSON string): the tokens,
    // not the texts.
    const data = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)]
      .map((match) => JSON.parse(match[1] as string) as string)
      .join("");
    expect(data, path).toContain('"#page-text-');
    expect(data, path).not.toContain(JSON.stringify(marker).slice(1, -1));
  }

  const errors = collectPageErrors(page);
  await gotoLive(page, "/football-boots/");
  // The cards the page shows are the ones its texts hold.
  const names = (await page.locator("script[data-page-text]").allTextContents()).flatMap((text) => {
    const value = JSON.parse(text) as { product_id?: number; name?: string }[] | object;
    return Array.isArray(value)
      ? value.flatMap((item) => (item.product_id && item.name ? [item.name] : []))
      : [];
  });
  expect(names).toContain(card.name);
  const shown = await page.locator("main article:has(a[href^='/p/'])").allTextContents();
  expect(shown.length).toBeGreaterThan(10);
  for (const text of shown)
    expect(
      names.some((name) => text.includes(name)),
      text,
    ).toBe(true);
  // A navigation in the page: its data comes as a data call, the texts in it.
  await page.locator(`main a[href="${card.relative_url}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(card.relative_url));
  await expect(page.locator("h1")).toContainText(card.name);
  await page.goBack();
  await expect(page.locator("main article", { hasText: card.name }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

/** The texts a document carries beside its data. */
function pageTexts(html: string): string[] {
  return [
    ...html.matchAll(
      /<script type="application\/json" id="page-text-[^"]+" data-page-text="">([^<]*)<\/script>/g,
    ),
  ].map((match) => match[1] as string);
}

// A page's modules are fetched once the page has been painted (decision 0090): its head preloads
// none, so the first pictures have the line to themselves, and the modules are asked for only after
// the whole page has been read. The page is then taken over as before, under its script policy.
test("home, boots and a product fetch their modules only after the page is read, and are taken over", async ({
  page,
  request,
}) => {
  const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
  const errors = collectPageErrors(page);
  for (const path of ["/", "/football-boots/", card.relative_url]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, path).not.toContain('rel="modulepreload"');
    expect(html, path).not.toContain(' type="module" async');

    await gotoLive(page, path);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const modules = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
      return { read: navigation?.domInteractive ?? 0, modules };
    });
    expect(timing.modules.length, path).toBeGreaterThan(3);
    for (const startedAt of timing.modules) expect(startedAt, path).toBeGreaterThan(timing.read);
  }
  // No script refused by the page's policy, no hydration mismatch.
  expect(errors).toEqual([]);
});

/** Holds the page's requests to `address` until the returned function is called, then lets them go or fails them. */
async function holdRequests(page: Page, address: RegExp, then: "continue" | "abort") {
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route(address, async (route) => {
    await held;
    await (then === "continue" ? route.continue() : route.abort());
  });
  return letThrough;
}

// Until the page is live, a tap on a button and what is typed are kept, and done once it is (decision
// 0090, as 0078 does for a later part): the page's modules are held back here while the shopper
// types a search and taps "Søg". The gift card, shirt and bag journeys tap their buttons as soon as
// the page shows, and pass through the same hold.
test("a search typed and a button tapped before the page is live are done once it is", async ({
  page,
  request,
}) => {
  const letThrough = await holdRequests(page, /\/assets\/[^/]+\.js$/, "continue");
  const card = await findCard(request, "/api/category/get/?slug=football-boots", () => true);
  const word = card.name.split(" ")[0] as string;
  const documents: string[] = [];
  page.on("request", (asked) => {
    if (asked.resourceType() === "document") documents.push(new URL(asked.url()).pathname);
  });

  // Not waiting for the load event: the held modules hold it back.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("combobox", { name: "Søg i butikken" }).fill(word);
  const search = page.getByRole("button", { name: "Søg" });
  await search.click();
  await expect(search).toHaveAttribute("data-waiting", "");
  await expect(page).toHaveURL("/");
  letThrough();
  await expect(page).toHaveURL(new RegExp(`/search/\\?q=${word}`));
  await expect(page.locator("main article h3").filter({ hasText: word }).first()).toBeVisible();
  // One document: the search was made in the page, from what was typed before it was live.
  expect(documents).toEqual(["/"]);
  await expect(search).not.toHaveAttribute("data-waiting", "");
});

// A page that will not be taken over (here its texts cannot be loaded) does what was kept as the
// browser does without script: the search typed and sent while waiting loads the search page.
test("a search sent while the page waits for a takeover that will not come is sent as a plain form", async ({
  page,
}) => {
  const letThrough = await holdRequests(page, /\/i18n\/[^/]+\.json$/, "abort");
  await page.goto("/");
  await page.getByRole("combobox", { name: "Søg i butikken" }).fill("Strikon");
  const search = page.getByRole("button", { name: "Søg" });
  await search.click();
  await expect(search).toHaveAttribute("data-waiting", "");
  letThrough();
  await expect(page).toHaveURL(/\/search\/\?q=Strikon$/);
  await expect(page.locator("main article h3").filter({ hasText: "Strikon" }).first()).toBeVisible();
});
