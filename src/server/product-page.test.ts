import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { CONSENT_COOKIE, CONSENT_VERSION } from "#kernel/consent.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { cookiesFrom, createTestApp, csrfHeaders, pageContext, type TestApp } from "#server/testing.ts";
import { loadProductPage } from "#web/routes/product/product.server.ts";
import { productPageOf } from "#web/routes/product/product-view.ts";
import { productPageOutput } from "./product-page.ts";

// `GET /api/product-page/:slug/`: what a navigation in the storefront asks for a product page
// (decision 0102). It must answer exactly what the page's loader reads for a document.
let t: TestApp;
let boot: { id: number; slug: string };
let giftCard: { slug: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 80, seed: 11, dataDir: "" });
  const one = async (condition: ReturnType<typeof sql>) => {
    const [found] = await rows<{ id: number; slug: string }>(
      t.database.db,
      sql`select id, slug from products p where p.online and ${condition} order by p.id limit 1`,
    );
    if (!found) throw new Error("the demo shop has no such product");
    return found;
  };
  boot = await one(sql`not p.is_giftcard and not p.is_package`);
  giftCard = await one(sql`p.is_giftcard`);
});
afterAll(async () => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

const pageUrl = (slug: string, query = "") => `/api/product-page/${encodeURIComponent(slug)}/${query}`;

/** A 200 answer, held to its contract (no field more or fewer at its top). */
async function answerOf(url: string, cookie?: string) {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return productPageOutput.strict().parse(response.json());
}

const openedAt = async (searchId: number) =>
  (
    await rows<{ opened_at: Date | null }>(
      t.database.db,
      sql`select opened_at from search_queries where id = ${searchId}`,
    )
  )[0]?.opened_at ?? null;

const newSearch = async () =>
  (
    (await rows<{ id: number }>(
      t.database.db,
      sql`insert into search_queries (query, market, results) values ('boots', 'dk', 12) returning id`,
    )) as [{ id: number }]
  )[0].id;

describe("GET /api/product-page/:slug/", () => {
  it("answers, by its contract, what the page's loader renders for a document", async () => {
    const response = await get(pageUrl(boot.slug));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    // Never kept by a cache: it says whether the visitor is logged in and what they may review.
    expect(response.headers["cache-control"]).toContain("no-store");
    const answer = productPageOutput.strict().parse(response.json());
    expect(answer.product.id).toBe(boot.id);
    expect(answer).toMatchObject({ logged_in: false, review_state: "log_in", statistics_consent: false });

    const origin = "http://localhost:3000";
    const market = pageContext(t, { market: t.config.defaultMarket, publicUrl: origin });
    const fromLoader = await loadProductPage(market, boot.slug);
    expect(JSON.parse(JSON.stringify(productPageOf(answer, origin)))).toEqual(
      JSON.parse(JSON.stringify(fromLoader)),
    );
  });

  it("answers the product in the visitor's market: its currency and language", async () => {
    const danish = await answerOf(pageUrl(boot.slug), "market=dk");
    const german = await answerOf(pageUrl(boot.slug), "market=de");
    expect(danish.product.prices.currency).toBe("DKK");
    expect(german.product.prices.currency).toBe("EUR");
    expect(german.product.description).not.toBe(danish.product.description);
  });

  it("answers a gift card without reviews: a gift card is not reviewed", async () => {
    const answer = await answerOf(pageUrl(giftCard.slug));
    expect(answer.reviews).toBeNull();
    expect(answer.review_state).toBeNull();
  });

  it("tells a member they are logged in and what they may do about reviewing it", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/signup/",
      payload: { email: "page-reader@example.com", password: "long-enough-1", name: "Page Reader" },
      headers: csrfHeaders(t.config),
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { email: "page-reader@example.com", password: "long-enough-1" },
      headers: csrfHeaders(t.config),
    });
    const { sessionid } = cookiesFrom(login);
    const response = await get(pageUrl(boot.slug), `sessionid=${sessionid}`);
    expect(productPageOutput.strict().parse(response.json())).toMatchObject({
      logged_in: true,
      review_state: "not_received",
    });
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("allows the video and the social gallery with the shopper's consent only, where consent is asked", async () => {
    const consent = (purposes: string) => `${CONSENT_COOKIE}=v${CONSENT_VERSION}.2026-11-01.${purposes}`;
    const asking = await createTestApp({ consentRequired: true });
    try {
      await seedDemoShop(asking.database, { products: 10, seed: 11, dataDir: "" });
      const [product] = await rows<{ slug: string }>(
        asking.database.db,
        sql`select slug from products where online and not is_giftcard order by id limit 1`,
      );
      const ask = async (cookie: string) => {
        const response = await asking.app.inject({ url: pageUrl(product?.slug ?? ""), headers: { cookie } });
        return productPageOutput.parse(response.json());
      };
      expect(await ask(consent("none"))).toMatchObject({ video_allowed: false, statistics_consent: false });
      expect(await ask(consent("statistics"))).toMatchObject({
        video_allowed: false,
        statistics_consent: true,
      });
      expect(await ask(consent("statistics+marketing"))).toMatchObject({
        video_allowed: true,
        statistics_consent: true,
      });
    } finally {
      await asking.close();
    }
    // Where consent is not asked (this shop's tests), the video plays without it.
    expect(await answerOf(pageUrl(boot.slug), consent("none"))).toMatchObject({ video_allowed: true });
  });

  it("counts the page as opened from the search its link came from, once", async () => {
    const searchId = await newSearch();
    await answerOf(pageUrl(boot.slug, `?sid=${searchId}`));
    const first = await openedAt(searchId);
    expect(first).not.toBeNull();
    await answerOf(pageUrl(boot.slug, `?sid=${searchId}`));
    expect(await openedAt(searchId)).toEqual(first);
  });

  it("answers 404 for a product the shop does not have, whatever its name is written in", async () => {
    // A slug as long as an imported handle may be, and longer (up to the router's limit).
    for (const slug of ["no-such-boot", "støvle-æøå", "⚽👟", "a%b", "x".repeat(120), "x".repeat(200)]) {
      const response = await get(pageUrl(slug));
      expect(response.statusCode, slug).toBe(404);
      expect(response.json().error).toBe("product_not_found");
      // Not kept by a cache either.
      expect(response.headers["cache-control"]).toContain("no-store");
    }
  });

  it("refuses a search id that is no id, and a slug with a NUL, with the field's error, and counts nothing", async () => {
    const searchId = await newSearch();
    const spelledOtherwise = [
      `0${searchId}`,
      `+${searchId}`,
      ` ${searchId}`,
      `${searchId}.0`,
      `${searchId}e0`,
    ];
    for (const sid of [
      "abc",
      "0",
      "-1",
      "1.5",
      "0x10",
      "1e3",
      "2147483648",
      "99999999999999999999",
      "١٢",
      ...spelledOtherwise,
    ]) {
      const response = await get(pageUrl(boot.slug, `?sid=${encodeURIComponent(sid)}`));
      expect(response.statusCode, sid).toBe(400);
      expect(response.json().fields, sid).toHaveProperty("sid");
      expect(response.headers["cache-control"], sid).toContain("no-store");
    }
    expect(await openedAt(searchId)).toBeNull();
    const nul = await get(pageUrl("a\u0000b"));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toHaveProperty("slug");
  });
});
