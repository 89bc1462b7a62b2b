// The shop in several processes on one host (SERVER_PROCESSES, decision 0080): the production entry
// started once with SERVER_PROCESSES=2 on an empty PostgreSQL database, as an operator starts it. Its
// two workers seed the shop once, share the port and the session secret the primary wrote, and serve
// by turns; a scrape of /metrics reached through either has both workers' series, each under its
// slot; a worker that dies is replaced in its slot while the other serves; SIGTERM ends them all.
// Runs in `npm test`'s PostgreSQL pass (TEST_DATABASE_URL); on a throw-away database it drops after.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuild } from "../support/production-build.ts";
import { createScratchDatabase, type ScratchDatabase } from "../support/scratch-database.ts";
import { type ShopProcess, startShop } from "../support/shop-process.ts";
import { Shopper } from "../support/shopper.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const DEMO_MEMBER = { email: "demo@pitchside.example", password: "pitchside-demo" };
const SEED_PRODUCTS = 40;
const METRICS_TOKEN = "processes-metrics-token-0123456789";

/** Each sample of `name` as a map from its worker slot to its value, for samples whose labels match. */
function byWorker(text: string, name: string, labels: RegExp = /.*/): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name || !labels.test(match[2] as string)) continue;
    const worker = /worker="(\d+)"/.exec(match[2] as string)?.[1];
    if (worker !== undefined) found.set(worker, Number(match[3]));
  }
  return found;
}

/** The primary's workers, by process id (the primary's children). */
function workersOf(primary: number): number[] {
  try {
    return execFileSync("ps", ["--ppid", String(primary), "-o", "pid="], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!serverUrl || process.platform !== "linux")("the shop in two processes on one host", () => {
  let scratch: ScratchDatabase | undefined;
  // A new connection for every request: the primary hands connections to its workers in turn.
  const connectionPerRequest = new Agent().compose(
    (dispatch) => (options, handler) => dispatch({ ...options, reset: true }, handler),
  );
  let dataDir = "";
  let database: pg.Pool;
  let shop: ShopProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-processes-"));
    scratch = await createScratchDatabase(serverUrl as string, "processes");
    ensureProductionBuild();
    // No SESSION_SECRET: the primary generates one in DATA_DIR before its workers start.
    shop = await startShop({
      env: {
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        PUBLIC_URL: "http://127.0.0.1",
        SERVER_PROCESSES: "2",
        SEED_PRODUCTS: String(SEED_PRODUCTS),
        // Each request's log line names the process that answered it.
        LOG_LEVEL: "info",
        METRICS_TOKEN,
      },
      timeoutMs: 120_000,
    });
    await until(() => shop.output().includes("serving in 2 processes"), 60_000, "both workers to listen");
    database = new pg.Pool({ connectionString: scratch.url, max: 2 });
  }, 180_000);

  afterAll(async () => {
    await shop?.kill();
    await database?.end();
    await connectionPerRequest.close();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("seeds once, and serves a member's session from either process by turns", async () => {
    const primary = shop.child.pid as number;
    const workers = workersOf(primary);
    expect(workers).toHaveLength(2);
    // The two workers started together on an empty database: one seeded it, the other waited.
    const { rows } = await database.query<{ products: number }>(
      "select count(*)::int as products from products",
    );
    expect(rows[0]?.products).toBe(SEED_PRODUCTS);

    const shopper = new Shopper(shop.url, { dispatcher: connectionPerRequest, market: "dk" });
    expect((await shopper.json("/api/auth/login/", DEMO_MEMBER)).status).toBe(200);
    // Enough for each process to fill its log's 4 KiB buffer (production writes lines in chunks).
    for (let i = 0; i < 80; i++) {
      const session = await shopper.get("/api/auth/session/");
      expect(session.status).toBe(200);
      // Signed by one process, read by the other: the same secret.
      expect(session.json<{ user: { email: string } | null }>().user?.email).toBe(DEMO_MEMBER.email);
    }
    // Each request is logged by the process that answered it: both did.
    const answeredBy = new Set(
      shop
        .output()
        .split("\n")
        // (The kept tail may begin inside a line: whole lines only.)
        .filter((line) => line.startsWith("{") && line.includes('"url":"/api/auth/session/"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect([...answeredBy].sort()).toEqual([...workers].sort());
  }, 60_000);

  const scrape = async () => {
    const response = await request(`${shop.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      dispatcher: connectionPerRequest,
    });
    expect(response.statusCode).toBe(200);
    return response.body.text();
  };
  const SESSION_READS = /route="\/api\/auth\/session\/",status_class="2xx"/;

  it("answers /metrics with both workers' series, each under its slot, whichever worker is asked", async () => {
    const scrapes: string[] = [];
    // A new connection each time: the primary hands them to the two workers in turn.
    for (let i = 0; i < 4; i++) scrapes.push(await scrape());
    for (const text of scrapes) {
      expect(byWorker(text, "pitchside_worker_up")).toEqual(
        new Map([
          ["0", 1],
          ["1", 1],
        ]),
      );
      // Every family described once (Prometheus refuses a second description).
      const described = text.split("\n").filter((line) => line.startsWith("# TYPE "));
      expect(new Set(described).size).toBe(described.length);
      // The 80 session reads of the test before, counted by whichever worker answered each: every one
      // is in the scrape, and both workers answered some.
      const reads = byWorker(text, "pitchside_http_request_duration_seconds_count", SESSION_READS);
      expect([...reads.keys()].sort()).toEqual(["0", "1"]);
      expect([...reads.values()].reduce((sum, n) => sum + n, 0)).toBe(80);
      expect([...byWorker(text, "process_cpu_user_seconds_total").keys()].sort()).toEqual(["0", "1"]);
    }
  }, 60_000);

  it("starts another worker when one dies, in its slot, while the other serves", async () => {
    const primary = shop.child.pid as number;
    const before = await scrape();
    const startedBefore = byWorker(before, "process_start_time_seconds");
    const readsBefore = byWorker(before, "pitchside_http_request_duration_seconds_count", SESSION_READS);
    const [victim, survivor] = workersOf(primary);
    process.kill(victim as number, "SIGKILL");
    await until(() => !alive(victim as number), 5_000, "the worker to die");
    const shopper = new Shopper(shop.url, { dispatcher: connectionPerRequest });
    for (let i = 0; i < 6; i++) expect((await shopper.get("/readyz")).status).toBe(200);
    await until(() => shop.output().includes("a new worker serves"), 30_000, "a new worker to serve");
    expect(workersOf(primary)).toHaveLength(2);
    expect(workersOf(primary)).not.toContain(victim);
    expect(workersOf(primary)).toContain(survivor);
    expect(shop.output()).toMatch(/a worker ended \(signal SIGKILL\); starting another/);
    for (let i = 0; i < 6; i++) expect((await shopper.get("/football-boots/")).status).toBe(200);
    // The replacement answers in the dead worker's slot, with its counts from zero; the survivor's
    // series go on as they were. Prometheus reads the one slot's drop as that counter's restart.
    const after = await scrape();
    expect(byWorker(after, "pitchside_worker_up")).toEqual(
      new Map([
        ["0", 1],
        ["1", 1],
      ]),
    );
    const startedAfter = byWorker(after, "process_start_time_seconds");
    const restarted = ["0", "1"].filter((slot) => startedAfter.get(slot) !== startedBefore.get(slot));
    expect(restarted).toHaveLength(1);
    const kept = restarted[0] === "0" ? "1" : "0";
    const readsAfter = byWorker(after, "pitchside_http_request_duration_seconds_count", SESSION_READS);
    expect(readsAfter.get(kept)).toBe(readsBefore.get(kept));
    expect(readsAfter.get(restarted[0] as string) ?? 0).toBe(0);
  }, 60_000);

  it("ends every process on SIGTERM and exits 0", async () => {
    const primary = shop.child.pid as number;
    const workers = workersOf(primary);
    expect(workers).toHaveLength(2);
    await shop.stop();
    expect(await shop.exited).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
  }, 60_000);

  it("stops, exiting 1, when its workers cannot start, rather than starting them again and again", async () => {
    const url = new URL(scratch?.url as string);
    url.pathname = `${url.pathname}_missing`;
    const failed = startShop({
      env: {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PUBLIC_URL: "http://127.0.0.1",
        SERVER_PROCESSES: "2",
      },
      timeoutMs: 30_000,
    });
    const error = await failed.then(
      () => new Error("it started"),
      (reason: Error) => reason,
    );
    // Exit code 1 for the service manager, and no second try: the reason is written once.
    expect(error.message).toMatch(/exited \(code 1\) before it was ready/);
    expect(error.message.match(/before it served; stopping the shop/g)).toHaveLength(1);
  }, 60_000);
});
