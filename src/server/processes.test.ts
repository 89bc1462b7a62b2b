// serveInProcesses' primary, with a stand-in shop (processes.fixture.ts) in real worker processes:
// what it does when workers crash, fail to start or are told to stop. The shop itself in several
// processes is tests/scale-out/processes-on-one-host.test.ts.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/shop-process.ts";

interface Primary {
  child: ChildProcess;
  port: number;
  dir: string;
  output(): string;
  exited: Promise<number | null>;
}

const started: Primary[] = [];

afterEach(() => {
  for (const { child, dir } of started.splice(0)) {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function startPrimary(
  count: number,
  { failStarts = false, restartDelayMs = 200 } = {},
): Promise<Primary> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-processes-"));
  if (failStarts) fs.writeFileSync(path.join(dir, "fail-starts"), "");
  const port = await freePort();
  const fixture = path.join(import.meta.dirname, "processes.fixture.ts");
  const child = spawn(process.execPath, [fixture, String(port), String(count), dir, String(restartDelayMs)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const primary = { child, port, dir, output: () => output, exited };
  started.push(primary);
  return primary;
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The process id of the worker that answered, or null when nothing did. */
async function ask(primary: Primary, at = "/"): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${primary.port}${at}`);
    return Number(await response.text());
  } catch {
    return null;
  }
}

const lines = (primary: Primary, pattern: RegExp) =>
  primary
    .output()
    .split("\n")
    .filter((line) => pattern.test(line));

describe.skipIf(process.platform === "win32")("the primary of several processes", () => {
  it("serves from every worker, and on SIGTERM ends them all and exits 0", async () => {
    const primary = await startPrimary(2);
    await until(() => primary.output().includes("serving in 2 processes"), "two workers");
    const answeredBy = new Set<number | null>();
    for (let i = 0; i < 6; i++) answeredBy.add(await ask(primary));
    expect(answeredBy.size).toBe(2);
    expect(answeredBy.has(null)).toBe(false);
    primary.child.kill("SIGTERM");
    expect(await primary.exited, primary.output()).toBe(0);
    for (const pid of answeredBy) expect(() => process.kill(pid as number, 0)).toThrow();
  });

  it("stops with exit code 1 when a worker fails its first start, without trying again", async () => {
    const primary = await startPrimary(2, { failStarts: true });
    expect(await primary.exited).toBe(1);
    expect(lines(primary, /before it served; stopping the shop/)).toHaveLength(1);
    expect(primary.output()).not.toContain("starting another");
  });

  it("keeps serving while a crashed worker's replacement fails, pausing longer each time, until one starts", async () => {
    const primary = await startPrimary(2);
    await until(() => primary.output().includes("serving in 2 processes"), "two workers");
    fs.writeFileSync(path.join(primary.dir, "fail-starts"), "");
    await ask(primary, "/crash");
    await until(() => lines(primary, /starting another in/).length >= 3, "three tries");
    // The pause doubles with each failed start: 200, 400 ms.
    expect(lines(primary, /starting another in/).slice(0, 3)).toEqual([
      "a worker ended (code 5); starting another in 200 ms",
      "a worker ended (code 3); starting another in 200 ms",
      "a worker ended (code 3); starting another in 400 ms",
    ]);
    // The other worker served all along.
    for (let i = 0; i < 4; i++) expect(await ask(primary)).not.toBeNull();
    expect(primary.child.exitCode).toBeNull();
    fs.rmSync(path.join(primary.dir, "fail-starts"));
    await until(() => primary.output().includes("a new worker serves"), "a new worker");
    primary.child.kill("SIGTERM");
    expect(await primary.exited, primary.output()).toBe(0);
  });

  it("replaces at once the last worker left, so the port is not closed for long", async () => {
    // A pause long enough that the first crash's replacement is still waiting at the second crash.
    const primary = await startPrimary(2, { restartDelayMs: 10_000 });
    await until(() => primary.output().includes("serving in 2 processes"), "two workers");
    // Each crash's connection goes to a worker still there: the second to the last one.
    await ask(primary, "/crash");
    await until(() => lines(primary, /starting another in/).length === 1, "the first crash");
    expect(lines(primary, /starting another in/)[0]).toMatch(/in 10000 ms$/);
    await ask(primary, "/crash");
    await until(() => lines(primary, /starting another in/).length === 2, "the second crash");
    expect(lines(primary, /starting another in/)[1]).toMatch(/in 0 ms$/);
    await until(() => lines(primary, /a new worker serves/).length === 1, "a new worker");
    expect(await ask(primary)).not.toBeNull();
  });
});

describe.skipIf(process.platform === "win32")("gathering from every worker", () => {
  interface Gathered {
    answers: { slot: number; value: number }[];
    missing: number[];
  }
  const gather = async (primary: Primary): Promise<Gathered> =>
    (await fetch(`http://127.0.0.1:${primary.port}/gather`)).json() as Promise<Gathered>;

  it("gets every worker's answer, each under its slot, and a replacement keeps the slot it took over", async () => {
    const primary = await startPrimary(2);
    await until(() => primary.output().includes("serving in 2 processes"), "two workers");
    const before = await gather(primary);
    expect(before.missing).toEqual([]);
    expect(before.answers.map((answer) => answer.slot)).toEqual([0, 1]);
    const [first, second] = before.answers.map((answer) => answer.value);
    expect(first).not.toBe(second);
    // The same from whichever worker takes the asking connection.
    for (let i = 0; i < 4; i++) expect(await gather(primary)).toEqual(before);

    const crashed = await ask(primary, "/crash");
    await until(() => primary.output().includes("a new worker serves"), "a new worker");
    const after = await gather(primary);
    expect(after.missing).toEqual([]);
    expect(after.answers.map((answer) => answer.slot)).toEqual([0, 1]);
    const crashedSlot = before.answers.find((answer) => answer.value === crashed)?.slot;
    const replaced = after.answers.find((answer) => answer.slot === crashedSlot);
    expect(replaced?.value).not.toBe(crashed);
    expect(after.answers.find((answer) => answer.slot !== crashedSlot)).toEqual(
      before.answers.find((answer) => answer.slot !== crashedSlot),
    );
  });

  it("names a worker that does not answer in time as missing, rather than waiting for it", async () => {
    const primary = await startPrimary(2);
    await until(() => primary.output().includes("serving in 2 processes"), "two workers");
    fs.writeFileSync(path.join(primary.dir, "slow-1"), "");
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const gathered = await gather(primary);
      // Answered after the asker's 300 ms, not the slow worker's 2 s.
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(gathered.missing).toEqual([1]);
      expect(gathered.answers.map((answer) => answer.slot)).toEqual([0]);
    }
  });
});

describe.skipIf(process.platform === "win32")("gathering while a worker dies", () => {
  it("names a worker that ends while asked as missing, and goes on serving and gathering", async () => {
    const primary = await startPrimary(2);
    await until(() => primary.output().includes("serving in 2 processes"), "two workers");
    fs.writeFileSync(path.join(primary.dir, "die-on-ask-1"), "");
    // The worker in slot 1 ends when asked, and so does each replacement: when it was the one asking,
    // its visitor gets no answer, and the next asks the other.
    let gathered: { answers: { slot: number }[]; missing: number[] } | undefined;
    for (let attempt = 0; attempt < 5 && !gathered; attempt++)
      gathered = await fetch(`http://127.0.0.1:${primary.port}/gather`).then(
        (response) => response.json() as Promise<{ answers: { slot: number }[]; missing: number[] }>,
        () => undefined,
      );
    expect(gathered?.missing).toEqual([1]);
    expect(gathered?.answers.map((answer) => answer.slot)).toEqual([0]);
    fs.rmSync(path.join(primary.dir, "die-on-ask-1"));
    await until(() => lines(primary, /a new worker serves/).length >= 1, "a new worker");
    expect(primary.child.exitCode).toBeNull();
    expect(primary.output()).toMatch(/a worker ended \(code 7\); starting another/);
    const after = (await (await fetch(`http://127.0.0.1:${primary.port}/gather`)).json()) as {
      answers: { slot: number }[];
      missing: number[];
    };
    expect(after.missing).toEqual([]);
    expect(after.answers.map((answer) => answer.slot)).toEqual([0, 1]);
  });
});
