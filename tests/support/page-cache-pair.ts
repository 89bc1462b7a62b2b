// Two shop apps with the page cache on, on one database, serving their pages from the production
// build: what two processes behind a load balancer are, in one child process so that the embedded
// engine (PGlite, one process only) can be shared too. Run by page-cache tests as
// `node tests/support/page-cache-pair.ts` (the pages' server build needs Node's own module graph, so
// it cannot render inside the test runner). On PostgreSQL (TEST_DATABASE_URL) each app has a pool of
// its own on one throw-away database; on PGlite the two share the one engine.
// Messages: it sends { ready, urls }; it answers { id, sql } with { id, rows } or { id, error }, and
// { id, pageTextsKept } with { id, rows: [{ kept }] }.
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { openDatabase } from "#db/client.ts";
import { PageTexts } from "#kernel/page-texts.ts";
import { seedDemoShop } from "#seed/seed.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { createTestDatabase } from "#server/testing.ts";
import { ensureProductionBuild } from "./production-build.ts";

const send = (message: unknown) => process.send?.(message);

async function main() {
  ensureProductionBuild();
  const testDb = await createTestDatabase({ poolSize: 4 });
  await seedDemoShop(testDb.database, { products: 120, seed: 7, dataDir: "" });
  const second = testDb.url
    ? await openDatabase({ databaseUrl: testDb.url, dataDir: os.tmpdir(), poolSize: 4 })
    : testDb.database;
  const apps: FastifyInstance[] = [];
  for (const database of [testDb.database, second]) {
    const config = loadConfig(
      { NODE_ENV: "test", PAGE_CACHE: "on" },
      { dataDir: path.join(os.tmpdir(), "pitchside-page-cache-pair") },
    );
    const app = await buildApp(config, { ...database, close: async () => {} }, { pages: { mode: "build" } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    apps.push(app);
  }
  const urls = apps.map((app) => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  process.on("message", (message: { id: number; sql?: string; stop?: boolean; pageTextsKept?: boolean }) => {
    // How many values the pages' texts keep now (none once every page's answer is done, 0098).
    if (message.pageTextsKept) return send({ id: message.id, rows: [{ kept: PageTexts.kept }] });
    if (message.stop) {
      void (async () => {
        for (const app of apps) await app.close();
        if (second !== testDb.database) await second.close();
        await testDb.drop();
        process.exit(0);
      })();
      return;
    }
    testDb.database.db.execute(sql.raw(message.sql ?? "")).then(
      (result) => send({ id: message.id, rows: (result as unknown as { rows: unknown[] }).rows }),
      (error: Error) =>
        send({
          id: message.id,
          error: `${error.message}: ${(error.cause as Error | undefined)?.message ?? ""}`,
        }),
    );
  });
  send({ ready: true, urls });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
