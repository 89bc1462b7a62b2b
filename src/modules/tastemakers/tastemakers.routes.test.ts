import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#modules/accounts/accounts.schema.ts";
import { createSession } from "#modules/accounts/session.service.ts";
import { createTestApp, csrfHeaders, type TestApp, testVisitor } from "#server/testing.ts";
import { tastemakerApplications } from "./tastemakers.schema.ts";
import { applicationStatusOf } from "./tastemakers.service.ts";

/** The shop's clock stands on a summer day of 2026, so ages count against 2026. */
const NOW = new Date("2026-06-15T12:00:00Z");
const URL = "/account/signup-tastemaker/";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { clock: () => NOW });
});
afterAll(async () => t?.close());

let members = 0;
/** A logged-in member (a session row, as a log-in makes one); `cookies` carry the session and more. */
async function member(extraCookies: Record<string, string> = {}) {
  members++;
  const email = `tastemaker-${members}@example.com`;
  const [user] = await t.database.db
    .insert(users)
    .values({ email, name: `Player ${members}` })
    .returning({ id: users.id });
  const userId = (user as { id: number }).id;
  const { token } = await createSession(t.database.db, userId);
  return { userId, email, cookies: { sessionid: token, ...extraCookies } };
}

const apply = (cookies: Record<string, string>, body: unknown) =>
  t.app.inject({
    method: "POST",
    url: URL,
    payload: body as object,
    headers: csrfHeaders(t.config, cookies),
  });

/** An application a member would send from the form. */
const valid = () => ({
  birthYear: 2004,
  gender: "Female",
  position: "Goalkeeper",
  bootSize: "40⅔",
  level: "Ambitious",
  favoriteBrand: "PUMA",
  phoneNumber: "+45 (20) 30-40-50",
  motivation: "I post a training clip from my club every week.",
  instagram: "@keeper.kim",
  instagramFollowers: "500-1000",
  instagramAccount: "Public",
  tiktok: "",
  tiktokFollowers: "",
  tiktokAccount: "",
  youtube: "",
  youtubeFollowers: "",
});

const storedFor = async (userId: number) =>
  t.database.db.select().from(tastemakerApplications).where(eq(tastemakerApplications.userId, userId));

describe("POST /account/signup-tastemaker/", () => {
  it("takes a member's application, in the language and market they shop in", async () => {
    const { userId, cookies } = await member();
    const response = await apply(cookies, valid());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: "received" });
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const [stored] = await storedFor(userId);
    expect(stored).toMatchObject({
      birthYear: 2004,
      gender: "Female",
      position: "Goalkeeper",
      bootSize: "40⅔",
      level: "Ambitious",
      favoriteBrand: "PUMA",
      phoneNumber: "+45 (20) 30-40-50",
      instagram: "@keeper.kim",
      instagramFollowers: "500-1000",
      instagramAccount: "Public",
      tiktok: null,
      tiktokFollowers: null,
      tiktokAccount: null,
      youtube: null,
      youtubeFollowers: null,
      locale: "da",
      market: "dk",
      status: "received",
    });
    expect(stored?.createdAt.toISOString()).toBe(NOW.toISOString());
    expect(await applicationStatusOf(t.database.db, userId)).toEqual({
      status: "received",
      applied_at: NOW.toISOString(),
    });
  });

  it("needs only the required fields; the level is Amateur unless chosen", async () => {
    const { userId, cookies } = await member();
    const response = await apply(cookies, {
      birthYear: 1970,
      gender: "Other",
      position: "Other",
      bootSize: "29½",
      motivation: "Fifteen chars!!",
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await storedFor(userId);
    expect(stored).toMatchObject({
      level: "Amateur",
      favoriteBrand: null,
      phoneNumber: null,
      instagram: null,
    });
  });

  it("counts the motivation in characters, emoji and accents as one each", async () => {
    for (const motivation of [
      "⚽".repeat(15),
      "😀".repeat(500),
      "e\u0301".repeat(15),
      `  ${"å".repeat(500)}  `,
    ]) {
      const { userId, cookies } = await member();
      const response = await apply(cookies, { ...valid(), motivation });
      expect(response.statusCode, motivation.slice(0, 10)).toBe(200);
      const [stored] = await storedFor(userId);
      expect(stored?.motivation).toBe(motivation.trim().normalize("NFC"));
    }
  });

  it("answers a guest 401 and stores nothing", async () => {
    const guest = testVisitor(t);
    const response = await guest.json(URL, valid());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "login_required" });
    const unknownSession = await apply({ sessionid: "not-a-session" }, valid());
    expect(unknownSession.statusCode).toBe(401);
  });

  it("refuses a call without the CSRF token (403) and stores nothing", async () => {
    const { userId, cookies } = await member();
    const response = await t.app.inject({
      method: "POST",
      url: URL,
      payload: valid(),
      headers: { cookie: `sessionid=${cookies.sessionid}`, origin: "http://localhost:80" },
    });
    expect(response.statusCode).toBe(403);
    expect(await storedFor(userId)).toEqual([]);
  });

  it("takes one application per member: a second is refused with 409 and changes nothing", async () => {
    const { userId, cookies } = await member();
    expect((await apply(cookies, valid())).statusCode).toBe(200);
    const again = await apply(cookies, {
      ...valid(),
      position: "Attacker",
      motivation: "Changed my mind, again.",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: "already_applied",
      message: "tastemaker.error.alreadyApplied",
    });
    const stored = await storedFor(userId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.position).toBe("Goalkeeper");
  });

  it("takes only one of two applications sent at the same moment", async () => {
    const { userId, cookies } = await member();
    const answers = await Promise.all([
      apply(cookies, valid()),
      apply(cookies, valid()),
      apply(cookies, valid()),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await storedFor(userId)).toHaveLength(1);
  });

  /** [field, bad value, the field error it gets] */
  const BAD: [string, unknown, string][] = [
    ["birthYear", "2000", "tastemaker.error.birthYear"],
    ["birthYear", 2000.5, "tastemaker.error.birthYear"],
    ["birthYear", null, "tastemaker.error.birthYear"],
    ["birthYear", true, "tastemaker.error.birthYear"],
    ["birthYear", 1899, "tastemaker.error.birthYear"],
    ["birthYear", -2000, "tastemaker.error.birthYear"],
    ["birthYear", 2027, "tastemaker.error.birthYear"],
    ["birthYear", 1e300, "tastemaker.error.birthYear"],
    ["birthYear", 2014, "tastemaker.error.tooYoung"],
    ["birthYear", 2026, "tastemaker.error.tooYoung"],
    ["gender", "male", "tastemaker.error.gender"],
    ["gender", "M", "tastemaker.error.gender"],
    ["gender", "", "tastemaker.error.gender"],
    ["gender", 1, "tastemaker.error.gender"],
    ["gender", ["Male"], "tastemaker.error.gender"],
    ["position", "Striker", "tastemaker.error.position"],
    ["position", "goalkeeper", "tastemaker.error.position"],
    ["position", null, "tastemaker.error.position"],
    ["bootSize", "29", "tastemaker.error.bootSize"],
    ["bootSize", "57", "tastemaker.error.bootSize"],
    ["bootSize", "37⅔", "tastemaker.error.bootSize"],
    ["bootSize", "36.67", "tastemaker.error.bootSize"],
    ["bootSize", 40, "tastemaker.error.bootSize"],
    ["bootSize", "", "tastemaker.error.bootSize"],
    ["level", "Pro", "tastemaker.error.level"],
    ["level", "", "tastemaker.error.level"],
    ["level", 2, "tastemaker.error.level"],
    ["favoriteBrand", "Adidas", "tastemaker.error.favoriteBrand"],
    ["favoriteBrand", "Puma", "tastemaker.error.favoriteBrand"],
    ["favoriteBrand", "Umbro", "tastemaker.error.favoriteBrand"],
    ["favoriteBrand", 3, "tastemaker.error.favoriteBrand"],
    ["phoneNumber", "+45 20 30 40 5O", "tastemaker.error.phoneNumber"],
    ["phoneNumber", "call me", "tastemaker.error.phoneNumber"],
    ["phoneNumber", "12345 ext. 6", "tastemaker.error.phoneNumber"],
    ["phoneNumber", "+45/20304050", "tastemaker.error.phoneNumber"],
    ["phoneNumber", "٣٤٥٦٧٨", "tastemaker.error.phoneNumber"],
    ["phoneNumber", 4520304050, "tastemaker.error.phoneNumber"],
    ["phoneNumber", "1".repeat(31), "tastemaker.error.phoneTooLong"],
    ["motivation", "x".repeat(14), "tastemaker.error.motivationTooShort"],
    ["motivation", `   ${"x".repeat(14)}   `, "tastemaker.error.motivationTooShort"],
    ["motivation", "😀".repeat(14), "tastemaker.error.motivationTooShort"],
    ["motivation", "x".repeat(501), "tastemaker.error.motivationTooLong"],
    ["motivation", "ø".repeat(501), "tastemaker.error.motivationTooLong"],
    ["motivation", "😀".repeat(501), "tastemaker.error.motivationTooLong"],
    ["motivation", "", "tastemaker.error.motivationRequired"],
    ["motivation", "     ", "tastemaker.error.motivationRequired"],
    ["motivation", null, "tastemaker.error.motivationRequired"],
    ["motivation", 123456789012345, "tastemaker.error.motivationRequired"],
    ["instagram", 42, "tastemaker.error.handle"],
    ["instagram", "a".repeat(101), "tastemaker.error.handleTooLong"],
    ["tiktok", { handle: "x" }, "tastemaker.error.handle"],
    ["youtube", "y".repeat(101), "tastemaker.error.handleTooLong"],
    ["instagramFollowers", "1000-5000", "tastemaker.error.followers"],
    ["instagramFollowers", "25000", "tastemaker.error.followers"],
    ["tiktokFollowers", 100, "tastemaker.error.followers"],
    ["youtubeFollowers", "1 - 100", "tastemaker.error.followers"],
    ["instagramAccount", "public", "tastemaker.error.accountType"],
    ["tiktokAccount", "Open", "tastemaker.error.accountType"],
    ["tiktokAccount", true, "tastemaker.error.accountType"],
  ];

  it("refuses each field's bad input with a 400 naming the field, and stores nothing", async () => {
    const { userId, cookies } = await member();
    for (const [field, value, message] of BAD) {
      const response = await apply(cookies, { ...valid(), [field]: value });
      const label = `${field} = ${JSON.stringify(value)?.slice(0, 40)}`;
      expect(response.statusCode, label).toBe(400);
      const body = response.json();
      expect(body.error, label).toBe("validation_failed");
      expect(body.fields[field], label).toContain(message);
      expect(Object.keys(body.fields), label).toEqual([field]);
    }
    expect(await storedFor(userId)).toEqual([]);
  });

  it("refuses a missing required field, a body that is not an object, and malformed JSON", async () => {
    const { userId, cookies } = await member();
    for (const field of ["birthYear", "gender", "position", "bootSize", "motivation"]) {
      const body: Record<string, unknown> = valid();
      delete body[field];
      const response = await apply(cookies, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field], field).toBeDefined();
    }
    for (const body of [[], "application", 7]) {
      const response = await t.app.inject({
        method: "POST",
        url: URL,
        payload: JSON.stringify(body),
        headers: { ...csrfHeaders(t.config, cookies), "content-type": "application/json" },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: URL,
      payload: '{"birthYear": 2000,',
      headers: { ...csrfHeaders(t.config, cookies), "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe("malformed_json");
    expect(await storedFor(userId)).toEqual([]);
  });

  it("holds each language to its own minimum age (the shopper's language cookie)", async () => {
    const cases: [string, number, number][] = [
      // language, oldest refused birth year (too young), youngest accepted
      ["de", 2011, 2010],
      ["nl", 2011, 2010],
      ["de-AT", 2013, 2012],
      ["fr", 2012, 2011],
      ["en-GB", 2014, 2013],
      ["sv", 2014, 2013],
    ];
    for (const [language, refused, accepted] of cases) {
      const { userId, cookies } = await member({ language });
      const young = await apply(cookies, { ...valid(), birthYear: refused });
      expect(young.statusCode, language).toBe(400);
      expect(young.json().fields, language).toEqual({ birthYear: ["tastemaker.error.tooYoung"] });
      const old = await apply(cookies, { ...valid(), birthYear: accepted });
      expect(old.statusCode, language).toBe(200);
      expect((await storedFor(userId))[0]?.locale, language).toBe(language);
    }
  });

  it("uses the market's language when the shopper chose none: 16 in Germany", async () => {
    const { userId, cookies } = await member({ market: "de" });
    const young = await apply(cookies, { ...valid(), birthYear: 2011 });
    expect(young.json().fields).toEqual({ birthYear: ["tastemaker.error.tooYoung"] });
    expect((await apply(cookies, { ...valid(), birthYear: 2010 })).statusCode).toBe(200);
    expect((await storedFor(userId))[0]).toMatchObject({ locale: "de", market: "de" });
  });
});

describe("the member's data export and account deletion", () => {
  it("hands the application out in the data export, and erases it with the account", async () => {
    const leaving = await member();
    const staying = await member();
    expect((await apply(leaving.cookies, valid())).statusCode).toBe(200);
    expect((await apply(staying.cookies, { ...valid(), instagram: "@stays" })).statusCode).toBe(200);

    const exported = await t.app.inject({
      method: "GET",
      url: "/v1.1/profile/export/",
      headers: { cookie: `sessionid=${leaving.cookies.sessionid}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().tastemaker_application).toEqual({
      status: "received",
      applied_at: NOW.toISOString(),
      language: "da",
      market: "dk",
      birth_year: 2004,
      gender: "Female",
      position: "Goalkeeper",
      boot_size: "40⅔",
      level: "Ambitious",
      favorite_brand: "PUMA",
      phone_number: "+45 (20) 30-40-50",
      motivation: "I post a training clip from my club every week.",
      instagram: "@keeper.kim",
      instagram_followers: "500-1000",
      instagram_account: "Public",
      tiktok: null,
      tiktok_followers: null,
      tiktok_account: null,
      youtube: null,
      youtube_followers: null,
    });
    expect(exported.body).not.toContain("@stays");

    const gone = await t.app.inject({
      method: "POST",
      url: "/delete-account/",
      payload: {},
      headers: csrfHeaders(t.config, leaving.cookies),
    });
    expect(gone.statusCode).toBe(200);
    expect(await storedFor(leaving.userId)).toEqual([]);
    expect(await storedFor(staying.userId)).toHaveLength(1);
  });

  it("exports no application as null", async () => {
    const { cookies } = await member();
    const exported = await t.app.inject({
      method: "GET",
      url: "/v1.1/profile/export/",
      headers: { cookie: `sessionid=${cookies.sessionid}` },
    });
    expect(exported.json().tastemaker_application).toBeNull();
  });
});
