import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { runMigrations } from "./migrate.ts";

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-db-"));

describe("embedded database (PGlite)", () => {
  it("keeps its data across a restart", async () => {
    const dataDir = tmpDir();
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await runMigrations(first);
    await first.db.execute(
      sql`insert into users (email, name) values ('keeper@pitchside.example', 'Keeper')`,
    );
    await first.close();

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    await runMigrations(second);
    const result = await second.db.execute(
      sql`select name from users where email = 'keeper@pitchside.example'`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ name: "Keeper" }]);
    await second.close();
  });

  it("refuses a second opener of the same data directory with a clear message", async () => {
    const dataDir = tmpDir();
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(/in use by process/);
    await first.close();
    const again = await openDatabase({ databaseUrl: undefined, dataDir });
    await again.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL", () => {
  it("lets two processes start together: migrations run once under the advisory lock", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const name = `pitchside_race_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() }),
        openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() }),
      ]);
      await Promise.all([runMigrations(a), runMigrations(b)]);
      const applied = await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const files = fs
        .readdirSync(path.join(import.meta.dirname, "migrations"))
        .filter((f) => f.endsWith(".sql"));
      expect((applied as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: files.length });
      await Promise.all([a.close(), b.close()]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
