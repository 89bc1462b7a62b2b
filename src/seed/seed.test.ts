import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { BOOT_TIERS } from "./catalog-data.ts";
import { ADULT_PRICES } from "./catalog-seed.ts";
import { DROP_POINT_STREETS } from "./commerce-seed.ts";
import { resetDemoShop, seedDemoShop, seedIfEmpty } from "./seed.ts";

const rows = async <T>(t: TestDatabase, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe("the demo-shop seed", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoShop(t.database, { products: 80, seed: 7, dataDir: "" });
  });
  afterAll(async () => t?.drop());

  it("is deterministic: the same seed gives the same products and prices, another seed others", async () => {
    const snapshot = () =>
      rows<{ name: string; price: number }>(
        t,
        sql`select p.name, pp.price from products p join product_prices pp on pp.product_id = p.id and pp.currency = 'EUR' order by p.id`,
      );
    const first = await snapshot();
    expect(first.length).toBe(80);
    await resetDemoShop(t.database);
    await seedDemoShop(t.database, { products: 80, seed: 7, dataDir: "" });
    expect(await snapshot()).toEqual(first);
    await resetDemoShop(t.database);
    await seedDemoShop(t.database, { products: 80, seed: 8, dataDir: "" });
    expect((await snapshot()).map((r) => r.name)).not.toEqual(first.map((r) => r.name));
    await resetDemoShop(t.database);
    await seedDemoShop(t.database, { products: 80, seed: 7, dataDir: "" });
  });

  it("writes the shop's content in every language it speaks (decision 0041)", async () => {
    const languages = ["en", "da", "sv", "nb", "fi", "de", "nl", "fr", "pl", "it", "es"];
    const [faq] = await rows<{ title: Record<string, string>; blocks: Record<string, unknown[]> }>(
      t,
      sql`select title, blocks from cms_pages where slug = 'faq'`,
    );
    for (const language of languages) {
      expect(faq?.title[language], language).toBeTruthy();
      expect(faq?.blocks[language], language).toHaveLength(1);
    }
    expect(faq?.title.da).toBe("Ofte stillede spørgsmål");
    const untranslated = await rows<{ what: string }>(
      t,
      sql`select 'content ' || slug as what from content_items
           where not (title ?& ${sql.raw(`array['${languages.join("','")}']`)})
          union all
          select 'product ' || id from products where not (description ?& array['da','it','es'])
          union all
          select 'category ' || slug from categories where not (description ?& array['da','it','es'])
          union all
          select 'selling point ' || id from selling_points where not (headline ?& array['da','it','es'])`,
    );
    expect(untranslated).toEqual([]);
    const [spec] = await rows<{ specifications: { name: string; nameText?: Record<string, string> }[] }>(
      t,
      sql`select specifications from products where item_type = 'football_shirts' limit 1`,
    );
    expect(spec?.specifications[0]).toMatchObject({ name: "Team", nameText: { da: "Hold", es: "Equipo" } });
  });

  it("does not seed a shop that already has products", async () => {
    expect(await seedIfEmpty(t.database, { products: 10, seed: 1, dataDir: "" })).toBeNull();
    const [count] = await rows<{ n: number }>(t, sql`select count(*)::int as n from products`);
    expect(count?.n).toBe(80);
  });

  it("builds the search's copy of a catalogue that has none (a database from before it)", async () => {
    await t.database.db.execute(sql`delete from search_entries`);
    expect(await seedIfEmpty(t.database, { products: 10, seed: 1, dataDir: "" })).toBeNull();
    const [entries] = await rows<{ n: number }>(t, sql`select count(*)::int as n from search_entries`);
    expect(entries?.n).toBe(80);
  });

  it("prices every product in every currency, with discounts of 20 % and more", async () => {
    const [missing] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from products p cross join (values ('EUR'),('DKK'),('SEK'),('NOK'),('PLN'),('HUF'),('CZK')) c(code)
          where not exists (select 1 from product_prices pp where pp.product_id = p.id and pp.currency = c.code)`,
    );
    expect(missing?.n).toBe(0);
    const [deep] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from product_prices where currency = 'EUR' and price <= rrp * 0.8`,
    );
    expect(deep?.n).toBeGreaterThan(0);
  });

  it("has sold-out sizes, marketplace sizes from invented partners and the brand store, and store stock", async () => {
    const [stats] = await rows<{ sold_out: number; marketplace: number; store: number }>(
      t,
      sql`select count(*) filter (where stock = 0)::int as sold_out,
                 count(*) filter (where sup.is_marketplace)::int as marketplace,
                 count(*) filter (where store_stock > 0)::int as store
            from product_sizes s join suppliers sup on sup.id = s.supplier_id`,
    );
    expect(stats?.sold_out).toBeGreaterThan(0);
    expect(stats?.marketplace).toBeGreaterThan(0);
    expect(stats?.store).toBeGreaterThan(0);
    const suppliers = await rows<{ name: string }>(t, sql`select name from suppliers order by id`);
    expect(suppliers.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Warehouse", "Buffer Warehouse", "Strikon Official Store"]),
    );
  });

  it("lets the brand store (the spec's Puma rule) sell only its own brand", async () => {
    const sold = await rows<{ brand: string }>(
      t,
      sql`select distinct b.slug as brand from product_sizes s join suppliers sup on sup.id = s.supplier_id
            join products p on p.id = s.product_id join brands b on b.id = p.brand_id
           where sup.code = 'strikon-official-store'`,
    );
    for (const { brand } of sold) expect(brand).toBe("strikon");
    // The shop prints names only on its own stock, so no partner's product offers a print.
    const [printed] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from products p where p.is_customizable and exists (
            select 1 from product_sizes s join suppliers sup on sup.id = s.supplier_id
             where s.product_id = p.id and sup.is_marketplace)`,
    );
    expect(printed?.n).toBe(0);
  });

  it("prices juniors below adults and balls like balls (99 to 1,299 kr.)", async () => {
    // The same item for a junior costs less: boots by tier, shirts, and the rest by what they are.
    const priced = await rows<{ name: string; item_type: string; age_group: string; rrp: number }>(
      t,
      sql`select p.name, p.item_type, p.age_group, pp.rrp from products p
            join product_prices pp on pp.product_id = p.id and pp.currency = 'EUR'
           where not p.is_package and not p.is_giftcard`,
    );
    const juniors = priced.filter((p) => p.age_group !== "adult");
    expect(juniors.length).toBeGreaterThan(0);
    for (const junior of juniors) {
      const noun = Object.keys(ADULT_PRICES).find((n) => junior.name.includes(` ${n}`));
      const tier = BOOT_TIERS.find((b) => junior.name.includes(` ${b.tier} `));
      const adultPrice =
        junior.item_type === "football_boots" && tier
          ? tier.price
          : junior.item_type === "football_shirts"
            ? 8995
            : noun
              ? Math.max(...(ADULT_PRICES[noun] ?? [0]))
              : Number.POSITIVE_INFINITY;
      expect(junior.rrp, junior.name).toBeLessThan(adultPrice);
    }
    const balls = await rows<{ rrp: number }>(
      t,
      sql`select pp.rrp from products p join product_prices pp on pp.product_id = p.id and pp.currency = 'DKK'
           where p.item_type = 'balls'`,
    );
    for (const ball of balls) {
      expect(ball.rrp).toBeGreaterThanOrEqual(9_900);
      expect(ball.rrp).toBeLessThanOrEqual(129_900);
    }
  });

  it("sells each kit below its parts bought one by one, drawn in the parts' colours", async () => {
    const kits = await rows<{
      price: number;
      rrp: number;
      parts: number;
      colours: { hex: string }[];
      part_hexes: string[];
    }>(
      t,
      sql`select pp.price, pp.rrp, p.colours,
                 (select count(*)::int from package_items pi where pi.package_id = p.id) as parts,
                 (select array_agg(i.colours->0->>'hex' order by pi.position) from package_items pi
                    join products i on i.id = pi.product_id where pi.package_id = p.id) as part_hexes
            from products p join product_prices pp on pp.product_id = p.id and pp.currency = 'EUR'
           where p.is_package`,
    );
    expect(kits.length).toBeGreaterThan(0);
    for (const kit of kits) {
      expect(kit.parts).toBe(3);
      expect(kit.price).toBeLessThan(kit.rrp);
      expect(kit.colours.map((c) => c.hex)).toEqual(kit.part_hexes);
    }
  });

  it("puts gift cards under the shop's own brand and sponsored blocks on the brand they name", async () => {
    const cards = await rows<{ brand: string }>(
      t,
      sql`select b.slug as brand from products p join brands b on b.id = p.brand_id where p.is_giftcard`,
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(new Set(cards.map((c) => c.brand))).toEqual(new Set(["pitchside"]));
    const sponsored = await rows<{ title: string; brands: string[] }>(
      t,
      sql`select c.title->>'en' as title,
                 (select array_agg(distinct b.name) from products p join brands b on b.id = p.brand_id
                   where p.id in (select jsonb_array_elements_text(to_jsonb(c.product_ids))::int)) as brands
            from content_items c where c.kind = 'sponsored'`,
    );
    expect(sponsored.length).toBe(3);
    for (const block of sponsored)
      for (const brand of block.brands ?? []) expect(block.title).toContain(brand);
  });

  it("keeps a price history whose 30-day lowest is at most today's price for discounted products", async () => {
    const history = await rows<{ price: number; lowest: number }>(
      t,
      sql`select pp.price, (select min(h.price) from price_history h where h.product_id = pp.product_id and h.currency = 'EUR'
                  and (h.valid_to is null or h.valid_to > now() - interval '30 days')) as lowest
            from product_prices pp where pp.currency = 'EUR' and pp.price < pp.rrp`,
    );
    expect(history.length).toBeGreaterThan(0);
    for (const row of history) expect(Number(row.lowest)).toBeLessThanOrEqual(row.price);
  });

  it("builds packages, customizable shirts, gift cards and the demo member", async () => {
    const [counts] = await rows<Record<string, number>>(
      t,
      sql`select (select count(*)::int from package_items) as package_items,
                 (select count(*)::int from customization_options) as options,
                 (select count(*)::int from products where is_giftcard) as gift_cards,
                 (select count(*)::int from users where email = 'demo@pitchside.example') as member,
                 (select count(*)::int from addresses) as addresses,
                 (select count(*)::int from favourites) as favourites`,
    );
    expect(counts).toMatchObject({ gift_cards: expect.any(Number), member: 1, addresses: 2, favourites: 5 });
    expect(counts?.package_items).toBeGreaterThan(0);
    expect(counts?.options).toBeGreaterThan(0);
  });

  it("gives every market delivery and payment methods, drop points and vouchers of each kind", async () => {
    const perMarket = await rows<{ market: string; delivery: number; payment: number }>(
      t,
      sql`select d.market, count(distinct d.id)::int as delivery, count(distinct pm.id)::int as payment
            from delivery_methods d join payment_methods pm on pm.market = d.market group by d.market`,
    );
    expect(perMarket).toHaveLength(17);
    const [points] = await rows<{ countries: number }>(
      t,
      sql`select count(distinct country_code)::int as countries from drop_points`,
    );
    expect(points?.countries).toBe(17);
    // Each point on a street of its own country (no Czech square in Copenhagen).
    const streets = await rows<{ market: string; street: string }>(
      t,
      sql`select lower(country_code) as market, street from drop_points`,
    );
    for (const { market, street } of streets) {
      const local = DROP_POINT_STREETS[market] ?? [];
      expect(
        local.some((name) => street.includes(name)),
        `${market}: ${street}`,
      ).toBe(true);
    }
    const [sequence] = await rows<{ next: number }>(
      t,
      sql`select (case when is_called then last_value + 1 else last_value end)::int as next
            from orders_id_seq`,
    );
    expect(sequence?.next).toBeGreaterThanOrEqual(100_000);
    const kinds = await rows<{ kind: string; expired: boolean }>(
      t,
      sql`select kind, valid_to < now() as expired from vouchers`,
    );
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(["percentage", "fixed", "free_delivery"]));
    expect(kinds.some((k) => k.expired)).toBe(true);
  });

  it("stores CMS pages with every block type and no script from the source HTML", async () => {
    const [about] = await rows<{ blocks: Record<string, { type: string; value: unknown }[]> }>(
      t,
      sql`select blocks from cms_pages where slug = 'about'`,
    );
    const types = new Set(about?.blocks.en?.map((b) => b.type));
    for (const type of [
      "image",
      "paragraph",
      "youtube_video",
      "call_to_action",
      "image_gallery",
      "tiktok_video",
      "instagram_reel",
      "product_slider",
    ])
      expect(types).toContain(type);
    const everything = JSON.stringify(await rows(t, sql`select body, blocks from content_items, cms_pages`));
    expect(everything).not.toMatch(/<script|onerror/i);
  });
});
