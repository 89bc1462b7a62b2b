import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, csrfHeaders, type TestApp } from "#server/testing.ts";
import {
  SIGNUPS_PER_MINUTE,
  SIGNUPS_PER_MINUTE_PER_IP,
  VALIDATION_MAILS_PER_HOUR,
} from "./rate-limit.service.ts";

/** Sign-up and validation mail cannot be used to flood a mailbox or to keep the server hashing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: "POST", url, payload, headers: csrfHeaders(t.config, {}), remoteAddress: ip });
/** Mail is sent by the job queue after the request: what is queued is sent before counting. */
const mailsTo = async (address: string) => {
  await t.app.jobs.drain();
  const dir = path.join(t.config.dataDir, "mail");
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((file) => fs.readFileSync(path.join(dir, file), "utf8").includes(`To: ${address}`)).length;
};

describe("sign-up and validation mail limits", () => {
  it("refuses sign-ups from one address over its limit per minute, and lets another address sign up", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGNUPS_PER_MINUTE_PER_IP; i++)
      statuses.push(
        (
          await post(
            "/api/auth/signup/",
            { email: `flood${i}@example.com`, password: "long-enough-1" },
            "10.9.0.1",
          )
        ).statusCode,
      );
    expect(statuses.slice(0, SIGNUPS_PER_MINUTE_PER_IP).every((status) => status === 201)).toBe(true);
    expect(statuses[SIGNUPS_PER_MINUTE_PER_IP]).toBe(429);
    const other = await post(
      "/api/auth/signup/",
      { email: "calm@example.com", password: "long-enough-1" },
      "10.9.0.2",
    );
    expect(other.statusCode).toBe(201);
  });

  it("refuses any sign-up once the shop's limit per minute is reached, before hashing a password", async () => {
    await t.database.db.execute(sql`
      insert into rate_limit_hits (key, window_start, count) values ('signup:all', now(), ${SIGNUPS_PER_MINUTE})
      on conflict (key) do update set window_start = now(), count = ${SIGNUPS_PER_MINUTE}`);
    const refused = await post(
      "/api/auth/signup/",
      { email: "late@example.com", password: "long-enough-1" },
      "10.9.0.3",
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("rate_limited");
    const [user] = (
      (await t.database.db.execute(
        sql`select id from users where email = 'late@example.com'`,
      )) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(user).toBeUndefined();
    await t.database.db.execute(sql`delete from rate_limit_hits where key = 'signup:all'`);
  });

  it("mails one address at most a few validation links an hour, asked from any IP address", async () => {
    const address = "inbox@example.com";
    expect(
      (await post("/api/auth/signup/", { email: address, password: "long-enough-1" }, "10.9.1.1")).statusCode,
    ).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post("/api/auth/resend-validation/", { email: address }, `10.9.2.${i}`)).statusCode,
      );
    // The sign-up's mail counts: the hour's allowance is then used up by the resends.
    expect(statuses.filter((status) => status === 200)).toHaveLength(VALIDATION_MAILS_PER_HOUR - 1);
    expect(statuses.at(-1)).toBe(429);
    expect(await mailsTo(address)).toBe(VALIDATION_MAILS_PER_HOUR);
    // An address without an account is limited the same way, so the answers reveal nothing.
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++)
      unknown.push(
        (await post("/api/auth/resend-validation/", { email: "nobody@example.com" }, `10.9.3.${i}`))
          .statusCode,
      );
    expect(unknown).toEqual([200, 200, 200, 429]);
  });
});

describe("common passwords", () => {
  it("refuses one of the most common passwords at sign-up, whatever its case (reset uses the same check)", async () => {
    for (const password of ["password1", "Qwerty123", "iloveyou"]) {
      const refused = await post(
        "/api/auth/signup/",
        { email: `common-${password}@example.com`, password },
        "10.9.4.1",
      );
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().fields.password).toEqual(["form.password.common"]);
    }
    const accepted = await post(
      "/api/auth/signup/",
      { email: "uncommon@example.com", password: "boots-on-grass-7" },
      "10.9.4.2",
    );
    expect(accepted.statusCode).toBe(201);
  });
});
