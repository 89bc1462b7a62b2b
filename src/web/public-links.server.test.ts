import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { publicAddresses } from "#modules/markets/public-addresses.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { type ShopRequestContext, shopContext } from "#server/request-context.ts";
import { createTestApp, pageContext, type TestApp } from "#server/testing.ts";
import { seoLinks } from "./lib/seo.ts";
import { loader as rootLoader } from "./root.tsx";
import { loadCategoryPage } from "./routes/listing/listing.server.ts";
import { loadProductPage } from "./routes/product/product.server.ts";

// Pages link to themselves (canonical, hreflang, structured data, "load more") on the shop's
// configured address for the page, which the server puts into the request context; the address
// the request came in on (Host, X-Forwarded-Host, hence request.url) never makes a link.
let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: "http://localhost:3000", hostMarkets: { "pitchside.de": "de" } });
  await seedDemoShop(t.database, { products: 120, seed: 5, dataDir: "" });
  const [product] = await rows<{ slug: string }>(
    t.database.db,
    sql`select slug from products where online and not is_package order by id limit 1`,
  );
  slug = product?.slug as string;
});
afterAll(async () => t?.close());

/** The context the server gives a page served on `publicUrl` in market `code`. */
function shopOn(publicUrl: string, code = "dk"): ShopRequestContext {
  return pageContext(t, {
    market: code,
    publicUrl,
    publicAddresses: publicAddresses(t.config.publicUrl, t.config.hostMarkets),
  });
}

describe("links a page makes to itself", () => {
  it("are canonical and hreflang alternates on configured addresses, never the request's", async () => {
    const context = new RouterContextProvider();
    context.set(shopContext, shopOn("http://pitchside.de:3000", "de"));
    const data = await rootLoader({
      context,
      request: new Request("http://attacker.example/football-boots/"),
      params: {},
    } as never);
    expect(data.origin).toBe("http://pitchside.de:3000");
    // Each market host is an alternate on PUBLIC_URL's scheme and port.
    expect(data.hostMarkets).toEqual([
      { host: "pitchside.de", market: "de", locale: "de", tag: "de-DE", url: "http://pitchside.de:3000" },
    ]);
    const seo = seoLinks({ ...data, pathname: "/football-boots/", search: "?page=2&sort=new" });
    expect(seo.canonical).toBe("http://pitchside.de:3000/football-boots/?page=2");
    expect(seo.alternates).toEqual([
      { hrefLang: "de-DE", href: "http://pitchside.de:3000/football-boots/?page=2" },
      { hrefLang: "x-default", href: "http://pitchside.de:3000/football-boots/?page=2" },
    ]);
  });

  it("give a product's structured data the page's configured address", async () => {
    const page = await loadProductPage(shopOn("https://shop.example"), slug);
    const offers = page.jsonLd.offers as { url: string };
    expect(offers.url).toMatch(/^https:\/\/shop\.example\/p\//);
    for (const image of page.jsonLd.image as string[]) expect(image).toMatch(/^https:\/\/shop\.example\//);
  });

  it("give a category's guides their next page on the configured address", async () => {
    const page = await loadCategoryPage(
      shopOn("https://shop.example"),
      "football-boots",
      new URL("http://attacker.example/football-boots/"),
    );
    expect(page.guides.next).toBe("https://shop.example/api/category/guides/?slug=football-boots&page=2");
  });
});
