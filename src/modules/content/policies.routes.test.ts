import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, type TestApp } from "#server/testing.ts";
import { pdfText } from "../../../tests/support/pdf-text.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoShop(t.database, { products: 60, seed: 5, dataDir: "" });
});
afterAll(async () => t?.close());
const get = (url: string, market?: string) =>
  t.app.inject({ method: "GET", url, headers: market ? { cookie: `market=${market}` } : {} });

/** The text of the terms' HTML as a reader sees it: tags gone, entities read, one space between words. */
const readable = (html: string) =>
  html
    .replace(/<li>/g, "• ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

describe("GET /policies/{supplier}/", () => {
  it("sends the terms as HTML with their title, cacheable for a few minutes", async () => {
    const html = await get("/policies/strikon-official-store/");
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.headers["cache-control"]).toBe("public, max-age=300");
    expect(html.body).toMatch(/^<h1>[^<]*Strikon Official Store[^<]*<\/h1>/);
  });

  it("sends a PDF to keep with ?format=pdf", async () => {
    const pdf = await get("/policies/warehouse/?format=pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe('attachment; filename="terms-warehouse.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("prints the terms' own words in the PDF in every written language, Polish letters included", async () => {
    for (const market of ["pl", "dk", "fr", "de"]) {
      const html = readable((await get("/policies/warehouse/", market)).body);
      const pdf = await get("/policies/warehouse/?format=pdf", market);
      expect(pdf.statusCode).toBe(200);
      expect(await pdfText(pdf.rawPayload)).toBe(html);
    }
    const polish = readable((await get("/policies/warehouse/", "pl")).body);
    expect(polish).toMatch(/[ąęłńśźż]/);
  });

  it("answers 404 for an unknown supplier and 400 for an unknown format", async () => {
    const unknown = await get("/policies/nobody/");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: "policy_not_found", message: "policy.error.notFound" });
    expect((await get("/policies/strikon-official-store/?format=doc")).statusCode).toBe(400);
  });
});
