import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "#db/client.ts";
import { createTestApp, csrfHeaders, type TestApp, testVisitor } from "#server/testing.ts";
import { mailsToIn } from "../../../tests/support/mail-files.ts";
import { users } from "./accounts.schema.ts";
import { emailChanges } from "./email-changes.schema.ts";
import { hashPassword } from "./password.ts";
import { EMAIL_CHANGES_PER_HOUR, purgeEmailChanges, readEmailChangeLink } from "./profile.service.ts";
import { createSession } from "./session.service.ts";

const PUBLIC_URL = "https://pitchside.example";
const PASSWORD = "Correct-Horse-42";

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp({}, { PUBLIC_URL });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => t?.close());

/** A member, logged in: a session made for them, as a log-in would (without its per-IP limits). */
async function member(email: string, name = "Mette Målmand") {
  const { db } = t.database;
  const [row] = await db
    .insert(users)
    .values({ email, name, passwordHash, locale: "da", market: "dk", emailValidatedAt: new Date() })
    .returning({ id: users.id });
  const id = (row as { id: number }).id;
  const { token } = await createSession(db, id);
  const visitor = testVisitor(t);
  visitor.jar.sessionid = token;
  return { visitor, id, email };
}

/** The whole profile as the settings page sends it. */
const wholeProfile = (overrides: Record<string, unknown> = {}) => ({
  name: "Mette Målmand",
  username: "",
  gender: null,
  teamsport_association: null,
  newsletter: false,
  email_notifications: true,
  sms: false,
  frequency: "usual",
  ...overrides,
});

/** The mails the shop has sent to an address, decoded, oldest first (what is queued is sent first). */
async function mailsTo(email: string): Promise<string[]> {
  await t.app.jobs.drain();
  return mailsToIn(path.join(t.config.dataDir, "mail"), email);
}

const linkIn = (mail: string | undefined) => /(https?:\/\/[^\s"<]+token=[\w%-]+)/.exec(mail ?? "")?.[1] ?? "";
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get("token") ?? "");

const confirm = (token: string) => testVisitor(t).json("/api/auth/email-change/confirm/", { token });

async function emailOf(id: number) {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

/** Asks for a change of address and answers the token mailed to the new one. */
async function requestChange(m: Awaited<ReturnType<typeof member>>, to: string) {
  const response = await m.visitor.json("/v1.1/profile/", wholeProfile({ username: to, name: "Mette" }));
  expect(response.statusCode).toBe(200);
  const link = linkIn((await mailsTo(to)).at(-1));
  expect(link).not.toBe("");
  return tokenOf(link);
}

describe("GET /v1.1/profile/", () => {
  it("answers a guest 401", async () => {
    const response = await testVisitor(t).get("/v1.1/profile/");
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("login_required");
  });

  it("answers the member's whole profile, privately, with the choices of each choice field", async () => {
    const m = await member("reader@example.com");
    const response = await m.visitor.get("/v1.1/profile/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const profile = response.json();
    expect(profile).toMatchObject({
      name: "Mette Målmand",
      username: "reader@example.com",
      gender: null,
      teamsport_association: null,
      newsletter: false,
      email_notifications: true,
      sms: false,
      frequency: "usual",
      pending_email: null,
    });
    expect(profile.choices.gender).toEqual(["M", "F", "O"]);
    expect(profile.choices.frequency).toEqual(["usual", "weekly", "monthly"]);
    // The market's own association first (the default market is Denmark).
    expect(profile.choices.teamsport_association[0]).toEqual({
      value: "dbu",
      name: "DBU – Dansk Boldspil-Union",
    });
    expect(profile.choices.teamsport_association).toHaveLength(17);
  });
});

describe("POST /v1.1/profile/", () => {
  it("saves every field of the profile and mails nobody when the address stays", async () => {
    const m = await member("saver@example.com");
    const response = await m.visitor.json(
      "/v1.1/profile/",
      wholeProfile({
        name: "  Zoë Ølgaard-Łukasz 李 ⚽  ",
        username: "saver@example.com",
        gender: "F",
        teamsport_association: "knvb",
        newsletter: true,
        email_notifications: false,
        sms: true,
        frequency: "monthly",
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.json()).toEqual({
      success: true,
      email_confirmation_sent: false,
      profile: {
        name: "Zoë Ølgaard-Łukasz 李 ⚽",
        username: "saver@example.com",
        gender: "F",
        teamsport_association: { value: "knvb", name: "KNVB – Koninklijke Nederlandse Voetbalbond" },
        newsletter: true,
        email_notifications: false,
        sms: true,
        frequency: "monthly",
        pending_email: null,
      },
    });
    const again = (await m.visitor.get("/v1.1/profile/")).json();
    expect(again).toMatchObject({ name: "Zoë Ølgaard-Łukasz 李 ⚽", gender: "F", frequency: "monthly" });
    expect(await mailsTo("saver@example.com")).toEqual([]);

    // Gender and association can be taken back.
    const cleared = await m.visitor.json(
      "/v1.1/profile/",
      wholeProfile({ username: "saver@example.com", gender: null, teamsport_association: null }),
    );
    expect(cleared.json().profile).toMatchObject({ gender: null, teamsport_association: null });
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["an empty name", { name: "" }, "name", "form.name.required"],
    ["a name of spaces", { name: "   " }, "name", "form.name.required"],
    ["a name of 101 characters", { name: "x".repeat(101) }, "name", "form.name.tooLong"],
    ["a name that is a number", { name: 42 }, "name", "form.name.required"],
    ["a name that is missing", { name: undefined }, "name", "form.name.required"],
    ["an address that is not one", { username: "not-an-address" }, "username", "form.email.invalid"],
    ["an empty address", { username: "" }, "username", "form.email.required"],
    [
      "an address of 256 characters",
      { username: `${"a".repeat(244)}@example.com` },
      "username",
      "form.email.tooLong",
    ],
    ["an unknown gender", { gender: "X" }, "gender", "settings.gender.invalid"],
    ["a gender in lower case", { gender: "f" }, "gender", "settings.gender.invalid"],
    ["an unknown frequency", { frequency: "daily" }, "frequency", "settings.frequency.invalid"],
    ["no frequency", { frequency: null }, "frequency", "settings.frequency.invalid"],
    [
      "an association not on the list",
      { teamsport_association: "real-madrid" },
      "teamsport_association",
      "settings.association.invalid",
    ],
    [
      "an association as an object",
      { teamsport_association: { value: "dbu" } },
      "teamsport_association",
      "settings.association.invalid",
    ],
    ["a newsletter choice as text", { newsletter: "yes" }, "newsletter", "settings.choice.invalid"],
    [
      "a notification choice as a number",
      { email_notifications: 1 },
      "email_notifications",
      "settings.choice.invalid",
    ],
    ["no sms choice", { sms: undefined }, "sms", "settings.choice.invalid"],
  ];

  for (const [what, change, field, message] of refusals) {
    it(`refuses ${what} with a field error on ${field}, and saves nothing`, async () => {
      const email = `refused-${field}-${refusals.findIndex((r) => r[0] === what)}@example.com`;
      const m = await member(email);
      const body = wholeProfile({ username: email, frequency: "weekly", ...change });
      const response = await m.visitor.json("/v1.1/profile/", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields[field]).toContain(message);
      const profile = (await m.visitor.get("/v1.1/profile/")).json();
      expect(profile).toMatchObject({ name: "Mette Målmand", username: email, frequency: "usual" });
    });
  }

  it("refuses a body that is not an object, text with a NUL, and malformed JSON, never with a 5xx", async () => {
    const m = await member("hostile@example.com");
    for (const body of [[], 7, null]) {
      const response = await m.visitor.json("/v1.1/profile/", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Text that is no JSON object is not taken as a profile at all.
    expect((await m.visitor.json("/v1.1/profile/", "profile")).statusCode).toBe(415);
    const nul = await m.visitor.json(
      "/v1.1/profile/",
      wholeProfile({ username: "hostile@example.com", name: "Mette\u0000" }),
    );
    expect(nul.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/v1.1/profile/",
      payload: '{"name": ',
      headers: { ...csrfHeaders(t.config, m.visitor.jar), "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await m.visitor.get("/v1.1/profile/")).json().name).toBe("Mette Målmand");
  });

  it("answers a guest 401", async () => {
    const response = await testVisitor(t).json("/v1.1/profile/", wholeProfile({ username: "g@example.com" }));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("login_required");
  });

  it("refuses a call without the CSRF token (403) and changes nothing", async () => {
    const m = await member("csrf-profile@example.com");
    const response = await t.app.inject({
      method: "POST",
      url: "/v1.1/profile/",
      payload: wholeProfile({ username: "csrf-profile@example.com", name: "Forged" }),
      headers: { cookie: `sessionid=${m.visitor.jar.sessionid}` },
    });
    expect(response.statusCode).toBe(403);
    expect((await m.visitor.get("/v1.1/profile/")).json().name).toBe("Mette Målmand");
  });
});

describe("changing the e-mail address", () => {
  it("mails a link to the new address on the configured address, and changes nothing until it is followed", async () => {
    const m = await member("old-address@example.com");
    const response = await t.app.inject({
      method: "POST",
      url: "/v1.1/profile/",
      payload: wholeProfile({ username: "New.Address@Example.com", name: "Mette" }),
      // A forged Host must not end up in the link.
      headers: {
        ...csrfHeaders(t.config, m.visitor.jar),
        host: "evil.example",
        origin: "http://evil.example",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      email_confirmation_sent: true,
      profile: {
        name: "Mette",
        username: "old-address@example.com",
        pending_email: "new.address@example.com",
      },
    });

    const [mail, ...more] = await mailsTo("new.address@example.com");
    expect(more).toEqual([]);
    expect(mail).toContain("Bekræft din nye e-mailadresse");
    const link = linkIn(mail);
    expect(link.startsWith(`${PUBLIC_URL}/account/email/confirm/?token=`)).toBe(true);
    expect(mail).not.toContain("evil.example");
    expect(await mailsTo("old-address@example.com")).toEqual([]);

    // Still the old address: for logging in, and in the profile.
    expect(await emailOf(m.id)).toBe("old-address@example.com");
    expect((await m.visitor.get("/v1.1/profile/")).json().pending_email).toBe("new.address@example.com");
    expect(await readEmailChangeLink(t.database.db, tokenOf(link))).toEqual({
      state: "pending",
      email: "new.address@example.com",
    });
    // Saving the rest of the profile meanwhile keeps the change waiting.
    const other = await m.visitor.json(
      "/v1.1/profile/",
      wholeProfile({ username: "old-address@example.com", frequency: "weekly" }),
    );
    expect(other.json()).toMatchObject({
      email_confirmation_sent: false,
      profile: { pending_email: "new.address@example.com" },
    });
  });

  it("takes the new address when the link is followed, once; tells the old address; logs in with the new one", async () => {
    const m = await member("before@example.com");
    const token = await requestChange(m, "after@example.com");

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, status: "confirmed", email: "after@example.com" });
    expect(await emailOf(m.id)).toBe("after@example.com");

    // The member's session goes on, under the new address.
    const profile = (await m.visitor.get("/v1.1/profile/")).json();
    expect(profile).toMatchObject({ username: "after@example.com", pending_email: null });
    expect((await m.visitor.get("/api/auth/session/")).json().user.email).toBe("after@example.com");

    // The old address is told, without the whole new one.
    const notices = await mailsTo("before@example.com");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain("E-mailadressen til din Pitchside-konto er ændret til a•••@example.com.");
    expect(notices[0]).not.toContain("after@example.com");
    expect(notices[0]).toContain(`${PUBLIC_URL}/faq/`);

    // Single use: the link again changes nothing and mails nobody.
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: "already_confirmed", email: "after@example.com" });
    expect(await mailsTo("before@example.com")).toHaveLength(1);
    expect(await readEmailChangeLink(t.database.db, token)).toEqual({
      state: "confirmed",
      email: "after@example.com",
    });

    const logIn = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { email, password: PASSWORD },
        headers: csrfHeaders(t.config),
        remoteAddress: "10.9.8.7",
      });
    expect((await logIn("after@example.com")).statusCode).toBe(200);
    expect((await logIn("before@example.com")).statusCode).toBe(400);
  });

  it("refuses an expired link and keeps the old address", async () => {
    const m = await member("slow@example.com");
    const token = await requestChange(m, "slow-new@example.com");
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, m.id));
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.token).toEqual(["settings.emailConfirm.expired"]);
    expect(await emailOf(m.id)).toBe("slow@example.com");
    expect((await m.visitor.get("/v1.1/profile/")).json().pending_email).toBeNull();
    expect(await readEmailChangeLink(t.database.db, token)).toEqual({
      state: "expired",
      email: "slow-new@example.com",
    });
    expect(await mailsTo("slow@example.com")).toEqual([]);
  });

  it("lets a newer request replace the last: the older link stops working", async () => {
    const m = await member("twice@example.com");
    const first = await requestChange(m, "first-choice@example.com");
    const second = await requestChange(m, "second-choice@example.com");
    const stale = await confirm(first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fields.token).toEqual(["settings.emailConfirm.unknown"]);
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await emailOf(m.id)).toBe("second-choice@example.com");
  });

  it("refuses unknown and malformed links without a 5xx", async () => {
    for (const token of ["x".repeat(43), "short", "ünïcödé-tökén-ünïcödé-tökén", "a".repeat(200)]) {
      const response = await confirm(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json().fields.token).toBeDefined();
    }
    expect((await confirm("a".repeat(201))).statusCode).toBe(400);
    expect(await readEmailChangeLink(t.database.db, "garbage")).toEqual({ state: "unknown" });
  });

  it("refuses an address another member has, on the field, saving nothing and mailing nobody", async () => {
    await member("taken@example.com", "Someone Else");
    const m = await member("wants-it@example.com");
    const response = await m.visitor.json(
      "/v1.1/profile/",
      wholeProfile({ username: "Taken@Example.com", name: "Changed Name" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ username: ["settings.email.unavailable"] });
    // Nothing about the other account is told beyond that.
    expect(response.body).not.toContain("Someone Else");
    const profile = (await m.visitor.get("/v1.1/profile/")).json();
    expect(profile).toMatchObject({ name: "Mette Målmand", pending_email: null });
    expect(await mailsTo("taken@example.com")).toEqual([]);
  });

  it("refuses the link when someone took the address after it was mailed", async () => {
    const m = await member("racer@example.com");
    const token = await requestChange(m, "contested@example.com");
    await member("contested@example.com", "Quicker");
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.token).toEqual(["settings.emailConfirm.taken"]);
    expect(await emailOf(m.id)).toBe("racer@example.com");
  });

  it(`takes at most ${EMAIL_CHANGES_PER_HOUR} changes an hour from one member`, async () => {
    const m = await member("restless@example.com");
    for (let i = 1; i <= EMAIL_CHANGES_PER_HOUR; i++) {
      const response = await m.visitor.json(
        "/v1.1/profile/",
        wholeProfile({ username: `try-${i}@example.com` }),
      );
      expect(response.statusCode).toBe(200);
    }
    const over = await m.visitor.json("/v1.1/profile/", wholeProfile({ username: "one-more@example.com" }));
    expect(over.statusCode).toBe(429);
    expect(await mailsTo("one-more@example.com")).toEqual([]);
    // The rest of the profile can still be saved.
    const rest = await m.visitor.json(
      "/v1.1/profile/",
      wholeProfile({ username: "restless@example.com", name: "Calm" }),
    );
    expect(rest.statusCode).toBe(200);
  });

  it("is in the data export while kept, and erased with the account", async () => {
    const m = await member("exported@example.com");
    await requestChange(m, "exported-new@example.com");
    const exported = (await m.visitor.get("/v1.1/profile/export/")).json();
    expect(exported.email_change).toMatchObject({
      new_email: "exported-new@example.com",
      confirmed_at: null,
    });
    expect(exported.account).toMatchObject({ gender: null, teamsport_association: null });
    expect(exported.newsletter).toMatchObject({ email_notifications: true, sms: false, frequency: "usual" });
    expect(JSON.stringify(exported)).not.toMatch(/hash|token/i);

    expect((await m.visitor.json("/delete-account/", {})).statusCode).toBe(200);
    expect(await rows(t.database.db, sql`select * from email_changes where user_id = ${m.id}`)).toEqual([]);
    expect(await rows(t.database.db, sql`select * from users where id = ${m.id}`)).toEqual([]);
  });

  it("is purged a week after its link expired", async () => {
    const { db } = t.database;
    const a = await member("purge-old@example.com");
    const b = await member("purge-recent@example.com");
    await requestChange(a, "purge-old-new@example.com");
    await requestChange(b, "purge-recent-new@example.com");
    const now = new Date();
    await db
      .update(emailChanges)
      .set({ expiresAt: new Date(now.getTime() - 8 * 86_400_000) })
      .where(eq(emailChanges.userId, a.id));
    await db
      .update(emailChanges)
      .set({ expiresAt: new Date(now.getTime() - 86_400_000) })
      .where(eq(emailChanges.userId, b.id));
    expect(await purgeEmailChanges(db, now)).toBe(1);
    const left = await db.select({ userId: emailChanges.userId }).from(emailChanges);
    expect(left.map((row) => row.userId)).toContain(b.id);
    expect(left.map((row) => row.userId)).not.toContain(a.id);
  });
});
