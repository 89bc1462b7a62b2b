// The shop as it runs in production: `node src/server/main.ts` in a child process, configured by its
// environment, ready once `/readyz` answers. Used by the scale-out test and the bench's mixed load.
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { request } from "undici";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface ShopProcess {
  /** http://127.0.0.1:<port>, the process's own address (not the public one). */
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM and wait: the shop finishes in-flight requests and closes its pool. */
  stop(): Promise<void>;
  /** SIGKILL and wait: a crash, nothing finished. */
  kill(): Promise<void>;
  /** The last lines it wrote to stderr and stdout (its log at LOG_LEVEL). */
  output(): string;
}

export interface StartShopOptions {
  /** Variables on top of the defaults below: at least DATABASE_URL, DATA_DIR and PUBLIC_URL. */
  env: Record<string, string | undefined>;
  /** A free port when unset. */
  port?: number;
  /** Run the process on this CPU core with taskset (the bench keeps the load generator off it). */
  core?: number;
  timeoutMs?: number;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `src/server/main.ts` with NODE_ENV=production on 127.0.0.1 and waits until `/readyz`
 * answers 200 (the database answers). Rejects with the process's output if it exits first.
 */
export async function startShop(options: StartShopOptions): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const script = path.join(root, "src", "server", "main.ts");
  const [command, args] =
    options.core === undefined
      ? [process.execPath, [script]]
      : ["taskset", ["-c", String(options.core), process.execPath, script]];
  const child = spawn(command as string, args as string[], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      COOKIE_SECURE: "false",
      LOG_LEVEL: "warn",
      ...options.env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-100_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone = false;
  let exitCode: number | null = null;
  void exited.then((code) => {
    gone = true;
    exitCode = code;
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (gone)
      throw new Error(`the shop on port ${port} exited (code ${exitCode}) before it was ready:\n${tail}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the shop on port ${port} was not ready in time:\n${tail}`);
    }
    const ready = await request(`${url}/readyz`)
      .then(async (response) => {
        await response.body.dump();
        return response.statusCode === 200;
      })
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (!gone) child.kill(signal);
    await exited;
  };
  return {
    url,
    port,
    child,
    exited,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
    output: () => tail,
  };
}
