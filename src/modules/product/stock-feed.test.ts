import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { decodeQuotedPrintable, lastMailTo } from "../../../tests/support/mail-files.ts";

let t: TestApp;
let size: { product_id: number; size_id: number; sku: string };
let other: typeof size;

beforeAll(async () => {
  // Germany has a host of its own; every other market is on PUBLIC_URL.
  t = await createTestApp({
    catalogueApiToken: "feed-secret",
    publicUrl: "https://shop.example",
    hostMarkets: { "pitchside.de": "de" },
  });
  await seedDemoShop(t.database, { products: 60, seed: 3, dataDir: "" });
  [size, other] = (await rows<typeof size>(
    t.database.db,
    sql`
    select s.product_id, s.id as size_id, s.sku from product_sizes s join products p on p.id = s.product_id
     where p.online order by s.id limit 2`,
  )) as [typeof size, typeof size];
  await t.database.db.execute(
    sql`update product_sizes set stock = 0 where id in (${size.size_id}, ${other.size_id})`,
  );
});
afterAll(async () => t?.close());

/** Confirms an alert as its owner does: with the token of the link in the confirmation mail. */
async function confirmFromMail(email: string) {
  await t.app.jobs.drain();
  const { link } = lastMailTo(path.join(t.config.dataDir, "mail"), email);
  const confirmed = await t.app.inject({
    method: "POST",
    url: "/api/products/notify_sold_out/confirm/",
    payload: { token: new URL(link).searchParams.get("token") },
    headers: csrfHeaders(t.config),
  });
  expect(confirmed.statusCode).toBe(200);
}

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

  it("refuses a call without a token, and checks the body before the token", async () => {
    const bare = await t.app.inject({
      method: "PUT",
      url: `/api/catalogue/stock/${size.sku}/`,
      payload: { stock: 3 },
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({
      error: "unauthorized",
      message: "A valid catalogue API token is needed.",
    });
    expect((await feed(size.sku, { stock: "many" }, "guess")).statusCode).toBe(400);
    expect((await feed("NO-SUCH-SKU", { stock: 3 })).json()).toMatchObject({
      error: "size_not_found",
      message: "There is no size with that SKU.",
    });
  });

  it("brings a size back and mails its confirmed subscriber once", async () => {
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/products/notify_sold_out/",
      payload: { email: "waiting@example.com", product_id: size.product_id, size_id: size.size_id },
      headers: csrfHeaders(t.config),
    });
    expect(signup.statusCode).toBe(200);
    await confirmFromMail("waiting@example.com");
    const back = await feed(size.sku, { stock: 7 });
    expect(back.json()).toEqual({ sku: size.sku, stock: 7, notified: 1 });
    expect((await feed(size.sku, { stock: 9 })).json().notified).toBe(0);
    const availability = await t.app.inject({ method: "GET", url: `/api/availability/${size.product_id}/` });
    expect(availability.json().find((s: { size_id: number }) => s.size_id === size.size_id).stock_info).toBe(
      9,
    );
    await t.app.jobs.drain();
    // The confirmation mail, then the one back-in-stock mail.
    const mails = fs.readdirSync(path.join(t.config.dataDir, "mail"));
    expect(mails).toHaveLength(2);
  });

  it("links each subscriber to the product on the address of the market they signed up in", async () => {
    for (const [email, host] of [
      ["hans@example.com", "pitchside.de"],
      ["sofie@example.com", "attacker.example"],
    ] as const) {
      const signup = await t.app.inject({
        method: "POST",
        url: "/api/products/notify_sold_out/",
        payload: { email, product_id: other.product_id, size_id: other.size_id },
        headers: { ...csrfHeaders(t.config), host, origin: `http://${host}` },
      });
      expect(signup.statusCode, host).toBe(200);
      await confirmFromMail(email);
    }
    expect((await feed(other.sku, { stock: 2 })).json().notified).toBe(2);
    const [product] = await rows<{ url: string }>(
      t.database.db,
      sql`select relative_url as url from products where id = ${other.product_id}`,
    );
    await t.app.jobs.drain();
    const dir = path.join(t.config.dataDir, "mail");
    // The newest mail to each: the back-in-stock mail, after the confirmation.
    const linkTo = (email: string) => {
      const mail = fs
        .readdirSync(dir)
        .sort()
        .reverse()
        .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
        .find((text) => text.includes(`To: ${email}`));
      return /(https?:\/\/[^\s"<]+)/.exec(mail?.split("\n\n").slice(1).join("\n\n") ?? "")?.[1];
    };
    expect(linkTo("hans@example.com")).toBe(`https://pitchside.de${product?.url}`);
    expect(linkTo("sofie@example.com")).toBe(`https://shop.example${product?.url}`);
  });
});
