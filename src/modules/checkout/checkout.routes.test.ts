import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireMarket } from "#modules/markets/markets.service.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { countingQueries, createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { lastMailTo } from "../../../tests/support/mail-files.ts";
import { CARD_ATTEMPTS_PER_MINUTE } from "./checkout.routes.ts";
import {
  AUTHORISED_CARD,
  choosePayment,
  DANISH_ADDRESS,
  payByCard,
  pickSize,
  readyGuest,
  rowsOf,
  type SizeRow,
} from "./checkout.test-helpers.ts";
import { deliveryData } from "./checkout-delivery.service.ts";
import { paymentGateways } from "./checkout-payment-methods.service.ts";

let t: TestApp;
let own: SizeRow;
let second: SizeRow;
let marketplace: SizeRow;

beforeAll(async () => {
  // Poland has a host of its own; every other market is on PUBLIC_URL.
  t = await createTestApp({ publicUrl: "https://shop.example", hostMarkets: { "pitchside.pl": "pl" } });
  await seedDemoShop(t.database, { products: 300, seed: 7, dataDir: "" });
  own = await pickSize(t, { marketplace: false });
  second = await pickSize(t, { marketplace: false, skip: [own.product_id] });
  marketplace = await pickSize(t, { marketplace: true });
});
afterAll(async () => t?.close());

const stockOf = async (sizeId: number) =>
  (await rowsOf<{ stock: number }>(t, sql`select stock from product_sizes where id = ${sizeId}`))[0]?.stock;

describe("address forms", () => {
  it("gives each country its own post-code rule, house number and province fields", async () => {
    const guest = testVisitor(t);
    const form = async (country: string) =>
      (await guest.get(`/checkout/payment_form/?type=shipping&country_code=${country}`)).json() as {
        name: string;
        pattern: string | null;
        choices: { value: string }[] | null;
        initial: string;
      }[];
    const denmark = await form("dnk");
    expect(denmark.map((f) => f.name)).not.toContain("addr_number");
    expect(denmark.find((f) => f.name === "post_nummer")?.pattern).toBe("^\\d{4}$");
    expect(denmark.find((f) => f.name === "country")?.initial).toBe("dnk");
    expect(denmark.map((f) => f.name)).toContain("email");
    const germany = await form("deu");
    expect(germany.map((f) => f.name)).toContain("addr_number");
    expect(germany.find((f) => f.name === "post_nummer")?.pattern).toBe("^\\d{5}$");
    const netherlands = await form("nld");
    expect(new RegExp(netherlands.find((f) => f.name === "post_nummer")?.pattern ?? "").test("1012 AB")).toBe(
      true,
    );
    const italy = await form("ita");
    expect(italy.find((f) => f.name === "state")?.choices?.some((c) => c.value === "RM")).toBe(true);
    const unknown = await guest.get("/checkout/payment_form/?type=billing&country_code=usa");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.country_code).toEqual(["address.error.country"]);
  });

  it("refuses a wrong post code, a missing field and an unknown country with errors by field", async () => {
    const guest = testVisitor(t);
    await guest.form("/cart/items/add_to_cart/", { product: own.product_id, size: own.size_id });
    const wrongPostCode = await guest.json("/api/checkout/set_delivery_address/", {
      ...DANISH_ADDRESS,
      post_nummer: "21000",
      name: "",
    });
    expect(wrongPostCode.statusCode).toBe(400);
    expect(wrongPostCode.json().fields).toMatchObject({
      post_nummer: ["address.error.postCode"],
      name: ["address.error.required"],
    });
    const unknownCountry = await guest.json("/api/checkout/set_delivery_address/", {
      ...DANISH_ADDRESS,
      country: "usa",
    });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json().fields.country).toEqual(["address.error.country"]);
    expect((await guest.get("/api/checkout/delivery_address/")).json().address).toBeNull();
  });

  it("sends a delivery address in another shop's country to that shop (country mismatch)", async () => {
    const guest = testVisitor(t);
    await guest.form("/cart/items/add_to_cart/", { product: own.product_id, size: own.size_id });
    const german = await guest.json("/api/checkout/set_delivery_address/", {
      country: "deu",
      name: "Jonas Weber",
      address: "Hauptstraße",
      addr_number: "5",
      post_nummer: "10115",
      town: "Berlin",
      phone: "+49 30 123456",
      email: "jonas@example.com",
    });
    expect(german.statusCode).toBe(409);
    expect(german.json()).toMatchObject({ error: "country_mismatch", message: "de" });
  });

  it("saves the delivery and billing address and lists them back", async () => {
    const guest = testVisitor(t);
    await guest.form("/cart/items/add_to_cart/", { product: own.product_id, size: own.size_id });
    expect((await guest.json("/api/checkout/set_delivery_address/", DANISH_ADDRESS)).statusCode).toBe(200);
    const billing = await guest.json("/api/checkout/set_billing_address/", {
      country: "swe",
      name: "Anna Berg",
      address: "Storgatan 3",
      post_nummer: "11120",
      town: "Stockholm",
    });
    expect(billing.statusCode).toBe(200);
    const addresses = (await guest.get("/checkout/customer_addresses/")).json();
    expect(addresses).toMatchObject({
      email: "mette@example.com",
      address: { name: "Mette Jensen", post_nummer: "2100", country_alpha2: "DK" },
      billing_address: { name: "Anna Berg", country: "swe" },
    });
  });

  it('takes a German "Torstraße 12" typed in the street line, saving the number in its own field', async () => {
    const guest = testVisitor(t);
    await guest.form("/cart/items/add_to_cart/", { product: own.product_id, size: own.size_id });
    expect((await guest.json("/api/checkout/set_delivery_address/", DANISH_ADDRESS)).statusCode).toBe(200);
    const billing = await guest.json("/api/checkout/set_billing_address/", {
      country: "deu",
      name: "Jonas Weber",
      address: "Torstraße 12",
      post_nummer: "10115",
      town: "Berlin",
    });
    expect(billing.statusCode).toBe(200);
    const addresses = (await guest.get("/checkout/customer_addresses/")).json();
    expect(addresses.billing_address).toMatchObject({
      address: "Torstraße",
      addr_number: "12",
      full_address_line: "Torstraße 12, 10115 Berlin",
    });
  });
});

describe("delivery", () => {
  it("splits an order over two suppliers into two packages, each with its own methods", async () => {
    const guest = await readyGuest(t, [own, marketplace]);
    const data = (await guest.get("/checkout/delivery_methods/")).json();
    expect(data.split).toBe(true);
    expect(data.packages).toHaveLength(2);
    expect(data.packages[0]).toMatchObject({
      index: 1,
      total: 2,
      supplier_name: "Warehouse",
      products_quantity: 1,
    });
    expect(data.packages[1]).toMatchObject({
      index: 2,
      supplier_name: marketplace.supplier,
      products_quantity: 1,
    });
    const ownIds = data.packages[0].delivery_methods.map((m: { delivery_id: number }) => m.delivery_id);
    const supplierIds = data.packages[1].delivery_methods.map((m: { delivery_id: number }) => m.delivery_id);
    expect(ownIds.some((id: number) => supplierIds.includes(id))).toBe(false);
    expect(data.additional_suppliers[0].supplier_name).toBe(marketplace.supplier);
  });

  it("refuses a method of another market and a drop point that is not the method's", async () => {
    const guest = await readyGuest(t, [own]);
    const [german] = await rowsOf<{ id: number }>(
      t,
      sql`select id from delivery_methods where market = 'de' limit 1`,
    );
    const foreign = await guest.json("/checkout/select_delivery_method/", {
      package: "own",
      delivery_method: german?.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.delivery_method).toEqual(["checkout.error.deliveryMethod"]);
    const [dropMethod] = await rowsOf<{ id: number }>(
      t,
      sql`select id from delivery_methods where market = 'dk' and drop_point_provider is not null and supplier_id is null`,
    );
    const [swedishPoint] = await rowsOf<{ id: number }>(
      t,
      sql`select id from drop_points where country_code = 'SE' limit 1`,
    );
    const wrongPoint = await guest.json("/checkout/select_delivery_method/", {
      package: "own",
      delivery_method: dropMethod?.id,
      droppoint_id: swedishPoint?.id,
    });
    expect(wrongPoint.statusCode).toBe(400);
    expect(wrongPoint.json().fields.droppoint_id).toEqual(["checkout.error.dropPoint"]);
    // A drop-point method without its point cannot be completed.
    await guest.json("/checkout/select_delivery_method/", {
      package: "own",
      delivery_method: dropMethod?.id,
    });
    const incomplete = await guest.json("/checkout/step_delivery_submit/", {});
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields.droppoint_id).toEqual(["checkout.error.chooseDropPoint"]);
  });

  it("finds drop points near any post code of the country and keeps the chosen one", async () => {
    const guest = await readyGuest(t, [own]);
    const points = await guest.get(
      "/deliverymethod/find_droppoint/?provider=pitchside-points&post_code=2200&country_code=DK",
    );
    expect(points.statusCode).toBe(200);
    const list = points.json() as { id: number; zipcode: string; hours: { weekday: number }[] }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]?.zipcode).toBe("2100");
    expect(list[0]?.hours).toHaveLength(7);
    const [dropMethod] = await rowsOf<{ id: number }>(
      t,
      sql`select id from delivery_methods where market = 'dk' and drop_point_provider is not null and supplier_id is null`,
    );
    const chosen = await guest.json("/checkout/step_delivery_submit/", {
      delivery_method: dropMethod?.id,
      droppoint_id: list[1]?.id,
      post_number: "2200",
    });
    expect(chosen.statusCode).toBe(200);
    const data = (await guest.get("/checkout/delivery_methods/")).json();
    expect(data.packages[0].droppoint.id).toBe(list[1]?.id);
    expect(data.post_number).toBe("2200");
    const empty = await guest.get(
      "/deliverymethod/find_droppoint/?provider=pitchside-points&post_code=%20&country_code=DK",
    );
    expect(empty.statusCode).toBe(400);
    const unknown = await guest.get(
      "/deliverymethod/find_droppoint/?provider=nobody&post_code=2100&country_code=DK",
    );
    expect(unknown.statusCode).toBe(400);
  });
});

describe("payment and placing the order", () => {
  it("refuses payment with an empty bag or without an address", async () => {
    const empty = testVisitor(t);
    const noBag = await empty.json("/checkout/step_review_submit/", { policy: true });
    expect(noBag.statusCode).toBe(409);
    expect(noBag.json().error).toBe("cart_empty");
    const guest = testVisitor(t);
    await guest.form("/cart/items/add_to_cart/", { product: own.product_id, size: own.size_id });
    const noAddress = await guest.json("/checkout/step_review_submit/", { policy: true });
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().error).toBe("address_missing");
    const policy = await guest.json("/checkout/step_review_submit/", { policy: false });
    expect(policy.statusCode).toBe(400);
    expect(policy.json().fields.policy).toEqual(["checkout.error.policy"]);
  });

  it("pays by card at the server's total, whatever totals the client sends, then shows the receipt", async () => {
    const before = await stockOf(second.size_id);
    const guest = await readyGuest(t, [second]);
    await choosePayment(guest, "test-card");
    const review = await guest.json("/checkout/step_review_submit/", {
      policy: true,
      payment_total: 1,
      amount: 1,
      device: "mobile",
    });
    expect(review.statusCode).toBe(200);
    const { payment } = review.json();
    const cart = (await guest.get("/cart/data/")).json();
    expect(payment.amount).toBe(Math.round(cart.payment_total * 100));
    const paid = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: AUTHORISED_CARD },
      amount: { value: 1 },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ resultCode: "Authorised", action: { type: "redirect" } });
    const result = await guest.get(paid.json().action.url);
    expect(result.statusCode).toBe(303);
    const receiptUrl = result.headers.location as string;
    expect(receiptUrl).toMatch(/^\/checkout\/receipt\/\?token=/);
    const token = new URL(receiptUrl, "http://x").searchParams.get("token");
    const receipt = (await guest.get(`/checkout/receipt_data/?token=${token}`)).json();
    expect(receipt.order_number).toBe(`ST${receipt.order_id}`);
    expect(receipt.customer_info.email).toBe("mette@example.com");
    expect(receipt.totals.amount_due).toBe(cart.payment_total);
    expect(await stockOf(second.size_id)).toBe((before ?? 0) - 1);
    // The confirmation mail, in Danish, as HTML and text, names the order.
    await t.app.jobs.drain();
    const mailDir = path.join(t.config.dataDir, "mail");
    const mails = fs.readdirSync(mailDir).map((file) => fs.readFileSync(path.join(mailDir, file), "utf8"));
    const confirmation = mails.find((mail) => mail.includes(`ST${receipt.order_id}`));
    expect(confirmation).toContain("To: mette@example.com");
    expect(confirmation).toContain(`Subject: Din Pitchside-ordre ST${receipt.order_id}`);
    expect(confirmation).toMatch(/Content-Type: text\/plain/);
    expect(confirmation).toMatch(/Content-Type: text\/html/);
    // Its link to the order (opened by its token in any browser, decision 0035) is on the shop's
    // address for the order's market.
    expect(lastMailTo(mailDir, "mette@example.com").link).toBe(
      `https://shop.example/orders/view/?token=${token}`,
    );
    expect((await guest.get("/cart/data/")).json().lines).toHaveLength(0);
    // Another visitor holding the token gets nothing.
    const stranger = await testVisitor(t).get(`/checkout/receipt_data/?token=${token}`);
    expect(stranger.statusCode).toBe(404);
    const notAToken = await guest.get("/checkout/receipt_data/?token=ST1");
    expect(notAToken.statusCode).toBe(400);
  });

  it("shows a refused card as refused and places no order; a good card then succeeds", async () => {
    const guest = await readyGuest(t, [own]);
    await choosePayment(guest, "test-card");
    const refused = await payByCard(guest, { ...AUTHORISED_CARD, number: "4000 0000 0000 0002" });
    expect(refused.json()).toMatchObject({ resultCode: "Refused", action: null });
    const [{ count }] = (await rowsOf<{ count: number }>(
      t,
      sql`select count(*)::int as count from orders where email = 'mette@example.com' and cart_id is not null`,
    )) as [{ count: number }];
    const forged = await guest.get(
      `/checkout/adyen_payment_result/?authResult=Authorised&merchantReference=${encodeURIComponent("PS-forged")}`,
    );
    expect(forged.headers.location).toBe("/checkout/payment?payment_error=refused");
    const invalid = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: { ...AUTHORISED_CARD, holderName: " ", number: "1234", cvc: "x" } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields).sort()).toEqual(["cvc", "holderName", "number"]);
    const good = await payByCard(guest);
    expect(good.json().resultCode).toBe("Authorised");
    // Someone else holding the result address places nothing.
    const stranger = await testVisitor(t).get(good.json().action.url);
    expect(stranger.headers.location).toBe("/checkout/payment?payment_error=refused");
    const result = await guest.get(good.json().action.url);
    expect(result.headers.location).toMatch(/^\/checkout\/receipt\//);
    const [{ count: after }] = (await rowsOf<{ count: number }>(
      t,
      sql`select count(*)::int as count from orders where email = 'mette@example.com' and cart_id is not null`,
    )) as [{ count: number }];
    expect(after).toBe(count + 1);
  });

  it("refuses a visitor's card tries over the limit before the provider sees them", async () => {
    const guest = await readyGuest(t, [own]);
    await choosePayment(guest, "test-card");
    const review = await guest.json("/checkout/step_review_submit/", { policy: true });
    expect(review.statusCode).toBe(200);
    const { reference } = review.json().payment as { reference: string };
    const refusedCard = { ...AUTHORISED_CARD, number: "4000 0000 0000 0002" };
    // A body the contract refuses is not a try.
    const malformed = await guest.json("/checkout/adyen_split_on_payment/", {
      data: { paymentMethod: { ...refusedCard, type: "giftcard" } },
    });
    expect(malformed.statusCode).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i <= CARD_ATTEMPTS_PER_MINUTE; i++)
      statuses.push(
        (await guest.json("/checkout/adyen_split_on_payment/", { data: { paymentMethod: refusedCard } }))
          .statusCode,
      );
    expect(statuses).toEqual([...Array(CARD_ATTEMPTS_PER_MINUTE).fill(200), 429]);
    const [{ tries }] = (await rowsOf<{ tries: number }>(
      t,
      sql`select count(*)::int as tries from payment_attempts where reference = ${reference}`,
    )) as [{ tries: number }];
    expect(tries).toBe(CARD_ATTEMPTS_PER_MINUTE);
  });

  it("captures the authorisation of each placed order and no other", async () => {
    const rows = await rowsOf<{ status: string; placed: boolean }>(
      t,
      sql`select a.status, exists (select 1 from orders o where o.payment_reference = a.reference) as placed
            from payment_attempts a where a.status <> 'refused'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.status).toBe(row.placed ? "captured" : "authorised");
  });

  it("keeps card data out of the database", async () => {
    const dump = await rowsOf<{ row: string }>(
      t,
      sql`select row_to_json(a)::text as row from payment_attempts a`,
    );
    expect(dump.length).toBeGreaterThan(0);
    // Whole card numbers (spaced or not), the security code as a value, or card-field names —
    // a bare "737" would also match ids and timestamps, so the check looks for the data itself.
    const cardData = [
      /4111 ?1111 ?1111 ?1111/,
      /4000 ?0000 ?0000 ?0002/,
      /"(cvc|cvv|securityCode|cardNumber|number)"/i,
      /:"737"/,
    ];
    const leaks = dump.filter((r) => cardData.some((pattern) => pattern.test(r.row)));
    expect(leaks).toEqual([]);
  });

  it("places a cash-on-delivery order directly from the review", async () => {
    const polishSize = await pickSize(t, { marketplace: false, skip: [own.product_id, second.product_id] });
    const guest = await readyGuest(t, [polishSize], {
      market: "pl",
      address: {
        country: "pol",
        name: "Jan Kowalski",
        address: "ul. Sportowa",
        addr_number: "7",
        post_nummer: "00-001",
        town: "Warszawa",
        phone: "+48 600 100 200",
        email: "jan@example.com",
      },
    });
    await choosePayment(guest, "cod");
    const review = await guest.json("/checkout/step_review_submit/", {
      policy: true,
      subscribe_newsletters: true,
    });
    expect(review.statusCode).toBe(200);
    expect(review.json().redirect_url).toMatch(/^\/checkout\/receipt\/\?token=/);
    const [order] = await rowsOf<{
      payment_gateway: string;
      payment_fee: number;
      currency: string;
      subscribe_newsletters: boolean;
    }>(
      t,
      sql`select payment_gateway, payment_fee, currency, subscribe_newsletters from orders where email = 'jan@example.com'`,
    );
    expect(order).toMatchObject({ payment_gateway: "cod", currency: "PLN", subscribe_newsletters: true });
    expect(order?.payment_fee).toBeGreaterThan(0);
    // The confirmation links to the order's own page (its token opens it in any browser) on the
    // Polish market's own host.
    await t.app.jobs.drain();
    const mailed = lastMailTo(path.join(t.config.dataDir, "mail"), "jan@example.com");
    const token = new URL(review.json().redirect_url, "https://x").searchParams.get("token");
    expect(mailed.link).toBe(`https://pitchside.pl/orders/view/?token=${token}`);
  });

  it("refuses a cash-on-delivery order whose total changed after the review, and places it at the new one", async () => {
    const size = await pickSize(t, { marketplace: false, skip: [own.product_id, second.product_id] });
    const guest = await readyGuest(t, [size], {
      market: "pl",
      address: {
        country: "pol",
        name: "Ewa Nowak",
        address: "ul. Boczna",
        addr_number: "3",
        post_nummer: "00-002",
        town: "Warszawa",
        phone: "+48 600 100 300",
        email: "ewa@example.com",
      },
    });
    const [voucher] = await rowsOf<{ code: string }>(
      t,
      sql`select code from vouchers where code like 'PITCH-10OFF-%' limit 1`,
    );
    expect((await guest.json("/api/vouchers/add/", { voucher_code: voucher!.code })).statusCode).toBe(200);
    await choosePayment(guest, "cod");
    const reviewed = (await guest.get("/checkout/payment_gateways/")).json() as { order_total_minor: number };
    // The voucher runs out while the shopper reads the review.
    await t.database.db.execute(
      sql`update vouchers set usage_limit = used_count where code = ${voucher!.code}`,
    );
    const refused = await guest.json("/checkout/step_review_submit/", {
      policy: true,
      reviewed_total_minor: reviewed.order_total_minor,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "total_changed", message: "checkout.error.totalChanged" });
    const none = await rowsOf(t, sql`select id from orders where email = 'ewa@example.com'`);
    expect(none).toHaveLength(0);
    await t.database.db.execute(sql`update vouchers set usage_limit = null where code = ${voucher!.code}`);

    const again = (await guest.get("/checkout/payment_gateways/")).json() as { order_total_minor: number };
    const placed = await guest.json("/checkout/step_review_submit/", {
      policy: true,
      reviewed_total_minor: again.order_total_minor,
    });
    expect(placed.statusCode).toBe(200);
    const [order] = await rowsOf<{ total: number }>(
      t,
      sql`select total from orders where email = 'ewa@example.com'`,
    );
    expect(order?.total).toBe(again.order_total_minor);
  });

  it("places a pay-later order once the provider approves, and refuses an unknown token", async () => {
    const guest = await readyGuest(t, [own]);
    await choosePayment(guest, "test-bnpl");
    const forged = await guest.json("/checkout/submit_authorization_token/", {
      authorization_token: "made-up",
    });
    expect(forged.statusCode).toBe(400);
    const authorised = await guest.json("/payments/test-bnpl/authorize/", {});
    expect(authorised.json().approved).toBe(true);
    const handed = await guest.json("/checkout/submit_authorization_token/", {
      authorization_token: authorised.json().authorization_token,
    });
    expect(handed.statusCode).toBe(200);
    const review = await guest.json("/checkout/step_review_submit/", { policy: true });
    expect(review.json().redirect_url).toMatch(/^\/checkout\/receipt\//);
  });

  it("keeps the order comment, and clears it with an empty one", async () => {
    const guest = await readyGuest(t, [own]);
    expect(
      (await guest.json("/checkout/add_order_comment/", { comment: "  Leave at the door " })).json(),
    ).toMatchObject({
      success: true,
      comment: "Leave at the door",
    });
    expect((await guest.json("/checkout/add_order_comment/", { comment: "" })).json().comment).toBe("");
    const tooLong = await guest.json("/checkout/add_order_comment/", { comment: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("orders API", () => {
  it("lists a member's orders and shows each only to its owner", async () => {
    const member = testVisitor(t);
    const signup = await member.json("/api/auth/signup/", {
      email: "orders-owner@example.com",
      password: "Correct-Horse-42",
      name: "Owner",
    });
    expect(signup.statusCode).toBe(201);
    const login = await member.json("/api/auth/login/", {
      email: "orders-owner@example.com",
      password: "Correct-Horse-42",
    });
    expect(login.statusCode, login.body).toBe(200);
    await member.form("/cart/items/add_to_cart/", { product: own.product_id, size: own.size_id });
    // A member's e-mail is their account's; the address joins their address book once.
    const { email: _guestEmail, ...memberAddress } = DANISH_ADDRESS;
    expect((await member.json("/api/checkout/set_delivery_address/", memberAddress)).statusCode).toBe(200);
    expect((await member.json("/api/checkout/set_delivery_address/", memberAddress)).statusCode).toBe(200);
    const book = (await member.get("/checkout/customer_addresses/")).json();
    expect(book.email).toBe("orders-owner@example.com");
    expect(book.addresses).toHaveLength(1);
    expect(book.addresses[0]).toMatchObject({
      name: "Mette Jensen",
      post_nummer: "2100",
      default_delivery: true,
    });
    const data = (await member.get("/checkout/delivery_methods/")).json();
    const home = data.packages[0].delivery_methods.find((m: { is_droppoint: boolean }) => !m.is_droppoint);
    await member.json("/checkout/step_delivery_submit/", { delivery_method: home.delivery_id });
    await choosePayment(member, "test-card");
    const paid = await payByCard(member);
    await member.get(paid.json().action.url);
    const list = (await member.get("/v1.1/orders/")).json();
    expect(list.active_orders).toHaveLength(1);
    const number = list.active_orders[0].order_number as string;
    expect(number).toMatch(/^ST\d+$/);
    const detail = await member.get(`/v1.1/orders/${number}/`);
    expect(detail.json()).toMatchObject({
      order_number: number,
      suppliers: [{ supplier: "Warehouse", items: [{ quantity: 1 }] }],
      delivery_address: { postal_code: "2100" },
    });
    const other = testVisitor(t);
    await other.json("/api/auth/signup/", {
      email: "orders-other@example.com",
      password: "Correct-Horse-42",
      name: "Other",
    });
    await other.json("/api/auth/login/", { email: "orders-other@example.com", password: "Correct-Horse-42" });
    const foreign = await other.get(`/v1.1/orders/${number}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("invalid_id");
    expect((await testVisitor(t).get("/v1.1/orders/")).statusCode).toBe(401);
  });
});

describe("policies", () => {
  it("gives a supplier's terms as HTML and as a real PDF", async () => {
    const html = await testVisitor(t).get("/policies/strikon-official-store/");
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toMatch(/text\/html/);
    expect(html.body).toContain("Strikon Official Store");
    const pdf = await testVisitor(t).get("/policies/warehouse/?format=pdf");
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await testVisitor(t).get("/policies/nobody/")).statusCode).toBe(404);
  });
});

describe("contracts", () => {
  it("declares what every checkout call answers, and a redirect's status with no body", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/openapi.json" })).json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses?: Record<string, { content?: unknown }> }>
      >;
    };
    const calls = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes("checkout") || url.startsWith("/payments/"))
        .map(([method, operation]) => ({
          call: `${method.toUpperCase()} ${url}`,
          responses: operation.responses ?? {},
        })),
    );
    expect(calls.length).toBeGreaterThanOrEqual(18);
    const undeclared = calls
      .filter(({ responses }) => !responses["200"]?.content && !responses["303"])
      .map(({ call }) => call);
    expect(undeclared).toEqual([]);
    const result = await testVisitor(t).get(
      "/checkout/adyen_payment_result/?authResult=Refused&merchantReference=PS-x",
    );
    expect(result.statusCode).toBe(303);
    expect(result.body).toBe("");
  });
});

describe("queries", () => {
  it("reads the delivery and payment steps with as many queries for four lines as for one", async () => {
    const counts: number[][] = [];
    for (const sizes of [
      [own],
      [own, second, marketplace, await pickSize(t, { marketplace: false, offset: 9 })],
    ]) {
      await readyGuest(t, sizes);
      const [cart] = await rowsOf<{ session_id: string }>(
        t,
        sql`select c.session_id from carts c where c.session_id is not null
             and (select count(*) from cart_lines l where l.cart_id = c.id) = ${sizes.length}
           order by c.id desc limit 1`,
      );
      const shopper = {
        owner: { userId: null, sessionId: cart?.session_id ?? null },
        user: null,
        market: requireMarket("dk"),
        locale: "da" as const,
      };
      const row: number[] = [];
      for (const read of [deliveryData, paymentGateways]) {
        const { proxy, counter } = countingQueries(t.database.db);
        await read(proxy, shopper);
        row.push(counter.queries);
      }
      counts.push(row);
    }
    expect(counts[1]).toEqual(counts[0]);
  });
});

describe("the shop's metrics", () => {
  const ordersCounted = async () => {
    const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    const line = text
      .split("\n")
      .find((l) => l.startsWith('pitchside_orders_placed_total{market="pl",payment_gateway="cod"}'));
    return Number(line?.split(" ")[1] ?? 0);
  };

  it("counts an order once it is committed, and not an order that was refused", async () => {
    const before = await ordersCounted();
    const size = await pickSize(t, { marketplace: false, offset: 3 });
    const guest = await readyGuest(t, [size], {
      market: "pl",
      address: {
        country: "pol",
        name: "Piotr Zielinski",
        address: "ul. Polna",
        addr_number: "9",
        post_nummer: "00-003",
        town: "Warszawa",
        phone: "+48 600 100 400",
        email: "piotr@example.com",
      },
    });
    await choosePayment(guest, "cod");
    const refused = await guest.json("/checkout/step_review_submit/", {
      policy: true,
      reviewed_total_minor: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(await ordersCounted()).toBe(before);
    await t.app.jobs.drain();
    const placed = await guest.json("/checkout/step_review_submit/", { policy: true });
    expect(placed.statusCode).toBe(200);
    expect(await ordersCounted()).toBe(before + 1);
    // Its confirmation waits in the queue until a worker sends it; the queue's depth shows it.
    const confirmationsWaiting = async () =>
      (await t.app.inject({ method: "GET", url: "/metrics" })).body
        .split("\n")
        .find((l) => l.startsWith('pitchside_queue_jobs{queue="orders.confirmation",state="queued"}'));
    expect(await confirmationsWaiting()).toBe(
      'pitchside_queue_jobs{queue="orders.confirmation",state="queued"} 1',
    );
    await t.app.jobs.drain();
    expect(await confirmationsWaiting()).toBe(
      'pitchside_queue_jobs{queue="orders.confirmation",state="queued"} 0',
    );
  });
});
