import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, requestIdSource } from "./app.ts";
import { loadConfig } from "./config.ts";
import { batchedLogDestination, LazyRequestLogger, withLazyChildren } from "./plugins/request-logging.ts";
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
    await app.inject({ method: "GET", url: "/api/markets/" });
    const [first, second] = lines.filter((l) => l.msg === "request completed").map((l) => String(l.reqId));
    // This process's random prefix and a count: unique across processes, never the bad one sent.
    expect(first).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(second).not.toBe(first);
    expect(second?.split("-")[0]).toBe(first?.split("-")[0]);
    // Another process (another source) counts under a prefix of its own.
    const elsewhere = requestIdSource();
    expect(elsewhere().split("-")[0]).not.toBe(first?.split("-")[0]);
  });

  it("gives each request a lazy logger from a logger with pino's levels, as Fastify asks for it", () => {
    // Fastify's routeHandler: its logger's child, with the request id and an options object.
    const requestLogger = app.log.child({ reqId: "lazy-0001" }, {});
    expect(requestLogger).toBeInstanceOf(LazyRequestLogger);
    expect((app.log as pino.Logger).levels.values.info).toBe(30);
  });

  it("writes no completion line for a route quieter than the process (the health probe)", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "probe-000001" } });
    expect(lines.filter((line) => line.reqId === "probe-000001")).toEqual([]);
  });
});

describe("a request's logger", () => {
  const lines: Record<string, unknown>[] = [];
  const parent = pino({ level: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line)) });

  it("is made only when the request writes a line at a level the process writes", () => {
    lines.length = 0;
    const child = vi.spyOn(parent, "child");
    const logger = new LazyRequestLogger(parent, { reqId: "order-trace-01" }, undefined);
    logger.info({ step: "quiet" }, "not written at warn");
    logger.debug("nor this");
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    logger.warn({ orderId: 7 }, "payment provider slow");
    logger.error(new Error("declined"), "payment failed");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: "order-trace-01", orderId: 7, msg: "payment provider slow" },
      { level: 50, reqId: "order-trace-01", msg: "payment failed", err: { message: "declined" } },
    ]);
    child.mockRestore();
  });

  it("keeps a route's own level (a probe at warn in a process at info), its level readable and changeable", () => {
    lines.length = 0;
    const atInfo = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const probe = new LazyRequestLogger(atInfo, { reqId: "probe-01" }, { level: "warn" });
    expect(probe.level).toBe("warn");
    expect(probe.isLevelEnabled("info")).toBe(false);
    probe.info("not written");
    expect(lines).toEqual([]);
    const logger = new LazyRequestLogger(atInfo, { reqId: "page-01" }, undefined);
    expect(logger.level).toBe("info");
    logger.level = "error";
    logger.warn("not written either");
    logger.error("written");
    expect(lines).toMatchObject([{ level: 50, reqId: "page-01", msg: "written" }]);
    expect(logger.bindings()).toEqual({ reqId: "page-01" });
  });

  it("is what Fastify's logger, made from the process logger, makes for each request", () => {
    lines.length = 0;
    // As Fastify starts: its own logger, a child of the one it is given, with its serializers.
    const fastifyLogger = withLazyChildren(parent).child({}, { serializers: {} });
    expect(fastifyLogger).not.toBeInstanceOf(LazyRequestLogger);
    // A pino logger in all but `child`: Fastify checks a route's log level against its levels.
    expect((fastifyLogger as pino.Logger).levels.values.warn).toBe(40);
    const child = vi.spyOn(parent, "child");
    // As Fastify asks for a request's logger: bindings and an options object, empty for most routes.
    const requestLogger = fastifyLogger.child({ reqId: "bag-trace-01" }, {});
    expect(requestLogger).toBeInstanceOf(LazyRequestLogger);
    requestLogger.info("not written at warn");
    expect(child).not.toHaveBeenCalled();
    fastifyLogger.warn("process line");
    requestLogger.warn("request line");
    expect(lines).toMatchObject([{ msg: "process line" }, { reqId: "bag-trace-01", msg: "request line" }]);
    expect(lines[0]).not.toHaveProperty("reqId");
    expect(fastifyLogger.level).toBe("warn");
    child.mockRestore();
  });

  it("hands a module a child of its own that carries the request's id", () => {
    lines.length = 0;
    const logger = new LazyRequestLogger(parent, { reqId: "job-trace-01" }, undefined);
    logger.child({ module: "payments" }).warn("retrying");
    expect(lines).toMatchObject([{ reqId: "job-trace-01", module: "payments", msg: "retrying" }]);
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
