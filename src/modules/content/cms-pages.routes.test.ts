import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import type { CmsPageOutput } from "./cms-pages.contract.ts";
import { cmsPages } from "./content.schema.ts";
import { TRUST_PAGES } from "./trust-pages.ts";

const TOKEN = "operator-preview-token-0123456789";
let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ operatorApiToken: TOKEN });
  await seedDemoShop(t.database, { products: 40, seed: 5, dataDir: "" });
  const rows = await t.database.db.select({ id: cmsPages.id, slug: cmsPages.slug }).from(cmsPages);
  for (const row of rows) ids.set(row.slug, row.id);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });
const pageUrl = (slug: string) => `/api/content/pages/${ids.get(slug)}/`;

describe("GET /api/content/pages/{id}/", () => {
  it("answers a page the Wagtail way: id, title, meta and its blocks, every kind on the about page", async () => {
    const response = await get(pageUrl("about"), { cookie: "market=dk" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    const page = response.json() as CmsPageOutput;
    expect(page).toMatchObject({
      id: ids.get("about"),
      title: "Om Pitchside",
      meta: {
        type: "content.ContentPage",
        slug: "about",
        html_url: "/pages/about/",
        locale: "da",
        draft: false,
      },
    });
    expect(page.body.map((block) => block.type)).toEqual([
      "image",
      "paragraph",
      "youtube_video",
      "call_to_action",
      "image_gallery",
      "tiktok_video",
      "instagram_reel",
      "product_slider",
      "faq",
    ]);
    // The stored paragraph lost its script when it was written, and stays clean when read.
    const paragraph = page.body.find((block) => block.type === "paragraph");
    expect(paragraph?.value).not.toMatch(/onerror|<img/);
    const slider = page.body.find((block) => block.type === "product_slider");
    expect(slider?.type === "product_slider" && slider.value.products.length).toBeGreaterThan(0);
    const cta = page.body.find((block) => block.type === "call_to_action");
    expect(cta?.value).toMatchObject({ url: "/football-boots/", alignment: "center", external: false });
    expect(page.reading_time_minutes).toBe(1);
  });

  it("refuses ids that are not whole numbers from 1 to 2^31-1 with a field error, never a 5xx", async () => {
    for (const bad of [
      "0",
      "-1",
      "2147483648",
      "99999999999999999999",
      "abc",
      "1.5",
      "%E2%9A%BD",
      "%C3%A9t%C3%A9",
    ]) {
      const response = await get(`/api/content/pages/${bad}/`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().fields, bad).toHaveProperty("id");
    }
    const missing = await get("/api/content/pages/2147483647/");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: "page_not_found", message: "cms.error.notFound" });
  });

  it("hides a draft from the public, also when they ask for a preview without the operator's token", async () => {
    expect((await get(pageUrl("summer-sale"))).statusCode).toBe(404);
    const asks: Record<string, string>[] = [{ preview: "true" }, { cookie: "Preview=true" }];
    for (const asked of asks) {
      const refused = await get(pageUrl("summer-sale"), asked);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers["cache-control"]).toBe("private, no-store");
    }
    const wrong = await get(pageUrl("summer-sale"), { preview: "true", authorization: "Bearer nope" });
    expect(wrong.statusCode).toBe(404);
    // The token alone is no preview either.
    expect((await get(pageUrl("summer-sale"), { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
  });

  it("shows the draft in an operator's preview, never cached and never indexed", async () => {
    const asks: Record<string, string>[] = [
      { preview: "true", authorization: `Bearer ${TOKEN}` },
      { cookie: `Preview=true; PreviewToken=${TOKEN}` },
    ];
    for (const asked of asks) {
      const response = await get(pageUrl("summer-sale"), asked);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
      expect(response.json()).toMatchObject({
        meta: { draft: true, first_published_at: null },
        title: "Sommerudsalg",
      });
    }
  });

  it("has the Impressum in Germany and Austria only", async () => {
    const german = await get(pageUrl("impressum"), { cookie: "market=de" });
    expect(german.statusCode).toBe(200);
    const text = JSON.stringify(german.json());
    expect(text).toContain("Impressum");
    expect(text).toContain("Pitchside ApS");
    expect(text).toContain("DE123456789");
    expect((await get(pageUrl("impressum"), { cookie: "market=at" })).statusCode).toBe(200);
    for (const market of ["dk", "se", "fr", "nl"])
      expect((await get(pageUrl("impressum"), { cookie: `market=${market}` })).statusCode, market).toBe(404);
  });

  it("has every trust page in every written language, with the shop's own company details", async () => {
    for (const trust of TRUST_PAGES) {
      const market = trust.markets ? "de" : "dk";
      const seen = new Set<string>();
      for (const language of ["en", "da", "sv", "nb", "fi", "de", "nl", "fr", "pl", "it", "es"]) {
        const response = await get(pageUrl(trust.slug), { cookie: `market=${market}; language=${language}` });
        expect(response.statusCode, `${trust.slug} ${language}`).toBe(200);
        const page = response.json() as CmsPageOutput;
        expect(page.meta.type).toBe("content.TrustPage");
        expect(page.body.length).toBeGreaterThan(0);
        seen.add(JSON.stringify(page.body));
      }
      // Eleven languages, eleven different texts: nothing is an English copy.
      expect(seen.size, trust.slug).toBe(11);
    }
    const returns = (await get(pageUrl("returns"), { cookie: "language=en" })).json() as CmsPageOutput;
    expect(JSON.stringify(returns.body)).toContain("100 days");
  });
});
