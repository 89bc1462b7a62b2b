// The shop in several processes on one host (WEB_CONCURRENCY, decision 0080): a primary that only
// forks and watches, and workers that each run the whole shop and share the port through
// node:cluster. The shop is already stateless across processes (docs/operations.md, "Several
// processes behind a load balancer"), so a worker is exactly the single-process shop.
import cluster, { type Worker } from "node:cluster";

export interface ProcessesLog {
  info(message: string): void;
  error(message: string): void;
}

export interface ServeOptions {
  /** How many processes serve; 1 runs `serve` in this process, with no primary. */
  count: number;
  /** Starts the shop and listens; resolves once it listens. Runs in each worker. */
  serve: () => Promise<void>;
  log: ProcessesLog;
  /** Once every process listens (the bench's "ready"): in the primary, or after `serve` alone. */
  onAllListening?: () => void;
  /** How long the workers have to finish their requests after SIGTERM before they are killed. */
  shutdownMs?: number;
  /** A worker that died is started again after this long, so a crash loop does not spin. */
  restartDelayMs?: number;
}

/**
 * Serves the shop in `count` processes. In the primary: forks the workers; starts again one that
 * dies while serving (after `restartDelayMs`); gives up, ending every worker and exiting 1, when a
 * worker dies before it ever listened (its configuration or database cannot work, and a second try
 * would fail the same way); on SIGTERM or SIGINT passes the signal on, waits for the workers to
 * finish their requests and exits 0, or 1 when one of them could not.
 */
export async function serveInProcesses(options: ServeOptions): Promise<void> {
  if (cluster.isWorker) {
    await options.serve();
    return;
  }
  if (options.count <= 1) {
    await options.serve();
    options.onAllListening?.();
    return;
  }
  runPrimary(options);
}

function runPrimary({
  count,
  log,
  onAllListening,
  shutdownMs = 25_000,
  restartDelayMs = 1_000,
}: ServeOptions): void {
  const listening = new Set<Worker>();
  let allListening = false;
  let stopping = false;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker);
      if (allListening) log.info("a new worker serves");
      else if (listening.size === count) {
        allListening = true;
        log.info(`serving in ${count} processes`);
        onAllListening?.();
      }
    });
  };

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(failed ? 1 : 0);
    for (const worker of workers) worker.process.kill(signal);
    setTimeout(() => {
      log.error("workers took too long to finish; ending them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownMs + 5_000).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const served = listening.delete(worker);
    if (stopping) {
      // One still starting has nothing to finish: the signal's default ends it, and that is clean.
      if (code !== 0 && (served || signal === null)) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!served) {
      log.error(`a worker ended (${how}) before it served; stopping the shop`);
      failed = true;
      stopAll("SIGTERM");
      return;
    }
    log.error(`a worker ended (${how}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGTERM"));
  for (let i = 0; i < count; i++) fork();
}
