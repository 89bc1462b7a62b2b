// The shop in several processes on one host (SERVER_PROCESSES, decision 0080): a primary that only
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
  /** A worker that died is started again after this long (doubled for each failed start in a row). */
  restartDelayMs?: number;
}

/**
 * Serves the shop in `count` processes. In the primary: forks the workers; gives up, ending every
 * worker and exiting 1, when one dies before all have first listened (its configuration or database
 * cannot work, and a second try would fail the same way); after that, starts again one that dies
 * (after `restartDelayMs`, at once when none is left; a replacement that fails to start, after a
 * pause doubled each time up to 30 s); on SIGTERM or SIGINT passes the signal on, waits for the
 * workers to finish their requests and exits 0, or 1 when one of them could not.
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

/** The longest wait before a crashed worker is started again, however often they crash. */
const LONGEST_RESTART_DELAY_MS = 30_000;

function runPrimary({
  count,
  log,
  onAllListening,
  shutdownMs = 25_000,
  restartDelayMs = 1_000,
}: ServeOptions): void {
  // Kept here rather than read from cluster.workers, which Node empties only once a worker has both
  // exited and disconnected, in either order.
  const running = new Set<Worker>();
  const listening = new Set<Worker>();
  let allListening = false;
  let stopping = false;
  // Replacements that failed to start since a worker last came up: each waits twice as long.
  let startFailuresInARow = 0;
  const fail = () => {
    process.exitCode = 1;
  };

  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    worker.once("listening", () => {
      listening.add(worker);
      if (stopping) return;
      startFailuresInARow = 0;
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
    if (running.size === 0) process.exit();
    for (const worker of running) worker.process.kill(signal);
    setTimeout(() => {
      log.error("workers took too long to finish; ending them");
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownMs + 5_000).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    const served = listening.delete(worker);
    if (stopping) {
      // One still starting has nothing to finish: the signal's default ends it, and that is clean.
      if (code !== 0 && (served || signal === null)) fail();
      if (running.size === 0) process.exit();
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!allListening) {
      // The first start failed: the configuration or the database cannot work, and starting the
      // worker again would fail the same way. The service manager hears of it by the exit code.
      log.error(`a worker ended (${how}) before it served; stopping the shop`);
      fail();
      stopAll("SIGTERM");
      return;
    }
    // Later, the others go on serving while it is replaced. A worker that had served is replaced
    // after a pause, or at once when none is left serving (the port closes without one); a replacement
    // that fails before it serves is tried again after a pause twice as long each time, up to 30 s.
    if (!served) startFailuresInARow += 1;
    const delay = served
      ? listening.size === 0
        ? 0
        : restartDelayMs
      : Math.min(restartDelayMs * 2 ** (startFailuresInARow - 1), LONGEST_RESTART_DELAY_MS);
    log.error(`a worker ended (${how}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGTERM"));
  for (let i = 0; i < count; i++) fork();
}
