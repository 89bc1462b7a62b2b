import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import { users } from "./accounts.schema.ts";
import { MAX_ADDRESSES } from "./address-book.service.ts";
import { addresses } from "./addresses.schema.ts";
import { createSession } from "./session.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "DELETE";

/** A visitor of the address-book calls: its cookies, and CSRF headers on changes unless told not to. */
function visitor(cookies: Record<string, string> = {}) {
  const send = (method: Method, url: string, body?: unknown, options: { csrf?: boolean } = {}) => {
    const cookie = Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    const headers =
      method === "GET" || options.csrf === false
        ? { ...(cookie ? { cookie } : {}), origin: "http://localhost:80" }
        : csrfHeaders(t.config, cookies);
    return t.app.inject({
      method,
      url,
      headers:
        body === undefined && method === "DELETE"
          ? { ...headers, "content-type": "application/json" }
          : headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  return {
    cookies,
    get: (url: string) => send("GET", url),
    post: (url: string, body: unknown, options?: { csrf?: boolean }) => send("POST", url, body, options),
    delete: (url: string, options?: { csrf?: boolean }) => send("DELETE", url, undefined, options),
  };
}

let memberCount = 0;
/** A member with a session of their own (made directly: the sign-up's limits are tested elsewhere). */
async function newMember(language?: string) {
  memberCount++;
  const [user] = await t.database.db
    .insert(users)
    .values({ email: `book-${memberCount}@example.com`, name: `Member ${memberCount}` })
    .returning({ id: users.id });
  const id = (user as { id: number }).id;
  const { token } = await createSession(t.database.db, id);
  return { id, ...visitor({ sessionid: token, ...(language ? { language } : {}) }) };
}

const DANISH = {
  name: "Mette Jensen",
  address: "Stadionvej 12",
  post_nummer: "2100",
  town: "København Ø",
  country: "dnk",
  phone: "+45 20 30 40 50",
};
const GERMAN = {
  name: "Jonas Weber",
  company: "FC Mitte",
  address: "Hauptstraße",
  addr_number: "5a",
  post_nummer: "10115",
  town: "Berlin",
  country: "deu",
  phone: "+49 30 1234567",
};

const defaultsOf = async (userId: number) =>
  rows<{ deliveries: number; billings: number }>(
    t.database.db,
    sql`select count(*) filter (where default_delivery)::int as deliveries,
               count(*) filter (where default_billing)::int as billings
          from addresses where user_id = ${userId}`,
  ).then(([row]) => row);

describe("who may use the address book", () => {
  it("answers every call of a visitor who is not logged in with 401, whatever they send", async () => {
    const guest = visitor();
    const unknown = visitor({ sessionid: "not-a-session" });
    for (const response of [
      await guest.get("/v1.1/addresses/"),
      await guest.get("/v1.1/addresses/form/"),
      await guest.get("/v1.1/addresses/form/?country_code=xx"),
      await guest.post("/v1.1/addresses/", DANISH),
      await guest.post("/v1.1/addresses/", { name: 5 }),
      await guest.post("/v1.1/addresses/1/", DANISH),
      await guest.post("/v1.1/addresses/99999999999999999999/", DANISH),
      await guest.delete("/v1.1/addresses/1/"),
      await unknown.get("/v1.1/addresses/"),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: "login_required", message: "addresses.error.login" });
    }
  });

  it("refuses a change without the CSRF token with 403, and changes nothing", async () => {
    const member = await newMember();
    const created = await member.post("/v1.1/addresses/", DANISH);
    const { id } = created.json().address;
    for (const response of [
      await member.post("/v1.1/addresses/", GERMAN, { csrf: false }),
      await member.post(`/v1.1/addresses/${id}/`, { ...DANISH, town: "Aarhus" }, { csrf: false }),
      await member.delete(`/v1.1/addresses/${id}/`, { csrf: false }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe("csrf_failed");
    }
    const book = (await member.get("/v1.1/addresses/")).json().addresses;
    expect(book).toHaveLength(1);
    expect(book[0].town).toBe("København Ø");
  });

  it("marks every answer private, no-store", async () => {
    const member = await newMember();
    const created = await member.post("/v1.1/addresses/", DANISH);
    const id = created.json().address.id;
    for (const response of [
      created,
      await member.get("/v1.1/addresses/"),
      await member.get("/v1.1/addresses/form/"),
      await member.post(`/v1.1/addresses/${id}/`, { default_billing: true }),
      await member.delete(`/v1.1/addresses/${id}/`),
      await visitor().get("/v1.1/addresses/"),
    ])
      expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers another member's address as if it did not exist, and leaves it alone", async () => {
    const owner = await newMember();
    const other = await newMember();
    const { id } = (await owner.post("/v1.1/addresses/", DANISH)).json().address;
    for (const response of [
      await other.post(`/v1.1/addresses/${id}/`, { ...DANISH, town: "Odense" }),
      await other.post(`/v1.1/addresses/${id}/`, { default_delivery: true }),
      await other.delete(`/v1.1/addresses/${id}/`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "not_found", message: "addresses.error.notFound" });
    }
    expect((await other.get("/v1.1/addresses/")).json()).toEqual({ addresses: [] });
    const [kept] = (await owner.get("/v1.1/addresses/")).json().addresses;
    expect(kept).toMatchObject({ id, town: "København Ø", default_delivery: false });
  });
});

describe("the address form", () => {
  it("is the market's country's delivery form without a country, with the spec's field keys", async () => {
    const member = await newMember();
    const response = await member.get("/v1.1/addresses/form/");
    expect(response.statusCode).toBe(200);
    const fields = response.json();
    expect(fields.map((f: { name: string }) => f.name)).toEqual([
      "country",
      "name",
      "company",
      "address",
      "address2",
      "post_nummer",
      "town",
      "phone",
    ]);
    const country = fields[0];
    expect(country).toMatchObject({ type: "choiceField", initial: "dnk", required: true });
    expect(country.choices).toHaveLength(17);
    expect(country.choices).toContainEqual({ value: "dnk", label: "Danmark" });
    const postCode = fields.find((f: { name: string }) => f.name === "post_nummer");
    for (const key of [
      "name",
      "type",
      "label",
      "placeholder",
      "required",
      "pattern",
      "max_length",
      "choices",
      "initial",
      "error_messages",
    ])
      expect(postCode).toHaveProperty(key);
    expect(postCode).toMatchObject({ pattern: "^\\d{4}$", max_length: 10, placeholder: "2100" });
    // The checkout's delivery form for a member: the same definitions.
    const checkout = await member.get("/checkout/payment_form/?type=shipping&country_code=dnk");
    expect(checkout.json()).toEqual(fields);
  });

  it("adds the house number in Germany and the Netherlands and the province in Italy, by two- or three-letter code", async () => {
    const member = await newMember();
    const names = async (code: string) =>
      (await member.get(`/v1.1/addresses/form/?country_code=${code}`))
        .json()
        .map((f: { name: string }) => f.name);
    expect(await names("deu")).toContain("addr_number");
    expect(await names("DE")).toContain("addr_number");
    expect(await names("nld")).toContain("addr_number");
    expect(await names("dnk")).not.toContain("addr_number");
    expect(await names("ita")).toContain("state");
    expect(await names("ita")).not.toContain("addr_number");
    const german = (await member.get("/v1.1/addresses/form/?country_code=deu")).json();
    expect(german[0].initial).toBe("deu");
    expect(german.find((f: { name: string }) => f.name === "addr_number")).toMatchObject({
      required: true,
      max_length: 10,
      error_messages: { pattern: "address.error.houseNumber" },
    });
  });

  it("labels the countries in the shopper's language", async () => {
    const member = await newMember("de");
    const [country] = (await member.get("/v1.1/addresses/form/")).json();
    expect(country.choices).toContainEqual({ value: "dnk", label: "Dänemark" });
  });

  it("refuses a country the shop does not deliver to with a field error on country_code", async () => {
    const member = await newMember();
    for (const code of ["xx", "usa", "US", "dnkk", "😀", "d%C3%A6n"]) {
      const response = await member.get(`/v1.1/addresses/form/?country_code=${code}`);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().fields, code).toEqual({ country_code: ["address.error.country"] });
    }
    // Text that cannot be stored is refused before any rule looks at it (decision 0022).
    expect((await member.get("/v1.1/addresses/form/?country_code=%00")).json().fields).toEqual({
      country_code: ["form.error.invalidCharacters"],
    });
    // An empty code is no code: the market's form.
    expect((await member.get("/v1.1/addresses/form/?country_code=")).statusCode).toBe(200);
  });
});

describe("adding addresses", () => {
  it("adds a Danish and a German address and lists them as the spec's Address entity", async () => {
    const member = await newMember();
    const first = await member.post("/v1.1/addresses/", {
      ...DANISH,
      addr_number: "99",
      state: "MI",
      default_delivery: true,
      default_billing: true,
    });
    expect(first.statusCode).toBe(201);
    // The house number and the province are not part of a Danish address: they are dropped.
    expect(first.json().address).toEqual({
      id: expect.any(Number),
      name: "Mette Jensen",
      address: "Stadionvej 12",
      address2: "",
      addr_number: "",
      town: "København Ø",
      post_nummer: "2100",
      country: "dnk",
      country_name: "Danmark",
      state: "",
      state_name: "",
      phone: "+45 20 30 40 50",
      company: "",
      default_delivery: true,
      default_billing: true,
    });
    const second = await member.post("/v1.1/addresses/", { ...GERMAN, post_nummer: " 10115 " });
    expect(second.statusCode).toBe(201);
    expect(second.json().address).toMatchObject({
      addr_number: "5a",
      post_nummer: "10115",
      country_name: "Tyskland",
      default_delivery: false,
      default_billing: false,
    });
    const list = (await member.get("/v1.1/addresses/")).json().addresses;
    expect(list.map((a: { country: string }) => a.country)).toEqual(["dnk", "deu"]);
    expect(second.json().addresses).toEqual(list);
  });

  it("names an Italian province and keeps any text a person writes", async () => {
    const member = await newMember("en");
    const response = await member.post("/v1.1/addresses/", {
      name: "Ørjan Ødegård-Ñúñez 😀",
      address: "Via dell'Indipendenza",
      post_nummer: "40121",
      town: "Bologna",
      state: "BO",
      country: "ITA",
      phone: "+39 051 123456",
      address2: "سلام",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().address).toMatchObject({
      name: "Ørjan Ødegård-Ñúñez 😀",
      country: "ita",
      country_name: "Italy",
      state: "BO",
      state_name: "Bologna",
      address2: "سلام",
    });
  });

  it("sent twice, once as default delivery and once as default billing, is one address with both defaults", async () => {
    const member = await newMember();
    const first = await member.post("/v1.1/addresses/", { ...DANISH, default_delivery: true });
    expect(first.statusCode).toBe(201);
    const again = await member.post("/v1.1/addresses/", {
      ...DANISH,
      default_delivery: false,
      default_billing: true,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().address).toMatchObject({
      id: first.json().address.id,
      default_delivery: true,
      default_billing: true,
    });
    expect(again.json().addresses).toHaveLength(1);
    // A different phone number is a different address.
    const other = await member.post("/v1.1/addresses/", { ...DANISH, phone: "+45 11 22 33 44" });
    expect(other.statusCode).toBe(201);
  });

  it("keeps one default delivery and one default billing address", async () => {
    const member = await newMember();
    const a = (
      await member.post("/v1.1/addresses/", { ...DANISH, default_delivery: true, default_billing: true })
    ).json().address;
    const b = (await member.post("/v1.1/addresses/", { ...GERMAN, default_delivery: true })).json();
    expect(b.addresses).toEqual([
      expect.objectContaining({ id: a.id, default_delivery: false, default_billing: true }),
      expect.objectContaining({ id: b.address.id, default_delivery: true, default_billing: false }),
    ]);
    await member.post("/v1.1/addresses/", {
      ...DANISH,
      town: "Aarhus",
      post_nummer: "8000",
      default_billing: true,
    });
    expect(await defaultsOf(member.id)).toEqual({ deliveries: 1, billings: 1 });
    // Another member's defaults are theirs.
    const other = await newMember();
    await other.post("/v1.1/addresses/", { ...DANISH, default_delivery: true, default_billing: true });
    expect(await defaultsOf(member.id)).toEqual({ deliveries: 1, billings: 1 });
    expect(await defaultsOf(other.id)).toEqual({ deliveries: 1, billings: 1 });
  });

  it("refuses what the country's form refuses, with field errors by name", async () => {
    const member = await newMember();
    const errors = async (body: Record<string, unknown>) => {
      const response = await member.post("/v1.1/addresses/", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return response.json().fields;
    };
    expect(await errors({})).toEqual({ country: ["address.error.required"] });
    expect(await errors({ ...DANISH, country: "usa" })).toEqual({ country: ["address.error.country"] });
    expect(await errors({ country: "dnk" })).toEqual({
      name: ["address.error.required"],
      address: ["address.error.required"],
      post_nummer: ["address.error.required"],
      town: ["address.error.required"],
      phone: ["address.error.required"],
    });
    expect(await errors({ ...DANISH, name: "   " })).toEqual({ name: ["address.error.required"] });
    expect(await errors({ ...DANISH, name: "A" })).toEqual({ name: ["address.error.minLength"] });
    expect(await errors({ ...DANISH, name: "x".repeat(81) })).toEqual({ name: ["address.error.maxLength"] });
    expect(await errors({ ...DANISH, town: "x".repeat(61) })).toEqual({ town: ["address.error.maxLength"] });
    expect(await errors({ ...DANISH, phone: "call me" })).toEqual({ phone: ["address.error.phone"] });
    // Post codes and house numbers, country by country.
    expect(await errors({ ...DANISH, post_nummer: "21000" })).toEqual({
      post_nummer: ["address.error.postCode"],
    });
    expect(await errors({ ...DANISH, post_nummer: "٢١٠٠" })).toEqual({
      post_nummer: ["address.error.postCode"],
    });
    expect(await errors({ ...GERMAN, post_nummer: "1011" })).toEqual({
      post_nummer: ["address.error.postCode"],
    });
    expect(await errors({ ...GERMAN, addr_number: "" })).toEqual({ addr_number: ["address.error.required"] });
    expect(await errors({ ...GERMAN, addr_number: "a5" })).toEqual({
      addr_number: ["address.error.houseNumber"],
    });
    expect(await errors({ ...GERMAN, addr_number: "1".repeat(11) })).toEqual({
      addr_number: ["address.error.maxLength"],
    });
    expect(await errors({ ...GERMAN, country: "nld", post_nummer: "1012" })).toEqual({
      post_nummer: ["address.error.postCode"],
    });
    expect(await errors({ ...GERMAN, country: "pol", post_nummer: "00001" })).toEqual({
      post_nummer: ["address.error.postCode"],
    });
    const italian = { ...DANISH, country: "ita", post_nummer: "40121" };
    expect(await errors(italian)).toEqual({ state: ["address.error.required"] });
    expect(await errors({ ...italian, state: "XX" })).toEqual({ state: ["address.error.choice"] });
    expect(await errors({ ...DANISH, country: "dnk", state: "BO", post_nummer: "x" })).toEqual({
      post_nummer: ["address.error.postCode"],
    });
    expect(await member.get("/v1.1/addresses/").then((r) => r.json().addresses)).toEqual([]);
  });

  it("refuses values of the wrong type or beyond any address's size before looking at the country", async () => {
    const member = await newMember();
    const fields = async (body: unknown) => {
      const response = await member.post("/v1.1/addresses/", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      return response.json().fields;
    };
    expect(await fields({ ...DANISH, name: 5 })).toEqual({ name: ["addresses.error.text"] });
    expect(await fields({ ...DANISH, post_nummer: 2100 })).toEqual({ post_nummer: ["addresses.error.text"] });
    expect(await fields({ ...DANISH, town: ["Odense"] })).toEqual({ town: ["addresses.error.text"] });
    expect(await fields({ ...DANISH, country: { code: "dnk" } })).toEqual({
      country: ["addresses.error.text"],
    });
    expect(await fields({ ...DANISH, default_delivery: "yes" })).toEqual({
      default_delivery: ["addresses.error.flag"],
    });
    expect(await fields({ ...DANISH, default_billing: 1 })).toEqual({
      default_billing: ["addresses.error.flag"],
    });
    expect(await fields({ ...DANISH, address: "x".repeat(301) })).toEqual({
      address: ["address.error.maxLength"],
    });
    expect(await fields([DANISH])).toBeDefined();
    // Nulls are empty fields.
    expect((await member.post("/v1.1/addresses/", { ...DANISH, company: null })).statusCode).toBe(201);
  });

  it(`holds at most ${MAX_ADDRESSES} addresses`, async () => {
    const member = await newMember();
    await t.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
        userId: member.id,
        name: "Mette Jensen",
        address: `Stadionvej ${i + 1}`,
        postNummer: "2100",
        town: "København Ø",
        country: "dnk",
      })),
    );
    const response = await member.post("/v1.1/addresses/", DANISH);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "address_book_full", message: "addresses.error.full" });
  });
});

describe("changing and deleting addresses", () => {
  it("replaces an address with the one sent, checked against its (new) country", async () => {
    const member = await newMember();
    const { id } = (await member.post("/v1.1/addresses/", { ...DANISH, default_delivery: true })).json()
      .address;
    const changed = await member.post(`/v1.1/addresses/${id}/`, { ...GERMAN });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().address).toMatchObject({
      id,
      country: "deu",
      addr_number: "5a",
      company: "FC Mitte",
      // Flags left out stay as they were.
      default_delivery: true,
      default_billing: false,
    });
    const refused = await member.post(`/v1.1/addresses/${id}/`, { ...GERMAN, addr_number: "" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ addr_number: ["address.error.required"] });
    // Back to Denmark: the house number goes.
    const back = await member.post(`/v1.1/addresses/${id}/`, { ...DANISH, addr_number: "5a" });
    expect(back.json().address).toMatchObject({ country: "dnk", addr_number: "", company: "" });
  });

  it("sets and clears defaults with a body of only flags, one of each kind", async () => {
    const member = await newMember();
    const a = (
      await member.post("/v1.1/addresses/", { ...DANISH, default_delivery: true, default_billing: true })
    ).json().address;
    const b = (await member.post("/v1.1/addresses/", GERMAN)).json().address;
    const moved = await member.post(`/v1.1/addresses/${b.id}/`, { default_delivery: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().addresses).toEqual([
      expect.objectContaining({
        id: a.id,
        default_delivery: false,
        default_billing: true,
        town: "København Ø",
      }),
      expect.objectContaining({ id: b.id, default_delivery: true, default_billing: false, town: "Berlin" }),
    ]);
    const cleared = await member.post(`/v1.1/addresses/${a.id}/`, { default_billing: false });
    expect(cleared.json().address).toMatchObject({ default_delivery: false, default_billing: false });
    expect(await defaultsOf(member.id)).toEqual({ deliveries: 1, billings: 0 });
    // An empty body changes nothing.
    const same = await member.post(`/v1.1/addresses/${b.id}/`, {});
    expect(same.json().address).toEqual(moved.json().addresses[1]);
  });

  it("deletes an address; a deleted default leaves no default of its kind", async () => {
    const member = await newMember();
    const a = (
      await member.post("/v1.1/addresses/", { ...DANISH, default_delivery: true, default_billing: true })
    ).json().address;
    const b = (await member.post("/v1.1/addresses/", GERMAN)).json().address;
    const deleted = await member.delete(`/v1.1/addresses/${a.id}/`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      success: true,
      addresses: [expect.objectContaining({ id: b.id, default_delivery: false, default_billing: false })],
    });
    expect(await defaultsOf(member.id)).toEqual({ deliveries: 0, billings: 0 });
    expect((await member.delete(`/v1.1/addresses/${a.id}/`)).statusCode).toBe(404);
    expect((await member.post(`/v1.1/addresses/${a.id}/`, DANISH)).statusCode).toBe(404);
  });

  it("refuses ids that name no address: 404 in range, 400 with a field error outside it", async () => {
    const member = await newMember();
    for (const id of ["2147483647", "1"]) {
      expect((await member.post(`/v1.1/addresses/${id}/`, DANISH)).statusCode, id).toBe(404);
      expect((await member.delete(`/v1.1/addresses/${id}/`)).statusCode, id).toBe(404);
    }
    for (const id of [
      "99999999999999999999",
      "2147483648",
      "0",
      "-1",
      "1.5",
      "abc",
      "1e3x",
      "%F0%9F%98%80",
    ]) {
      const update = await member.post(`/v1.1/addresses/${id}/`, DANISH);
      expect(update.statusCode, id).toBe(400);
      expect(Object.keys(update.json().fields), id).toEqual(["id"]);
      const removal = await member.delete(`/v1.1/addresses/${id}/`);
      expect(removal.statusCode, id).toBe(400);
      expect(Object.keys(removal.json().fields), id).toEqual(["id"]);
    }
  });

  it("keeps one default of each kind when changes race", async () => {
    const member = await newMember();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (await member.post("/v1.1/addresses/", { ...DANISH, address: `Stadionvej ${i + 1}` })).json().address
          .id,
      );
    const answers = await Promise.all([
      ...ids.map((id) =>
        member.post(`/v1.1/addresses/${id}/`, { default_delivery: true, default_billing: true }),
      ),
      member.post("/v1.1/addresses/", { ...GERMAN, default_delivery: true, default_billing: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).every((status) => status < 300)).toBe(true);
    expect(await defaultsOf(member.id)).toEqual({ deliveries: 1, billings: 1 });
    const [row] = await t.database.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, member.id), eq(addresses.defaultDelivery, true)));
    const [billing] = await t.database.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, member.id), eq(addresses.defaultBilling, true)));
    expect(row?.id).toBe(billing?.id);
  });
});
