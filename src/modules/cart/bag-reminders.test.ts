import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import { formatMoney, UI_LOCALES } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { publicAddressesOf } from "#server/config.ts";
import { shopJobs } from "#server/jobs.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { headerOf, lastMailTo, mailsToIn } from "../../../tests/support/mail-files.ts";
import {
  AUTHORISED_CARD,
  choosePayment,
  DANISH_ADDRESS,
  pickSize,
  readyGuest,
} from "../checkout/checkout.test-helpers.ts";
import { renderBagReminder } from "./bag-reminder-mail.ts";
import { remindAbandonedBags } from "./bag-reminders.ts";
import { emptyBag } from "./order-placement.steps.ts";
import { REMINDER_UNSUBSCRIBE_DAYS, UNSUBSCRIBES_PER_MINUTE } from "./reminder-unsubscribe.ts";

let t: TestApp;
/** The app's time: each test moves it on a few minutes, so the per-minute limit starts afresh. */
let clock = new Date();
interface SizeRow {
  product_id: number;
  size_id: number;
  stock: number;
  name: string;
  size: string;
  dkk: number;
  eur: number;
}
let plain: SizeRow;
let other: SizeRow;

const HOUR = 3_600_000;
const mailDir = () => path.join(t.config.dataDir, "mail");

beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: "https://shop.example", hostMarkets: { "pitchside.de": "de" } },
    {},
    { clock: () => clock },
  );
  await seedDemoShop(t.database, { products: 60, seed: 3, dataDir: "" });
  const sizes = await rows<SizeRow>(
    t.database.db,
    sql`
    select p.id as product_id, s.id as size_id, s.stock, p.name, s.name as size, dkk.price as dkk, eur.price as eur
      from products p join product_sizes s on s.product_id = p.id
      join product_prices dkk on dkk.product_id = p.id and dkk.currency = 'DKK'
      join product_prices eur on eur.product_id = p.id and eur.currency = 'EUR'
     where p.online and not p.is_package and not p.is_exclusive and s.stock >= 5
     order by p.id, s.sort`,
  );
  plain = sizes[0] as SizeRow;
  other = sizes.find((size) => size.product_id !== plain.product_id) as SizeRow;
});
afterAll(async () => t?.close());

/** Runs the scheduled job's work as the job does, `hoursLater` after now. */
const remind = (hoursLater: number, hours = 24) =>
  remindAbandonedBags(
    t.database.db,
    mailOutbox(t.app.jobs),
    publicAddressesOf(t.config).forMarket,
    hours,
    new Date(Date.now() + hoursLater * HOUR),
  );

/** Mails sent to an address once the queue has worked. */
async function mailsTo(email: string) {
  await t.app.jobs.drain();
  return mailsToIn(mailDir(), email);
}

async function member(email: string, newsletter: boolean, locale = "da", market = "dk") {
  const [user] = await rows<{ id: number }>(
    t.database.db,
    sql`insert into users (email, password_hash, name, newsletter, locale, market)
        values (${email}, 'x', 'Member', ${newsletter}, ${locale}, ${market}) returning id`,
  );
  const [cart] = await rows<{ id: number }>(
    t.database.db,
    sql`insert into carts (user_id) values (${user?.id}) returning id`,
  );
  return cart?.id as number;
}

async function guestBag(sessionId: string) {
  await t.database.db.execute(
    sql`insert into sessions (id, expires_at) values (${sessionId}, now() + interval '30 days')`,
  );
  const [cart] = await rows<{ id: number }>(
    t.database.db,
    sql`insert into carts (session_id) values (${sessionId}) returning id`,
  );
  return cart?.id as number;
}

async function addLine(cartId: number, size: SizeRow, quantity: number) {
  await t.database.db.execute(
    sql`insert into cart_lines (cart_id, product_id, size_id, quantity)
        values (${cartId}, ${size.product_id}, ${size.size_id}, ${quantity})`,
  );
}

/** A guest's checkout row as the review step leaves it: an e-mail, the address, and the box ticked or not. */
async function guestCheckout(cartId: number, email: string | null, subscribe: boolean, market = "de") {
  const review = { subscribeNewsletters: subscribe, source: "", device: "", market, locale: market };
  await t.database.db.execute(
    sql`insert into checkout_sessions (cart_id, email, delivery_address, review)
        values (${cartId}, ${email}, ${JSON.stringify({ first_name: "Guest", address: "Secret Street 1" })}::jsonb,
                ${JSON.stringify(review)}::jsonb)`,
  );
}

const linesOf = (cartId: number) =>
  rows<{ product_id: number; size_id: number; quantity: number }>(
    t.database.db,
    sql`select product_id, size_id, quantity from cart_lines where cart_id = ${cartId} order by id`,
  );

describe("the abandoned-bag reminder", () => {
  it("mails a member who agreed to news once, after the configured time, in their language with the bag's lines", async () => {
    const cartId = await member("keen@example.com", true, "da", "dk");
    await addLine(cartId, plain, 2);
    await remind(1);
    expect(await mailsTo("keen@example.com")).toHaveLength(0);
    // Two processes running the job at once, and a third run later: still one mail.
    await Promise.all([remind(25), remind(25)]);
    await remind(26);
    const mails = await mailsTo("keen@example.com");
    expect(mails).toHaveLength(1);
    const { text, link } = lastMailTo(mailDir(), "keen@example.com");
    expect(text).toContain("Din kurv venter stadig");
    expect(text).toContain(
      `2 × ${plain.name}, størrelse ${plain.size}: ${formatMoney(plain.dkk * 2, "DKK", "da-DK")}`,
    );
    expect(link).toMatch(/^https:\/\/shop\.example\/cart\/restore\/\?token=[\w-]{43}$/);
    expect(text).toContain("https://shop.example/account/settings/");
  });

  it("sends nothing without consent, for a bag without lines, or for one left more than 7 days ago", async () => {
    const noConsent = await member("quiet@example.com", false);
    await addLine(noConsent, plain, 1);
    const guestNoBox = await guestBag("guest-no-box");
    await addLine(guestNoBox, plain, 1);
    await guestCheckout(guestNoBox, "nobox@example.com", false);
    const empty = await member("empty@example.com", true);
    const old = await member("old@example.com", true);
    await addLine(old, plain, 1);
    await t.database.db.execute(
      sql`update carts set updated_at = now() - interval '8 days' where id = ${old}`,
    );
    await remind(25);
    for (const email of ["quiet@example.com", "nobox@example.com", "empty@example.com", "old@example.com"])
      expect(await mailsTo(email), email).toHaveLength(0);
    expect(empty).toBeGreaterThan(0);
  });

  it("sends nothing when ABANDONED_BAG_HOURS is 0", async () => {
    const cartId = await member("off@example.com", true);
    await addLine(cartId, plain, 1);
    expect(await remind(100, 0)).toBe(0);
    expect(await mailsTo("off@example.com")).toHaveLength(0);
  });

  it("mails a guest who gave an e-mail and ticked the newsletter at checkout, in that market's language and address", async () => {
    const cartId = await guestBag("guest-with-box");
    await addLine(cartId, other, 3);
    await guestCheckout(cartId, "guest@example.com", true, "de");
    await remind(25);
    await remind(30);
    expect(await mailsTo("guest@example.com")).toHaveLength(1);
    const { text, link } = lastMailTo(mailDir(), "guest@example.com");
    expect(text).toContain("Dein Warenkorb wartet noch");
    expect(text).toContain(
      `3 × ${other.name}, Größe ${other.size}: ${formatMoney(other.eur * 3, "EUR", "de-DE")}`,
    );
    expect(text).not.toContain("/account/settings/");
    expect(link).toMatch(/^https:\/\/pitchside\.de\/cart\/restore\/\?token=/);
  });

  it("stops when the bag is ordered, and reminds the next bag once again", async () => {
    const ordered = await member("buyer@example.com", true);
    await addLine(ordered, plain, 1);
    await t.database.db.transaction((tx) => emptyBag(tx, ordered));
    await remind(25);
    expect(await mailsTo("buyer@example.com")).toHaveLength(0);

    const again = await member("again@example.com", true);
    await addLine(again, plain, 1);
    await remind(25);
    await t.app.jobs.drain();
    const { link } = lastMailTo(mailDir(), "again@example.com");
    await t.database.db.transaction((tx) => emptyBag(tx, again));
    const [row] = await rows<{ reminded_at: string | null }>(
      t.database.db,
      sql`select reminded_at from carts where id = ${again}`,
    );
    expect(row?.reminded_at).toBeNull();
    // The ordered bag's link restores nothing any more.
    clock = new Date(clock.getTime() + 2 * 60_000);
    const opened = await testVisitor(t).get(new URL(link).pathname + new URL(link).search);
    expect(opened.headers.location).toBe("/cart/?restore=invalid");
    // A new bag later: one more reminder.
    await addLine(again, other, 1);
    await remind(25);
    expect(await mailsTo("again@example.com")).toHaveLength(2);
  });
});

describe("the reminder's link", () => {
  it("copies the reminded lines into a fresh visitor's bag, never the checkout's address, and twice is not double", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const cartId = await guestBag("guest-restored");
    await addLine(cartId, plain, 2);
    await addLine(cartId, other, 1);
    await guestCheckout(cartId, "restore@example.com", true, "dk");
    await remind(25);
    await t.app.jobs.drain();
    const { link } = lastMailTo(mailDir(), "restore@example.com");
    const url = new URL(link);
    const [counted] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from checkout_sessions where delivery_address::text like '%Secret Street%'`,
    );
    const checkoutsBefore = counted?.n;
    const visitor = testVisitor(t);
    const opened = await visitor.get(url.pathname + url.search);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/cart/?restore=done");
    expect(opened.headers["cache-control"]).toContain("no-store");
    expect(visitor.jar.sessionid).toBeTruthy();
    const bag = (await visitor.get("/cart/data/")).json();
    expect(
      bag.lines.map((line: { size_id: number; quantity: number }) => [line.size_id, line.quantity]),
    ).toEqual([
      [plain.size_id, 2],
      [other.size_id, 1],
    ]);
    // Only lines came over: the reminded bag's checkout row (with its address) is still the only one.
    const [checkouts] = await rows<{ with_address: number }>(
      t.database.db,
      sql`select count(*)::int as with_address from checkout_sessions where delivery_address::text like '%Secret Street%'`,
    );
    expect(checkouts?.with_address).toBe(checkoutsBefore);
    expect((await visitor.get("/api/auth/session/")).json().is_logged_in).toBe(false);
    // Opened again: the bag stays as restored, not doubled.
    await visitor.get(url.pathname + url.search);
    const again = (await visitor.get("/cart/data/")).json();
    expect(again.lines.map((line: { quantity: number }) => line.quantity)).toEqual([2, 1]);
    // The reminded bag is untouched.
    expect(await linesOf(cartId)).toHaveLength(2);
  });

  it("joins a size the visitor already has at the larger quantity, within stock", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const cartId = await member("joiner@example.com", true);
    await addLine(cartId, plain, plain.stock + 50);
    await remind(25);
    await t.app.jobs.drain();
    const { link } = lastMailTo(mailDir(), "joiner@example.com");
    const visitor = testVisitor(t);
    await visitor.form("/cart/items/add_to_cart/", {
      product: plain.product_id,
      size: plain.size_id,
      amount: 1,
    });
    const url = new URL(link);
    expect((await visitor.get(url.pathname + url.search)).headers.location).toBe("/cart/?restore=done");
    const bag = (await visitor.get("/cart/data/")).json();
    expect(bag.lines).toHaveLength(1);
    expect(bag.lines[0].quantity).toBe(Math.min(plain.stock, 99));
  });

  it("answers a bad, unknown or expired token with the bag and a notice, and changes nothing", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const cartId = await member("expiring@example.com", true);
    await addLine(cartId, plain, 1);
    await remind(25);
    await t.app.jobs.drain();
    const { link } = lastMailTo(mailDir(), "expiring@example.com");
    const [before] = await rows<{ carts: number; sessions: number; lines: number }>(
      t.database.db,
      sql`select (select count(*)::int from carts) as carts, (select count(*)::int from sessions) as sessions,
                 (select count(*)::int from cart_lines) as lines`,
    );
    const bad = [
      "/cart/restore/",
      "/cart/restore/?token=",
      `/cart/restore/?token=${"A".repeat(5000)}`,
      `/cart/restore/?token=${encodeURIComponent("øæå🙂".repeat(11))}`,
      `/cart/restore/?token=${"A".repeat(43)}`,
      "/cart/restore/?token=a&token=b",
    ];
    for (const url of bad) {
      const visitor = testVisitor(t);
      const answer = await visitor.get(url);
      expect(answer.statusCode, url).toBe(303);
      expect(answer.headers.location, url).toBe("/cart/?restore=invalid");
      expect(visitor.jar.sessionid, url).toBeUndefined();
    }
    // Seven days after the reminder (sent 25 hours from now), the mailed link has expired.
    clock = new Date(Date.now() + (25 + 7 * 24 + 1) * HOUR);
    const url = new URL(link);
    expect((await testVisitor(t).get(url.pathname + url.search)).headers.location).toBe(
      "/cart/?restore=invalid",
    );
    const [after] = await rows<typeof before>(
      t.database.db,
      sql`select (select count(*)::int from carts) as carts, (select count(*)::int from sessions) as sessions,
                 (select count(*)::int from cart_lines) as lines`,
    );
    expect(after).toEqual(before);
  });

  it("stops guessing after 10 tries a minute from one address", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const answers: string[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        String((await testVisitor(t).get(`/cart/restore/?token=${"B".repeat(43)}`)).headers.location),
      );
    expect(answers.slice(0, 10).every((location) => location === "/cart/?restore=invalid")).toBe(true);
    expect(answers.slice(10)).toEqual(["/cart/?restore=busy", "/cart/?restore=busy"]);
  });
});

describe("through the checkout", () => {
  it("reminds a guest who ticked the newsletter on the review and left at the card, not one who paid", async () => {
    const size = await pickSize(t, { marketplace: false });
    const left = await readyGuest(t, [size], { address: { ...DANISH_ADDRESS, email: "left@example.com" } });
    await choosePayment(left, "test-card");
    const review = await left.json("/checkout/step_review_submit/", {
      policy: true,
      subscribe_newsletters: true,
    });
    expect(review.statusCode).toBe(200);

    const paid = await readyGuest(t, [size], { address: { ...DANISH_ADDRESS, email: "paid@example.com" } });
    await choosePayment(paid, "test-card");
    const reviewed = await paid.json("/checkout/step_review_submit/", {
      policy: true,
      subscribe_newsletters: true,
    });
    expect(reviewed.statusCode).toBe(200);
    const card = await paid.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
    });
    const result = await paid.get(card.json().action.url.replace(/^https?:\/\/[^/]+/, ""));
    expect(String(result.headers.location)).toMatch(/^\/checkout\/receipt\//);

    await remind(25);
    expect(await mailsTo("paid@example.com")).toHaveLength(1); // the order confirmation only
    expect((await mailsTo("paid@example.com"))[0]).not.toContain("/cart/restore/");
    const mails = await mailsTo("left@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Din kurv venter stadig");
    expect(mails[0]).toContain("https://shop.example/cart/restore/?token=");
  });
});

describe("the scheduled job and the texts", () => {
  it("runs as cart.remind-abandoned-bags with the configured hours", async () => {
    const cartId = await member("scheduled@example.com", true, "sv", "se");
    await addLine(cartId, plain, 1);
    await t.database.db.execute(
      sql`update carts set updated_at = now() - interval '25 hours' where id = ${cartId}`,
    );
    const quiet = { info() {}, warn() {}, error() {} };
    const job = (hours: number) =>
      shopJobs(
        { ...t.config, abandonedBagHours: hours },
        t.database,
        publicAddressesOf(t.config),
        quiet,
        t.app.jobs,
      ).find((definition) => definition.name === "cart.remind-abandoned-bags");
    expect(job(24)?.cron).toBe("*/15 * * * *");
    await job(48)?.run(undefined as never, { id: "one" } as never);
    expect(await mailsTo("scheduled@example.com")).toHaveLength(0);
    await job(24)?.run(undefined as never, { id: "two" } as never);
    const mails = await mailsTo("scheduled@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Tillbaka till din varukorg");
  });

  it("has every text of the mail in all 13 languages", () => {
    for (const locale of UI_LOCALES) {
      const mail = renderBagReminder(locale, "dk", {
        lines: [{ product: "Club Shirt", size: "M", quantity: 2, total: 59_900, currency: "DKK" }],
        link: "https://shop.example/cart/restore/?token=x",
        settingsLink: "https://shop.example/account/settings/",
        unsubscribeLink: "https://shop.example/reminders/unsubscribe/?token=y",
        days: 7,
      });
      expect(mail.text, locale).not.toMatch(/mail\.bagReminder|mail\.greeting|mail\.signature/);
      expect(mail.text, locale).toContain("Club Shirt");
      expect(mail.html, locale).toContain('href="https://shop.example/cart/restore/?token=x"');
      expect(mail.html, locale).toContain('href="https://shop.example/reminders/unsubscribe/?token=y"');
      expect(mail.text, locale).toContain(": https://shop.example/reminders/unsubscribe/?token=y");
    }
  });
});

/** The unsubscribe address of the newest reminder to an address: from its List-Unsubscribe header and its body. */
async function unsubscribeLinkOf(email: string) {
  await t.app.jobs.drain();
  const { text, raw } = lastMailTo(mailDir(), email);
  const header = headerOf(raw, "List-Unsubscribe") ?? "";
  const link = /^<(https:\/\/[^>]+)>$/.exec(header)?.[1] ?? "";
  return {
    text,
    link,
    token: new URL(link).searchParams.get("token") ?? "",
    post: headerOf(raw, "List-Unsubscribe-Post"),
  };
}

const optOuts = async () =>
  (
    await rows<{ email: string; via: string }>(
      t.database.db,
      sql`select email, via from reminder_opt_outs order by email`,
    )
  ).map((row) => `${row.email} ${row.via}`);

describe("unsubscribing from the reminders, without logging in", () => {
  it("carries the link in every reminder and as List-Unsubscribe with one-click; the page's button stops a guest's reminders for good", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const first = await guestBag("guest-unsubscribes");
    await addLine(first, plain, 1);
    await guestCheckout(first, "Leave.Me@example.com", true, "de");
    await remind(25);
    const { text, link, token, post } = await unsubscribeLinkOf("Leave.Me@example.com");
    // Built on the market's configured address, never a request's; the body carries the same link.
    expect(link).toMatch(/^https:\/\/pitchside\.de\/reminders\/unsubscribe\/\?token=[\w-]{43}$/);
    expect(post).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain(`Keine solchen Erinnerungen mehr? Abmelden: ${link}`);

    // The page's button: a call under CSRF from any browser, no log-in.
    const visitor = testVisitor(t);
    const done = await visitor.json("/api/reminders/unsubscribe/", { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      status: "withdrawn",
      email: "L•••@example.com",
      member: false,
    });
    expect(done.headers["cache-control"]).toBe("private, no-store");
    const again = await testVisitor(t).json("/api/reminders/unsubscribe/", { token });
    expect(again.json()).toMatchObject({ status: "already" });
    expect(await optOuts()).toContain("leave.me@example.com page");

    // A later bag of the same address, the box ticked again: no reminder comes.
    const later = await guestBag("guest-unsubscribed-comes-back");
    await addLine(later, other, 2);
    await guestCheckout(later, "leave.me@EXAMPLE.com", true, "de");
    expect(await remind(25)).toBe(0);
    expect(await mailsTo("leave.me@EXAMPLE.com")).toHaveLength(0);
    expect(await mailsTo("Leave.Me@example.com")).toHaveLength(1);
  });

  it("takes a mail client's one-click POST (RFC 8058) without cookie or CSRF token, URL-encoded or multipart", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const oneClick = async (email: string, encoding: "form" | "multipart") => {
      const cartId = await guestBag(`one-click-${encoding}`);
      await addLine(cartId, plain, 1);
      await guestCheckout(cartId, email, true, "dk");
      await remind(25);
      const { link } = await unsubscribeLinkOf(email);
      const url = new URL(link);
      const boundary = "----mailclient7MA4YWxkTrZu0gW";
      return t.app.inject({
        method: "POST",
        url: url.pathname + url.search,
        ...(encoding === "form"
          ? {
              headers: { "content-type": "application/x-www-form-urlencoded" },
              payload: "List-Unsubscribe=One-Click",
            }
          : {
              headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
              payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
            }),
      });
    };
    const form = await oneClick("form-click@example.com", "form");
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ status: "withdrawn", email: "f•••@example.com" });
    expect(form.headers.location).toBeUndefined();
    const multipart = await oneClick("multi-click@example.com", "multipart");
    expect(multipart.statusCode).toBe(200);
    expect(await optOuts()).toEqual(
      expect.arrayContaining(["form-click@example.com one-click", "multi-click@example.com one-click"]),
    );

    // Without the one-click pair the POST does nothing.
    const cartId = await guestBag("one-click-empty");
    await addLine(cartId, plain, 1);
    await guestCheckout(cartId, "no-pair@example.com", true, "dk");
    await remind(25);
    const { link } = await unsubscribeLinkOf("no-pair@example.com");
    const url = new URL(link);
    for (const payload of ["", "List-Unsubscribe=Yes", "a=b"]) {
      const answer = await t.app.inject({
        method: "POST",
        url: url.pathname + url.search,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload,
      });
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
    }
    expect(await optOuts()).not.toContain("no-pair@example.com one-click");
  });

  it("turns a member's newsletter consent off, so the settings show it and no reminder follows", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const cartId = await member("member-leaves@example.com", true, "da", "dk");
    await addLine(cartId, plain, 1);
    await remind(25);
    const { link, token, text } = await unsubscribeLinkOf("member-leaves@example.com");
    expect(link).toMatch(/^https:\/\/shop\.example\/reminders\/unsubscribe\/\?token=/);
    expect(text).toContain("https://shop.example/account/settings/");
    const done = await testVisitor(t).json("/api/reminders/unsubscribe/", { token });
    expect(done.json()).toMatchObject({ status: "withdrawn", member: true });
    const [user] = await rows<{ newsletter: boolean }>(
      t.database.db,
      sql`select newsletter from users where email = 'member-leaves@example.com'`,
    );
    expect(user?.newsletter).toBe(false);
    await t.database.db.transaction((tx) => emptyBag(tx, cartId));
    await addLine(cartId, other, 1);
    expect(await remind(25)).toBe(0);
    expect(await mailsTo("member-leaves@example.com")).toHaveLength(1);
  });

  it("stops guessing after the per-minute limit from one address", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const statuses: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBES_PER_MINUTE + 1; i++)
      statuses.push(
        (await testVisitor(t).json("/api/reminders/unsubscribe/", { token: "C".repeat(43) })).statusCode,
      );
    expect(statuses.slice(0, UNSUBSCRIBES_PER_MINUTE).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(UNSUBSCRIBES_PER_MINUTE)).toEqual([429, 429]);
  });
  it("refuses a bad, garbled, huge or expired token with 400 on token, never 5xx, and changes nothing", async () => {
    clock = new Date(clock.getTime() + 2 * 60_000);
    const cartId = await guestBag("guest-expiring-unsubscribe");
    await addLine(cartId, plain, 1);
    await guestCheckout(cartId, "expiring-unsub@example.com", true, "dk");
    await remind(25);
    const { token } = await unsubscribeLinkOf("expiring-unsub@example.com");
    const before = await optOuts();
    const bad: unknown[] = [
      "",
      "A".repeat(43),
      `${token.slice(0, 42)}!`,
      "øæå🙂".repeat(11),
      "A".repeat(5000),
      "\u0000".repeat(43),
      123,
      null,
      ["a", "b"],
      { $ne: "" },
    ];
    for (const value of bad) {
      const answer = await testVisitor(t).json("/api/reminders/unsubscribe/", { token: value });
      expect({ value, status: answer.statusCode }).toEqual({ value, status: 400 });
      expect(answer.json().error, String(value)).toBeTruthy();
    }
    const unknown = await testVisitor(t).json("/api/reminders/unsubscribe/", { token: "A".repeat(43) });
    expect(unknown.json().fields).toEqual({ token: ["reminders.unsubscribe.unknown"] });
    const huge = await t.app.inject({
      method: "POST",
      url: `/reminders/unsubscribe/?token=${"A".repeat(5000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    // A year and a day after the reminder (sent 25 hours from now), the link has expired.
    clock = new Date(Date.now() + 25 * HOUR + (REMINDER_UNSUBSCRIBE_DAYS + 1) * 24 * HOUR);
    const expired = await testVisitor(t).json("/api/reminders/unsubscribe/", { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fields).toEqual({ token: ["reminders.unsubscribe.expired"] });
    expect(await optOuts()).toEqual(before);
  });
});
