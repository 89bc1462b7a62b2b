import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { type MailOutbox, mailOutbox } from "#modules/mail/mail-outbox.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { decodeQuotedPrintable, lastMailTo } from "../../../tests/support/mail-files.ts";
import {
  confirmStockAlert,
  purgeExpiredStockAlerts,
  readStockAlertLink,
  STOCK_ALERT_CONFIRMATIONS_PER_HOUR,
  STOCK_ALERT_RESEND_MINUTES,
  setSizeStock,
  subscribeStockAlert,
} from "./stock-alerts.service.ts";

type Size = { product_id: number; size_id: number; name: string; size: string };

let t: TestApp;
let sizes: Size[];
let mail: MailOutbox;
const shopAddress = () => "https://shop.example";
let mailDir: string;

beforeAll(async () => {
  // Germany has a host of its own; every other market is on PUBLIC_URL.
  t = await createTestApp({ publicUrl: "https://shop.example", hostMarkets: { "pitchside.de": "de" } });
  await seedDemoShop(t.database, { products: 60, seed: 5, dataDir: "" });
  sizes = await rows<Size>(
    t.database.db,
    sql`select s.product_id, s.id as size_id, p.name, s.name as size
          from product_sizes s join products p on p.id = s.product_id
         where p.online and not p.is_package order by s.id limit 12`,
  );
  await t.database.db.execute(
    sql`update product_sizes set stock = 0 where id in (${sql.join(
      sizes.map((s) => sql`${s.size_id}`),
      sql`, `,
    )})`,
  );
  mail = mailOutbox(t.app.jobs);
  mailDir = path.join(t.config.dataDir, "mail");
});
afterAll(async () => t?.close());

const size = (i: number) => sizes[i] as Size;

/** A sign-up, then the mail it queued sent (the job queue sends it after the request). */
const signUp = async (
  email: string,
  at: Size,
  { host = "localhost", ip = "10.3.0.1" }: { host?: string; ip?: string } = {},
) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/products/notify_sold_out/",
    payload: { email, product_id: at.product_id, size_id: at.size_id },
    headers: { ...csrfHeaders(t.config), host, origin: `http://${host}` },
    remoteAddress: ip,
  });
  await t.app.jobs.drain();
  return response;
};

const confirm = (token: unknown, ip = "10.4.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/products/notify_sold_out/confirm/",
    payload: { token } as object,
    headers: csrfHeaders(t.config),
    remoteAddress: ip,
  });

const mailsTo = (email: string) =>
  fs.existsSync(mailDir)
    ? fs
        .readdirSync(mailDir)
        .sort()
        .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), "utf8")))
        .filter((text) => text.includes(`To: ${email}`))
    : [];

/** The token of the newest confirmation link mailed to an address. */
const mailedToken = (email: string) =>
  new URL(lastMailTo(mailDir, email).link).searchParams.get("token") ?? "";

const alertOf = async (email: string, at: Size) =>
  (
    await rows<{ token_hash: string | null; confirmed_at: Date | null; notified_at: Date | null }>(
      t.database.db,
      sql`select token_hash, confirmed_at, notified_at from stock_alerts where email = ${email} and size_id = ${at.size_id}`,
    )
  )[0];

describe("signing up for a back-in-stock alert (double opt-in)", () => {
  it("mails a confirmation link in the shopper's language on the market's configured address, and keeps only the token's hash", async () => {
    expect((await signUp("Hans@Example.com", size(0), { host: "pitchside.de" })).statusCode).toBe(200);
    const mail = lastMailTo(mailDir, "hans@example.com");
    expect(mail.text).toContain("Bestätige, dass das deine Adresse ist");
    expect(mail.text).toContain(size(0).name);
    expect(mail.link.startsWith("https://pitchside.de/stock-alerts/confirm/?token=")).toBe(true);
    const token = mailedToken("hans@example.com");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const alert = await alertOf("hans@example.com", size(0));
    expect(alert?.confirmed_at).toBeNull();
    expect(alert?.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(alert)).not.toContain(token);

    // A forged Host picks no address: the link is on PUBLIC_URL, in the default market's language.
    expect((await signUp("sofie@example.com", size(0), { host: "attacker.example" })).statusCode).toBe(200);
    expect(lastMailTo(mailDir, "sofie@example.com").link).toMatch(
      /^https:\/\/shop\.example\/stock-alerts\/confirm\/\?token=/,
    );
  });

  it("mails nobody about the size until the alert is confirmed, then mails the confirmed one once", async () => {
    const at = size(1);
    await signUp("confirms@example.com", at);
    await signUp("never@example.com", at);
    const confirmed = await confirm(mailedToken("confirms@example.com"));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      status: "confirmed",
      product: { name: at.name, relative_url: expect.stringMatching(/^\/p\//) },
      size: at.size,
      in_stock: false,
    });

    const back = await setSizeStock(t.database.db, mail, shopAddress, { sizeId: at.size_id, stock: 4 });
    await t.app.jobs.drain();
    expect(back.notified).toBe(1);
    // The unconfirmed address got its confirmation mail and nothing else.
    expect(mailsTo("never@example.com")).toHaveLength(1);
    const confirmedMails = mailsTo("confirms@example.com");
    expect(confirmedMails).toHaveLength(2);
    expect(confirmedMails[1]).toContain("https://shop.example/p/");
    expect((await alertOf("never@example.com", at))?.notified_at).toBeNull();
  });

  it("reads a link without confirming it (the page's GET), and confirms only through the call", async () => {
    const at = size(2);
    await signUp("reader@example.com", at);
    const token = mailedToken("reader@example.com");
    expect(await readStockAlertLink(t.database.db, token)).toMatchObject({
      state: "pending",
      product: { name: at.name },
      size: at.size,
    });
    expect((await alertOf("reader@example.com", at))?.confirmed_at).toBeNull();

    expect((await confirm(token)).json().status).toBe("confirmed");
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe("already_confirmed");
    expect((await readStockAlertLink(t.database.db, token)).state).toBe("confirmed");
  });

  it("refuses unknown, malformed, huge and non-ASCII tokens with a field error on token", async () => {
    const unknown = crypto.randomBytes(32).toString("base64url");
    for (const token of [
      unknown,
      "",
      "short",
      "x".repeat(101),
      "a".repeat(100_000),
      "ä".repeat(43),
      `${"a".repeat(40)}🙂`,
      "../../etc/passwd/../../../../..",
      `${"a".repeat(40)}%00`,
      12345,
      null,
      { $ne: "" },
    ]) {
      const response = await confirm(token);
      const label = String(token).slice(0, 40);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().fields.token, label).toEqual(["notify.confirm.error.unknown"]);
      if (typeof token === "string")
        expect((await readStockAlertLink(t.database.db, token)).state, label).toBe("unknown");
    }
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/products/notify_sold_out/confirm/",
      payload: {},
      headers: csrfHeaders(t.config),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.token).toBeDefined();
  });

  it("refuses an expired link with its own message, and the purge removes only expired unconfirmed alerts", async () => {
    const at = size(3);
    await signUp("late@example.com", at);
    await signUp("kept@example.com", at);
    await signUp("waiting@example.com", at);
    const late = mailedToken("late@example.com");
    expect((await confirm(mailedToken("kept@example.com"))).statusCode).toBe(200);

    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    await expect(confirmStockAlert(t.database.db, late, eightDaysOn)).rejects.toMatchObject({
      statusCode: 400,
      fields: { token: ["notify.confirm.error.expired"] },
    });
    expect((await readStockAlertLink(t.database.db, late, eightDaysOn)).state).toBe("expired");
    await t.database.db.execute(
      sql`update stock_alerts set token_expires_at = now() - interval '1 minute' where email = 'late@example.com'`,
    );
    const expired = await confirm(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fields.token).toEqual(["notify.confirm.error.expired"]);

    expect(await purgeExpiredStockAlerts(t.database.db, new Date())).toEqual({ purged: 1 });
    expect(await alertOf("late@example.com", at)).toBeUndefined();
    expect(await alertOf("kept@example.com", at)).toBeDefined();
    expect(await alertOf("waiting@example.com", at)).toBeDefined();
    expect((await confirm(late)).json().fields.token).toEqual(["notify.confirm.error.unknown"]);
    // A week on, every unconfirmed alert has gone; confirmed ones stay, however old.
    await purgeExpiredStockAlerts(t.database.db, eightDaysOn);
    expect(await alertOf("waiting@example.com", at)).toBeUndefined();
    expect(await alertOf("kept@example.com", at)).toBeDefined();
  });

  it("re-sends the confirmation at most once per interval, and answers the same whatever the address's state", async () => {
    const at = size(4);
    const email = "again@example.com";
    const answers = [await signUp(email, at), await signUp(email, at), await signUp(email, at)];
    expect(mailsTo(email)).toHaveLength(1);
    const first = mailedToken(email);

    const later = new Date(Date.now() + (STOCK_ALERT_RESEND_MINUTES + 1) * 60_000);
    const input = { email, newsletter: false, product_id: at.product_id, size_id: at.size_id };
    await subscribeStockAlert(t.database.db, mail, shopAddress, input, { locale: "en", market: "dk" }, later);
    await t.app.jobs.drain();
    expect(mailsTo(email)).toHaveLength(2);
    const second = mailedToken(email);
    expect(second).not.toBe(first);
    // The newer mail's link is the one that works.
    expect((await confirm(first)).json().fields.token).toEqual(["notify.confirm.error.unknown"]);
    expect((await confirm(second)).json().status).toBe("confirmed");

    // Confirmed: signing up again mails nothing, and the answer is the same as for a new address.
    answers.push(await signUp(email, at), await signUp("new-here@example.com", at));
    expect(mailsTo(email)).toHaveLength(2);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true });
    }
  });

  it("waits for any size of an offline product, in stock or not, and mails nobody while the product stays offline", async () => {
    // A product of its own, taken offline: it is sold out in every size (decision 0088).
    const [inStock, soldOut] = await rows<Size>(
      t.database.db,
      sql`select s.product_id, s.id as size_id, p.name, s.name as size
            from product_sizes s join products p on p.id = s.product_id
           where p.id = (select p2.id from products p2
                          where p2.online and not p2.is_package and not p2.is_giftcard
                            and p2.id not in (${sql.join(
                              sizes.map((s) => sql`${s.product_id}`),
                              sql`, `,
                            )})
                            and (select count(*) from product_sizes s2 where s2.product_id = p2.id) >= 2
                          order by p2.id limit 1)
           order by s.id limit 2`,
    );
    if (!inStock || !soldOut) throw new Error("the demo shop has no such product");
    await t.database.db.execute(sql`update product_sizes set stock = 5 where id = ${inStock.size_id}`);
    await t.database.db.execute(sql`update product_sizes set stock = 0 where id = ${soldOut.size_id}`);
    await t.database.db.execute(sql`update products set online = false where id = ${inStock.product_id}`);

    for (const [email, at] of [
      ["offline-in-stock@example.com", inStock],
      ["offline-sold-out@example.com", soldOut],
    ] as const) {
      expect((await signUp(email, at, { ip: "10.6.0.1" })).statusCode).toBe(200);
      // Confirmed, and the size is not said to be in stock: it cannot be bought while offline.
      expect((await confirm(mailedToken(email))).json()).toMatchObject({
        status: "confirmed",
        in_stock: false,
      });
    }

    const back = await setSizeStock(t.database.db, mail, shopAddress, { sizeId: soldOut.size_id, stock: 3 });
    await t.app.jobs.drain();
    expect(back.notified).toBe(0);
    expect((await alertOf("offline-sold-out@example.com", soldOut))?.notified_at).toBeNull();
    expect(mailsTo("offline-sold-out@example.com")).toHaveLength(1);
  });

  it(`mails one address at most ${STOCK_ALERT_CONFIRMATIONS_PER_HOUR} confirmations an hour over all sizes, answering each sign-up alike`, async () => {
    const email = "target@example.com";
    const statuses: number[] = [];
    for (let i = 5; i < 5 + STOCK_ALERT_CONFIRMATIONS_PER_HOUR + 2; i++)
      statuses.push((await signUp(email, size(i), { ip: `10.5.0.${i}` })).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(mailsTo(email)).toHaveLength(STOCK_ALERT_CONFIRMATIONS_PER_HOUR);
  });
});
