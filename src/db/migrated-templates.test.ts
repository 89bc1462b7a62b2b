import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "#server/testing.ts";
import { type Database, openDatabase, rows } from "./client.ts";
import { MIGRATIONS_FOLDER } from "./migrate.ts";
import { migratedPgliteDump, migratedPostgresTemplate, migrationsKey } from "./migrated-templates.ts";

const migrationFiles = fs.readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql"));

// On whichever engine the pass runs (PGlite, or PostgreSQL with TEST_DATABASE_URL).
describe("test databases copied from one migrated template", () => {
  it("hands out databases each empty and apart from the others", async () => {
    const first = await createTestDatabase({ poolSize: 2 });
    const second = await createTestDatabase({ poolSize: 2 });
    try {
      for (const { database } of [first, second]) {
        const [applied] = await rows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied?.n).toBe(migrationFiles.length);
        const [users] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
        expect(users?.n).toBe(0);
        // The trigram extension the search's indexes need came with the copy.
        const [trgm] = await rows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
        );
        expect(trgm?.n).toBe(1);
      }
      await first.database.db.execute(
        sql`insert into users (email, name) values ('copy@pitchside.example', 'Copy')`,
      );
      const [inSecond] = await rows<{ n: number }>(
        second.database.db,
        sql`select count(*)::int as n from users`,
      );
      expect(inSecond?.n).toBe(0);
      const again = await createTestDatabase({ poolSize: 2 });
      const [inThird] = await rows<{ n: number }>(
        again.database.db,
        sql`select count(*)::int as n from users`,
      );
      expect(inThird?.n).toBe(0);
      await again.drop();
    } finally {
      await first.drop();
      await second.drop();
    }
  });

  it("copies a template that itself has every migration and the trigram extension, before any repair", async () => {
    // createTestDatabase runs the migrations again on each copy, which would mend a broken template:
    // here the copy is read as the template made it.
    const serverUrl = process.env.TEST_DATABASE_URL;
    let copy: Database;
    let drop = async () => {};
    if (!serverUrl) {
      copy = await openDatabase({
        databaseUrl: undefined,
        dataDir: os.tmpdir(),
        inMemory: true,
        fromDump: await migratedPgliteDump(),
      });
    } else {
      const template = await migratedPostgresTemplate(serverUrl);
      const name = `pitchside_copy_${crypto.randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name} template ${template}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      copy = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 1 });
      drop = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    try {
      const [applied] = await rows<{ n: number }>(
        copy.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(migrationFiles.length);
      const [trgm] = await rows<{ n: number }>(
        copy.db,
        sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
      );
      expect(trgm?.n).toBe(1);
      const [users] = await rows<{ n: number }>(copy.db, sql`select count(*)::int as n from users`);
      expect(users?.n).toBe(0);
    } finally {
      await copy.close();
      await drop();
    }
  });

  it("names the template by the migrations, per engine", () => {
    expect(migrationsKey("pglite")).toMatch(/^[0-9a-f]{16}$/);
    expect(migrationsKey("pglite")).toBe(migrationsKey("pglite"));
    expect(migrationsKey("postgres")).not.toBe(migrationsKey("pglite"));
  });

  it("makes a new template when a migration's text changes or one is added", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-migrations-"));
    fs.cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
    const before = migrationsKey("postgres", copy);
    expect(before).toBe(migrationsKey("postgres"));
    const file = path.join(copy, migrationFiles[0] as string);
    fs.appendFileSync(file, "\n-- changed\n");
    const changed = migrationsKey("postgres", copy);
    expect(changed).not.toBe(before);
    fs.writeFileSync(path.join(copy, "9999_more.sql"), "select 1;");
    expect(migrationsKey("postgres", copy)).not.toBe(changed);
    fs.rmSync(copy, { recursive: true });
  });
});
