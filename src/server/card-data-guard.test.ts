import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { type AdyenFake, adyenEnv, startAdyenFake } from "../../tests/support/adyen-fake.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { cardDataField } from "./plugins/card-data-guard.ts";
import { createTestDatabase, csrfHeaders, type TestDatabase } from "./testing.ts";

/** A Visa test number (passes Luhn), written plainly and spaced as a shopper would type it. */
const PAN = "4111111111111111";
const SPACED = "4111 1111 1111 1111";

describe("card numbers with Adyen configured", () => {
  const lines: string[] = [];
  const destination = { write: (line: string) => void lines.push(line) };
  let fake: AdyenFake;
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    fake = await startAdyenFake();
    testDb = await createTestDatabase();
    const config = loadConfig(
      { NODE_ENV: "test", LOG_LEVEL: "trace", ...adyenEnv(fake) },
      { dataDir: path.join(os.tmpdir(), `pitchside-test-${crypto.randomBytes(4).toString("hex")}`) },
    );
    await seedDemoShop(testDb.database, { products: 40, seed: 3, dataDir: "" });
    app = await buildApp(
      config,
      { ...testDb.database, close: async () => {} },
      { pages: { mode: "none" }, logDestination: destination },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await fake?.close();
  });

  it("finds card data wherever it sits in a body, and leaves other numbers alone", () => {
    expect(cardDataField({ comment: `my card ${SPACED}` })).toBe("comment");
    expect(cardDataField({ data: { paymentMethod: { number: "4", cvc: "737" } } })).toMatch(/paymentMethod/);
    expect(cardDataField({ items: [{ note: `x${PAN}y` }] })).toBe("items.0.note");
    expect(cardDataField({ phone: "+45 12 34 56 78", number: "10", ean: "5701234567899" })).toBeNull();
    // A German mobile number, an IBAN's digits and a gift card code are not cards.
    expect(
      cardDataField({
        phone: "+49 4111 1111 1111 11",
        iban: "DE89 3704 0044 0532 0130 00",
        code: "GIFT-1234-5678-9012",
      }),
    ).toBeNull();
    expect(
      cardDataField({
        data: { paymentMethod: { type: "scheme", encryptedCardNumber: "adyenjs_0_1_25$abc" } },
      }),
    ).toBeNull();
  });

  it("takes Adyen's signed notification whose references read like a card number", async () => {
    // Adyen's pspReference is 16 characters, often all digits: one in ten of those passes Luhn.
    const note = fake.notification({
      eventCode: "REFUND",
      pspReference: "5315658961765256",
      originalReference: "4612345678901233",
      merchantReference: "refund",
      amount: { value: 1000, currency: "DKK" },
    });
    const response = await app.inject({ method: "POST", url: "/api/adyen/notifications/", payload: note });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("[accepted]");
    // The same body from a shopper's call is still refused.
    const shopper = await app.inject({
      method: "POST",
      url: "/checkout/add_order_comment/",
      headers: csrfHeaders(app.config),
      payload: { comment: JSON.stringify(note) },
    });
    expect(shopper.statusCode).toBe(400);
    expect(shopper.json().error).toBe("card_data_refused");
  });

  it("refuses a card number posted to every state-changing call, and it reaches neither the log nor the database", async () => {
    const calls = app.routeTable.filter(
      (route) => !["GET", "HEAD", "OPTIONS"].includes(route.method) && !route.url.includes("*"),
    );
    expect(calls.length).toBeGreaterThan(30);
    const body = {
      data: {
        paymentMethod: {
          type: "scheme",
          holderName: "Mette Hansen",
          number: PAN,
          expiryMonth: "03",
          expiryYear: "2030",
          cvc: "737",
        },
      },
      comment: `card ${SPACED}`,
      email: "mette@example.com",
      name: PAN,
    };
    const answers: { url: string; status: number }[] = [];
    for (const call of calls) {
      const url = call.url.replace(/:[A-Za-z_]+/g, "1");
      const response = await app.inject({
        method: call.method as "POST",
        url,
        headers: { ...csrfHeaders(app.config), "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      answers.push({ url: `${call.method} ${url}`, status: response.statusCode });
      expect(response.body).not.toContain(PAN);
    }
    // Every call refuses it: 400 from the guard, or an earlier refusal (operator token, unknown call).
    expect(answers.filter((answer) => answer.status < 400 || answer.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThan(calls.length / 2);

    // A card number in an address is masked in the request log.
    await app.inject({ method: "GET", url: `/api/markets/?q=${PAN}` });
    await app.jobs.drain();
    const log = lines.join("\n");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(PAN);
    expect(log).not.toContain(SPACED);

    const columns = await rows<{ table_schema: string; table_name: string; column_name: string }>(
      testDb.database.db,
      sql`select table_schema, table_name, column_name from information_schema.columns
           where table_schema not in ('pg_catalog', 'information_schema')
             and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'USER-DEFINED', 'bytea')`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const column of columns) {
      const at = sql.raw(`"${column.table_schema}"."${column.table_name}"`);
      const field = sql.raw(`"${column.column_name}"`);
      const [hit] = await rows<{ n: number }>(
        testDb.database.db,
        sql`select count(*)::int as n from ${at} where ${field}::text like ${`%${PAN}%`} or ${field}::text like ${`%${SPACED}%`}`,
      );
      if (hit && hit.n > 0) found.push(`${column.table_schema}.${column.table_name}.${column.column_name}`);
    }
    expect(found).toEqual([]);
  });
});
