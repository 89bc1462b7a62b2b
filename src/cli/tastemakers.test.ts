import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { users } from "#modules/accounts/accounts.schema.ts";
import type { TastemakerApplicationInput } from "#modules/tastemakers/tastemakers.contract.ts";
import { tastemakerApplicationInput } from "#modules/tastemakers/tastemakers.contract.ts";
import { submitApplication } from "#modules/tastemakers/tastemakers.service.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { applicationsCsv, spreadsheetSafe, tastemakersCommand } from "./tastemakers.ts";

const root = path.resolve(import.meta.dirname, "../..");
const APPLIED = new Date("2026-03-01T09:30:00Z");
const DECIDED = new Date("2026-03-02T10:00:00Z");

/** Two members' applications: one plain, one with every character a CSV writer can trip on. */
async function applications(db: Db) {
  const [plain, tricky] = await db
    .insert(users)
    .values([
      { email: "plain@example.com", name: "Pia Plain" },
      { email: "tricky@example.com", name: 'Kim "The Wall" Ødegård, Jr.' },
    ])
    .returning({ id: users.id });
  const apply = (userId: number, input: TastemakerApplicationInput, minutes: number) =>
    submitApplication(
      db,
      { userId, language: "da", market: "dk", now: new Date(APPLIED.getTime() + minutes * 60_000) },
      tastemakerApplicationInput.parse(input),
    );
  await apply(
    plain?.id as number,
    {
      birthYear: 1999,
      gender: "Male",
      position: "Defender",
      bootSize: "44",
      motivation: "I coach the under-12s.",
    },
    0,
  );
  await apply(
    tricky?.id as number,
    {
      birthYear: 2004,
      gender: "Other",
      position: "Attacker",
      bootSize: "42⅔",
      level: "Professional",
      favoriteBrand: "adidas",
      phoneNumber: "+45 (20) 30-40-50",
      motivation: 'Line one, with a comma;\nline two "quoted" ⚽ 😀 — ÆØÅ',
      instagram: '=HYPERLINK("http://evil.example")',
      instagramFollowers: "25000+",
      instagramAccount: "Private",
      tiktok: "@kim",
      tiktokFollowers: "1-100",
      youtube: "-kim",
    },
    1,
  );
}

/** Runs the command as pitchside.ts does, keeping what it prints. */
async function run(db: Db, args: string[]) {
  let out = "";
  let err = "";
  const code = await tastemakersCommand(db, args, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    now: () => DECIDED,
  });
  return { code, out, err };
}

const HEADER =
  "id,applied_at,status,decided_at,email,name,language,market,birth_year,gender,position,boot_size,level,favorite_brand,phone_number,motivation,instagram,instagram_followers,instagram_account,tiktok,tiktok_followers,tiktok_account,youtube,youtube_followers";

describe("pitchside tastemakers", () => {
  let t: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    await applications(t.database.db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-tastemakers-"));
  });
  afterAll(async () => {
    await t?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("exports every application as CSV, quoting commas, quotes, line breaks and keeping unicode", async () => {
    const file = path.join(dir, "applications.csv");
    const { code, out } = await run(t.database.db, ["export", "--out", file]);
    expect(code).toBe(0);
    expect(out).toBe(`Wrote 2 application(s) to ${file}.\n`);
    const csv = fs.readFileSync(file, "utf8");
    // Records end in CRLF; the line break typed in a motivation stays inside its quoted cell.
    const [header, first, tricky, end] = csv.split("\r\n");
    expect(header).toBe(HEADER);
    expect(first).toMatch(
      /^\d+,2026-03-01T09:30:00\.000Z,received,,plain@example\.com,Pia Plain,da,dk,1999,Male,Defender,44,Amateur,,,I coach the under-12s\.,,,,,,,,$/,
    );
    expect(tricky?.replace(/^\d+,/, "")).toBe(
      [
        "2026-03-01T09:31:00.000Z,received,,tricky@example.com",
        '"Kim ""The Wall"" Ødegård, Jr."',
        "da,dk,2004,Other,Attacker,42⅔,Professional,adidas,+45 (20) 30-40-50",
        '"Line one, with a comma;\nline two ""quoted"" ⚽ 😀 — ÆØÅ"',
        `"'=HYPERLINK(""http://evil.example"")"`,
        "25000+,Private,'@kim,1-100,,'-kim,",
      ].join(","),
    );
    expect(end).toBe("");
  });

  it("writes the CSV to standard output without --out", async () => {
    const { code, out } = await run(t.database.db, ["export"]);
    expect(code).toBe(0);
    expect(out.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(out.split("\r\n")).toHaveLength(4); // header, two records, and the end after the last CRLF
  });

  it("lists the applications as a table, one line each", async () => {
    const { code, out } = await run(t.database.db, ["list"]);
    expect(code).toBe(0);
    const lines = out.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^ID\s+Applied\s+Status\s+Name\s+E-mail\s+Born\s+Position\s+Level\s+Boot\s+Instagram\s+TikTok\s+YouTube$/,
    );
    expect(lines[2]).toContain("Pia Plain");
    expect(lines[3]).toContain('Kim "The Wall" Ødegård, Jr.');
    expect(lines[3]).toContain("@kim (1-100)");
    // The columns line up: every cell of a column starts where its title does.
    const column = (lines[0] as string).indexOf("Born");
    expect((lines[2] as string).slice(column, column + 4)).toBe("1999");
    expect([...(lines[3] as string)].slice(column, column + 4).join("")).toBe("2004");
  });

  it("records a reviewer's decision once, and refuses what it cannot do", async () => {
    const { out: csv } = await run(t.database.db, ["export"]);
    const id = Number(csv.split("\r\n")[1]?.split(",")[0]);
    expect(await run(t.database.db, ["decide", String(id), "accepted"])).toEqual({
      code: 0,
      out: `Application ${id} is accepted.\n`,
      err: "",
    });
    expect((await run(t.database.db, ["export"])).out).toContain(
      `${id},2026-03-01T09:30:00.000Z,accepted,2026-03-02T10:00:00.000Z,`,
    );
    expect(await run(t.database.db, ["decide", String(id), "declined"])).toMatchObject({ code: 1 });
    expect(await run(t.database.db, ["decide", "999999", "declined"])).toMatchObject({ code: 1 });
    for (const args of [
      ["decide", String(id), "maybe"],
      ["decide", "x", "accepted"],
      ["decide", "99999999999", "accepted"],
      ["decide"],
      ["export", "--file", "x.csv"],
      ["list", "extra"],
      ["remove"],
      [],
    ])
      expect((await run(t.database.db, args)).code, args.join(" ")).toBe(2);
  });
});

describe("the export's cells", () => {
  it("keeps a formula from running in a spreadsheet", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"])
      expect(spreadsheetSafe(text)).toBe(`'${text}`);
    for (const text of ["plain", "1+1", "a=b", "", " =1"]) expect(spreadsheetSafe(text)).toBe(text);
    expect(spreadsheetSafe(null)).toBe("");
  });

  it("writes only the header when there is nothing to export", () => {
    expect(applicationsCsv([])).toBe(`${HEADER}\r\n`);
  });
});

describe("the real command", () => {
  it("npm run pitchside -- tastemakers export --out file.csv writes the file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-tastemakers-cli-"));
    // On PostgreSQL the command opens the suite's database by URL; on the embedded engine it opens a
    // data directory the test has filled and closed (one process at a time may hold it).
    let dropDatabase = async () => {};
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dir };
    if (process.env.TEST_DATABASE_URL) {
      const t = await createTestDatabase();
      await applications(t.database.db);
      env.DATABASE_URL = t.url as string;
      dropDatabase = t.drop;
    } else {
      const database = await openDatabase({ databaseUrl: undefined, dataDir: dir });
      await runMigrations(database);
      await applications(database.db);
      await database.close();
    }
    try {
      const file = path.join(dir, "out.csv");
      const cli = path.join(root, "src", "cli", "pitchside.ts");
      const exported = spawnSync(process.execPath, [cli, "tastemakers", "export", "--out", file], {
        cwd: root,
        env,
        encoding: "utf8",
      });
      expect(exported.stderr).toBe("");
      expect(exported.status).toBe(0);
      const csv = fs.readFileSync(file, "utf8");
      expect(csv.startsWith(`${HEADER}\r\n`)).toBe(true);
      expect(csv).toContain('"Kim ""The Wall"" Ødegård, Jr."');
      const refused = spawnSync(process.execPath, [cli, "tastemakers", "export", "--to", file], {
        cwd: root,
        env,
        encoding: "utf8",
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain("pitchside tastemakers export [--out file.csv]");
    } finally {
      await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
