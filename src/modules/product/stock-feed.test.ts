import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoShop } from "#db/seed/seed.ts";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";

let t: TestApp;
let size: { product_id: number; size_id: number; sku: string };

beforeAll(async () => {
  t = await createTestApp({ catalogueApiToken: "feed-secret" });
  await seedDemoShop(t.database, { products: 60, seed: 3, dataDir: "" });
  const result = await t.database.db.execute(sql`
    select s.product_id, s.id as size_id, s.sku from product_sizes s join products p on p.id = s.product_id
     where p.online order by s.id limit 1`);
  size = (result as unknown as { rows: (typeof size)[] }).rows[0] as typeof size;
  await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${size.size_id}`);
});
afterAll(async () => t?.close());

const feed = (sku: string, body: unknown, token = "feed-secret") =>
  t.app.inject({
    method: "PUT",
    url: `/api/catalogue/stock/${sku}/`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
  });

describe("the stock feed", () => {
  it("refuses a wrong token, an unknown SKU and a stock that is not a whole number of 0 or more", async () => {
    expect((await feed(size.sku, { stock: 3 }, "guess")).statusCode).toBe(401);
    expect((await feed("NO-SUCH-SKU", { stock: 3 })).statusCode).toBe(404);
    expect((await feed(size.sku, { stock: -1 })).statusCode).toBe(400);
    expect((await feed(size.sku, { stock: 1.5 })).statusCode).toBe(400);
    expect((await feed(size.sku, { stock: "many" })).statusCode).toBe(400);
  });

  it("brings a size back and mails its subscriber once", async () => {
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/products/notify_sold_out/",
      payload: { email: "waiting@example.com", product_id: size.product_id, size_id: size.size_id },
      headers: csrfHeaders(t.config),
    });
    expect(signup.statusCode).toBe(200);
    const back = await feed(size.sku, { stock: 7 });
    expect(back.json()).toEqual({ sku: size.sku, stock: 7, notified: 1 });
    expect((await feed(size.sku, { stock: 9 })).json().notified).toBe(0);
    const availability = await t.app.inject({ method: "GET", url: `/api/availability/${size.product_id}/` });
    expect(availability.json().find((s: { size_id: number }) => s.size_id === size.size_id).stock_info).toBe(
      9,
    );
    const mails = fs.readdirSync(path.join(t.config.dataDir, "mail"));
    expect(mails).toHaveLength(1);
  });
});
