import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { vatIncluded } from "#modules/cart/cart-totals.ts";
import { formatMoney } from "#modules/markets/markets.service.ts";
import { createTestApp, type TestApp, testVisitor } from "#server/testing.ts";
import { pdfText } from "../../../tests/support/pdf-text.ts";
import { insertOrderAndShipments } from "./order-placement.steps.ts";
import { draftLine, draftOrder, draftShipment } from "./orders.test-helpers.ts";

/**
 * The invoice: `GET /checkout/invoice_download/{order}/` answers where it is, and that address answers
 * the PDF, both to the order's owner only. The PDF's text is read back (unpdf) to show it holds what
 * an invoice must, in the order's language and money: a Danish order in kroner, a Polish one in złoty
 * and a German one in euro, with their letters (ł ż ó, æ ø, ß ü).
 */
let t: TestApp;
let owner: ReturnType<typeof testVisitor>;
let other: ReturnType<typeof testVisitor>;
const number = { dk: "", pl: "", de: "" };
const expected = { dk: { total: 0, vat: 0 }, pl: { total: 0, vat: 0 }, de: { total: 0, vat: 0 } };

async function member(email: string) {
  const visitor = testVisitor(t);
  const signup = await visitor.json("/api/auth/signup/", {
    email,
    password: "Correct-Horse-42",
    name: "Member",
  });
  if (signup.statusCode !== 201) throw new Error(signup.body);
  const login = await visitor.json("/api/auth/login/", { email, password: "Correct-Horse-42" });
  if (login.statusCode !== 200) throw new Error(login.body);
  const [user] = await rows<{ id: number }>(t.database.db, sql`select id from users where email = ${email}`);
  return { visitor, id: (user as { id: number }).id };
}

beforeAll(async () => {
  t = await createTestApp();
  const first = await member("invoice-owner@example.com");
  owner = first.visitor;
  other = (await member("invoice-other@example.com")).visitor;
  const place = (draft: ReturnType<typeof draftOrder>) =>
    t.database.db.transaction((tx) => insertOrderAndShipments(tx, draft));

  // Denmark: a shirt with a printed name and a pair of gloves, home delivery, paid by card.
  const shirt = draftLine({
    productName: "Klubtrøje hjemme",
    quantity: 1,
    unitPrice: 49_900,
    lineTotal: 59_900,
    sublines: [{ product: "Navn: JENSEN", product_id: null, image_url: null, total: 10_000 }],
  });
  const gloves = draftLine({
    productId: 2,
    productName: "Målmandshandsker Grøn",
    unitPrice: 29_900,
    lineTotal: 29_900,
  });
  expected.dk.total = 59_900 + 29_900 + 4_900;
  expected.dk.vat = vatIncluded(59_900, 25) + vatIncluded(29_900, 25) + vatIncluded(4_900, 25);
  const dk = await place(
    draftOrder(
      {
        userId: first.id,
        goodsTotal: 89_800,
        vatTotal: expected.dk.vat,
        total: expected.dk.total,
        amountDue: expected.dk.total,
        paymentGateway: "test-card",
        paymentMethod: "Betalingskort",
      },
      [draftShipment({ deliveryMethodName: "GLS hjemmelevering", lines: [shirt, gloves] })],
    ),
  );
  number.dk = `ST${dk.id}`;

  // Poland: a shirt with a voucher, cash on delivery with its fee.
  const polish = {
    country: "pol",
    name: "Łukasz Żółkiewski",
    address: "ul. Świętokrzyska",
    addr_number: "7",
    post_nummer: "00-001",
    town: "Łódź",
    phone: "+48 600 100 200",
  };
  const koszulka = draftLine({
    productName: "Koszulka Biało-czerwona",
    unitPrice: 24_999,
    lineTotal: 24_999,
    vatRate: 23,
  });
  expected.pl.total = 24_999 - 2_000 + 1_999 + 295;
  expected.pl.vat = vatIncluded(24_999 - 2_000, 23) + vatIncluded(1_999 + 295, 23);
  const pl = await place(
    draftOrder(
      {
        userId: first.id,
        market: "pl",
        locale: "pl",
        currency: "PLN",
        email: "lukasz@example.com",
        billingAddress: polish,
        deliveryAddress: polish,
        goodsTotal: 24_999,
        voucherTotal: 2_000,
        coupons: [{ code: "KICKOFF", amount: 2_000 }],
        deliveryTotal: 1_999,
        paymentFee: 295,
        vatTotal: expected.pl.vat,
        total: expected.pl.total,
        amountDue: expected.pl.total,
        paymentGateway: "cod",
        paymentMethod: "Płatność przy odbiorze",
      },
      [draftShipment({ deliveryMethodName: "Kurier", deliveryCost: 1_999, lines: [koszulka] })],
    ),
  );
  number.pl = `ST${pl.id}`;

  // Germany: boots, part paid with a gift card.
  const german = {
    country: "deu",
    name: "Jürgen Groß",
    address: "Fußballstraße",
    addr_number: "3",
    post_nummer: "80331",
    town: "München",
  };
  const boots = draftLine({
    productName: "Fußballschuh Größenwahn",
    unitPrice: 12_995,
    lineTotal: 12_995,
    vatRate: 19,
  });
  expected.de.total = 12_995 + 495;
  expected.de.vat = vatIncluded(12_995, 19) + vatIncluded(495, 19);
  const de = await place(
    draftOrder(
      {
        userId: first.id,
        market: "de",
        locale: "de",
        currency: "EUR",
        email: "juergen@example.com",
        billingAddress: german,
        deliveryAddress: german,
        goodsTotal: 12_995,
        deliveryTotal: 495,
        vatTotal: expected.de.vat,
        total: expected.de.total,
        giftCardTotal: 5_000,
        giftCards: [{ id: 1, last4: "0050", amount: 5_000 }],
        amountDue: expected.de.total - 5_000,
        paymentGateway: "test-bnpl",
        paymentMethod: "Rechnung",
      },
      [draftShipment({ deliveryMethodName: "DHL", deliveryCost: 495, lines: [boots] })],
    ),
  );
  number.de = `ST${de.id}`;
});
afterAll(async () => t?.close());

const plain = (text: string) => text.replace(/\s+/g, " ");
const percent = (tag: string, rate: number) =>
  plain(new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(rate / 100));

async function invoiceOf(visitor: ReturnType<typeof testVisitor>, order: string) {
  const link = await visitor.get(`/checkout/invoice_download/${order}/`);
  expect(link.statusCode, link.body).toBe(200);
  const body = link.json() as { success: boolean; invoice: string };
  expect(body.success).toBe(true);
  const url = new URL(body.invoice);
  expect(url.pathname).toBe(`/checkout/invoice/${order}.pdf`);
  const pdf = await visitor.get(url.pathname);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers["content-type"]).toBe("application/pdf");
  expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="invoice-${order}.pdf"`);
  expect(pdf.headers["cache-control"]).toBe("private, no-store");
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  return pdfText(pdf.rawPayload);
}

describe("the invoice of a member's order", () => {
  it("is a Danish invoice in kroner for a Danish order", async () => {
    const link = await owner.get(`/checkout/invoice_download/${number.dk}/`);
    expect(link.headers["cache-control"]).toBe("private, no-store");
    expect(link.json().invoice).toMatch(new RegExp(`^https?://[^/]+/checkout/invoice/${number.dk}\\.pdf$`));
    const text = await invoiceOf(owner, number.dk);
    for (const words of [
      "Faktura",
      number.dk,
      "Pitchside ApS",
      "Momsnr. DK12345678",
      "Mette Jensen",
      "København Ø",
      "mette@example.com",
      "Klubtrøje hjemme",
      "+ Navn: JENSEN",
      "Målmandshandsker Grøn",
      "Levering: GLS hjemmelevering",
      "MOMSSPECIFIKATION",
      `Moms ${percent("da-DK", 25)}`,
      `Total inkl. moms ${plain(formatMoney(expected.dk.total, "DKK", "da-DK"))}`,
      `Heraf moms ${plain(formatMoney(expected.dk.vat, "DKK", "da-DK"))}`,
      "Betalt med Betalingskort",
    ])
      expect(text).toContain(words);
  });

  it("is a Polish invoice in złoty for a Polish order, with its voucher and the fee", async () => {
    const text = await invoiceOf(owner, number.pl);
    for (const words of [
      "Faktura",
      number.pl,
      "NIP PL1234567890",
      "Łukasz Żółkiewski",
      "ul. Świętokrzyska 7",
      "00-001 Łódź",
      "Koszulka Biało-czerwona",
      "Kod rabatowy KICKOFF",
      "Opłata za płatność",
      "ZESTAWIENIE VAT",
      `VAT ${percent("pl-PL", 23)}`,
      `Razem brutto ${plain(formatMoney(expected.pl.total, "PLN", "pl-PL"))}`,
      `W tym VAT ${plain(formatMoney(expected.pl.vat, "PLN", "pl-PL"))}`,
      `Do zapłaty przy odbiorze ${plain(formatMoney(expected.pl.total, "PLN", "pl-PL"))}`,
    ])
      expect(text).toContain(words);
  });

  it("is a German invoice in euro for a German order, with the gift card that paid part of it", async () => {
    const text = await invoiceOf(owner, number.de);
    for (const words of [
      "Rechnung",
      number.de,
      "USt-IdNr. DE123456789",
      "Jürgen Groß",
      "Fußballstraße 3",
      "Fußballschuh Größenwahn",
      `MwSt. ${percent("de-DE", 19)}`,
      `Gesamtbetrag inkl. MwSt. ${plain(formatMoney(expected.de.total, "EUR", "de-DE"))}`,
      `Geschenkkarte ••••0050 ${plain(formatMoney(-5_000, "EUR", "de-DE"))}`,
      `Bezahlt mit Rechnung ${plain(formatMoney(expected.de.total - 5_000, "EUR", "de-DE"))}`,
    ])
      expect(text).toContain(words);
  });

  it("answers for the order number in any case", async () => {
    const link = await owner.get(`/checkout/invoice_download/${number.dk.toLowerCase()}/`);
    expect(link.statusCode).toBe(200);
    expect(new URL(link.json().invoice).pathname).toBe(`/checkout/invoice/${number.dk}.pdf`);
  });
});

describe("someone else asking for the invoice", () => {
  it("is told there is no such order when another member asks, for the address and the PDF", async () => {
    for (const url of [`/checkout/invoice_download/${number.dk}/`, `/checkout/invoice/${number.dk}.pdf`]) {
      const answer = await other.get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error).toBe("invalid_id");
      expect(answer.headers["content-type"]).toMatch(/application\/json/);
    }
  });

  it("is sent to log in when not logged in, for the address and the PDF", async () => {
    for (const url of [`/checkout/invoice_download/${number.dk}/`, `/checkout/invoice/${number.dk}.pdf`]) {
      const answer = await testVisitor(t).get(url);
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().error).toBe("login_required");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
  });
});

describe("an order number that names nothing", () => {
  const nonsense = [
    "ST0",
    "ST99999999999",
    "ST999999999",
    "12",
    "ST-1",
    "ST1.5",
    "%F0%9F%A5%85",
    "ST%E2%80%AE1",
    "..%2F..%2Fetc%2Fpasswd",
    "%27%20or%201%3D1",
  ];

  it("is not found, for the address and the PDF", async () => {
    for (const order of nonsense)
      for (const url of [`/checkout/invoice_download/${order}/`, `/checkout/invoice/${order}.pdf`]) {
        const answer = await owner.get(url);
        expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, url).toBeLessThan(500);
        expect(answer.json().error, url).toBeTypeOf("string");
      }
    expect((await owner.get("/checkout/invoice_download/ST99999999999/")).statusCode).toBe(404);
  });

  it("is refused as bad input when it is too long to be one", async () => {
    const huge = `ST${"9".repeat(5_000)}`;
    for (const url of [`/checkout/invoice_download/${huge}/`, `/checkout/invoice/${huge}.pdf`]) {
      const answer = await owner.get(url);
      expect([400, 404, 414]).toContain(answer.statusCode);
      expect(answer.json().error).toBeTypeOf("string");
    }
    const long = await owner.get(`/checkout/invoice_download/ST${"1".repeat(40)}/`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty("order_number");
  });
});
