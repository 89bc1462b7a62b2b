import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { batchedLogDestination } from "./plugins/request-logging.ts";
import { createTestDatabase } from "./testing.ts";

describe("request logs", () => {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" });
    app = await buildApp(
      config,
      { ...testDb.database, close: async () => {} },
      {
        pages: { mode: "none" },
        logDestination: destination,
      },
    );
    await app.ready();
    close = async () => {
      await app.close();
      await testDb.drop();
    };
  });
  afterAll(async () => close?.());

  it("writes one line per request with its request id, status and time, and no cookies", async () => {
    lines.length = 0;
    const response = await app.inject({
      method: "GET",
      url: "/api/markets/",
      headers: { "x-request-id": "checkout-trace-0001", cookie: "sessionid=secret-value" },
    });
    expect(response.statusCode).toBe(200);
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      reqId: "checkout-trace-0001",
      method: "GET",
      url: "/api/markets/",
      statusCode: 200,
    });
    expect(typeof completed[0]?.responseTime).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("secret-value");
  });

  it("gives a request without a usable id a fresh one", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/api/markets/", headers: { "x-request-id": "bad id!" } });
    const [line] = lines.filter((l) => l.msg === "request completed");
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the production log destination", () => {
  const logFile = () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-log-")), "out.log");
    return { file, fd: fs.openSync(file, "w") };
  };
  const linesOf = (file: string) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("holds a quiet process's lines back until the interval, then writes them whole, text in any script intact", async () => {
    const { file, fd } = logFile();
    const destination = batchedLogDestination(fd, { batched: true, flushIntervalMs: 400 });
    const logger = pino({ level: "info" }, destination);
    logger.info({ url: "/de/fußballschuhe/", shopper: "Zoë 😀" }, "request completed");
    logger.info({ url: "/pl/rękawice/" }, "request completed");
    // Batched: two short lines wait for more, or for the interval.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.readFileSync(file, "utf8")).toBe("");
    await waitFor(() => linesOf(file).length === 2);
    expect(linesOf(file)).toMatchObject([
      { url: "/de/fußballschuhe/", shopper: "Zoë 😀" },
      { url: "/pl/rękawice/" },
    ]);
    // A line logged while the interval's write may be under way is written by a later interval.
    logger.info({ url: "/late/" }, "request completed");
    await waitFor(() => linesOf(file).length === 3);
    expect(linesOf(file)[2]).toMatchObject({ url: "/late/" });
    destination.close();
  });

  it("writes a busy process's lines in batches, and everything still waiting when it closes", async () => {
    const { file, fd } = logFile();
    const destination = batchedLogDestination(fd, { batched: true, flushIntervalMs: 60_000 });
    const logger = pino({ level: "info" }, destination);
    for (let i = 0; i < 1000; i++) logger.info({ i, url: `/p/boot-${i}/` }, "request completed");
    // 4 KiB reached: a batch goes out without waiting for the interval.
    await waitFor(() => fs.statSync(file).size > 0);
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(4096);
    // The batch under way finishes before the rest is written at once.
    let size = -1;
    while (size !== fs.statSync(file).size) {
      size = fs.statSync(file).size;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    destination.flushSync();
    const written = linesOf(file);
    expect(written).toHaveLength(1000);
    expect(written.map((line) => line.i)).toEqual([...Array(1000).keys()]);
    destination.close();
  });

  it("goes on quietly when the reader of its output has gone (a broken pipe), not crashing the process", async () => {
    const module = new URL("./plugins/request-logging.ts", import.meta.url).pathname;
    const script = `
      import pino from "pino";
      import { batchedLogDestination } from ${JSON.stringify(module)};
      const destination = batchedLogDestination(1, { batched: true, flushIntervalMs: 20 });
      const logger = pino({ level: "info" }, destination);
      for (let round = 0; round < 20; round++) {
        for (let i = 0; i < 200; i++) logger.info({ round, i }, "request completed");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      destination.flushSync();
      process.stderr.write("finished");
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: path.resolve(path.dirname(module), "../../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The reader goes away at once: every write the child makes meets a broken pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(stderr).not.toContain("EPIPE");
    expect(stderr).toContain("finished");
    expect(code).toBe(0);
  });
});
