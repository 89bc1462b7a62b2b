// One server for a benchmark run, in its own process so the load generator does not share its
// event loop: `node bench/server.ts <raw|fastify|shop> <port>`. Prints "ready" when listening.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { serveInProcesses } from "#server/processes.ts";

const [kind, portArg] = process.argv.slice(2);
const port = Number(portArg);
const body = JSON.stringify({ ok: true });

if (kind === "raw") {
  http
    .createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      response.end(body);
    })
    .listen(port, "127.0.0.1", () => console.log("ready"));
} else if (kind === "fastify") {
  const app = Fastify();
  app.get("/bench/bare", async () => ({ ok: true }));
  await app.listen({ port, host: "127.0.0.1" });
  console.log("ready");
} else if (kind === "shop") {
  // The real app with every global plugin (cookies, compression, helmet, market, session, CSRF,
  // error handling, swagger, request logging at info level) and one bare route added for the run.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-bench-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    // The load generator calls 127.0.0.1: in production only the configured host is served.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    DATA_DIR: dataDir,
  });
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir });
  await runMigrations(database);
  const app = await buildApp(config, database, { pages: { mode: "none" } });
  app.get("/bench/bare", async () => ({ ok: true }));
  await app.listen({ port, host: "127.0.0.1" });
  console.log("ready");
} else if (kind === "catalogue") {
  // The production build on the benchmark database (BENCH_DATABASE_URL, seeded with
  // `npm run seed -- --products 50000`): calls and server-rendered pages as shoppers get them, in
  // SERVER_PROCESSES processes as the shop runs them (decision 0080; unset, one).
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) throw new Error("BENCH_DATABASE_URL must name a seeded PostgreSQL database");
  // One data directory for every process: the session secret kept there is the same for all.
  process.env.BENCH_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-bench-"));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    // The load generator calls 127.0.0.1: in production only the configured host is served.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: databaseUrl,
    // The pool as the shop sizes it for this host unless DATABASE_POOL_SIZE says otherwise (decision
    // 0095): 5 on two cores, 3 a process when a process serves on each.
  });
  await serveInProcesses({
    count: config.processes,
    log: { info: () => {}, error: (message) => console.error(message) },
    onAllListening: () => console.log("ready"),
    async serve() {
      const database = await openDatabase({
        databaseUrl,
        dataDir: config.dataDir,
        poolSize: config.databasePoolSize,
        acquireTimeoutMs: config.databaseAcquireTimeoutMs,
      });
      await runMigrations(database);
      const app = await buildApp(config, database, { pages: { mode: "build" } });
      // Before listening: the primary may pass a SIGTERM on as soon as the worker listens.
      process.on("SIGTERM", () => process.exit(0));
      await app.listen({ port, host: "127.0.0.1" });
    },
  });
} else {
  console.error(`unknown server kind ${kind}`);
  process.exit(2);
}

// The catalogue's processes end themselves (serveInProcesses); the others end here.
if (kind !== "catalogue") process.on("SIGTERM", () => process.exit(0));
