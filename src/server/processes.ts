// The shop in several processes on one host (SERVER_PROCESSES, decision 0080): a primary that only
// forks and watches, and workers that each run the whole shop and share the port through
// node:cluster. The shop is already stateless across processes (docs/operations.md, "Several
// processes behind a load balancer"), so a worker is exactly the single-process shop.
import cluster, { type Worker } from "node:cluster";
import crypto from "node:crypto";

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
  // Each worker's slot, 0 to count − 1: a replacement takes the slot of the worker it replaces, so a
  // worker's metrics keep their series (decision 0081).
  const slots = new Map<Worker, number>();
  const gatherings = new Gatherings(slots, count);
  let allListening = false;
  let stopping = false;
  // Replacements that failed to start since a worker last came up: each waits twice as long.
  let startFailuresInARow = 0;
  const fail = () => {
    process.exitCode = 1;
  };

  const fork = (slot: number) => {
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(slot) });
    running.add(worker);
    slots.set(worker, slot);
    worker.on("message", (message: unknown) => gatherings.onMessage(worker, message, [...listening]));
    // A message sent to a worker that has just died, before its exit is seen, fails (EPIPE) as an
    // error event on it: unheard, it would end the primary and with it every worker. The exit that
    // follows is handled as any other.
    worker.on("error", (error) => log.error(`a message to a worker failed: ${error.message}`));
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
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    gatherings.onExit(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      // One still starting has nothing to finish: the signal's default ends it, and that is clean.
      if (code !== 0 && (served || signal === null)) {
        log.error(`a worker ended (${how}) while the shop stopped`);
        fail();
      }
      if (running.size === 0) process.exit();
      return;
    }
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
      if (!stopping) fork(slot);
    }, delay);
  });

  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGTERM"));
  // Messages to and from the workers as structured clones, not JSON: a metric's NaN or ±Infinity
  // arrives as it was sent.
  cluster.setupPrimary({ serialization: "advanced" });
  for (let slot = 0; slot < count; slot++) fork(slot);
}

/** Set in each worker's environment by the primary: its slot, 0 to count − 1. */
const WORKER_SLOT_ENV = "SERVER_WORKER_SLOT";

/**
 * This worker's slot when the shop runs in several processes (0 to SERVER_PROCESSES − 1, kept by a
 * replacement), or undefined in a single process.
 */
export function workerSlot(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const slot = Number(process.env[WORKER_SLOT_ENV]);
  return Number.isInteger(slot) && slot >= 0 ? slot : undefined;
}

// Gathering: a worker asks every serving worker, itself included, for what each answers to a topic
// (its metrics), through the primary, which waits for each at most the asker's wait. A worker that
// is starting, stopping or too busy to answer in time is named as missing rather than holding the
// answer up (decision 0081).

/** What a gathering found: each answering worker's slot and answer, and the slots that gave none. */
export interface Gathered<T> {
  answers: { slot: number; value: T }[];
  missing: number[];
}

type GatherMessage =
  | { pitchside: "gather"; id: string; topic: string; waitMs: number }
  | { pitchside: "gather-ask"; id: string; topic: string }
  | { pitchside: "gather-answer"; id: string; ok: boolean; value?: unknown }
  | {
      pitchside: "gather-result";
      id: string;
      answers: { slot: number; value: unknown }[];
      missing: number[];
    };

const isGatherMessage = (message: unknown): message is GatherMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { pitchside?: unknown }).pitchside === "string" &&
  typeof (message as { id?: unknown }).id === "string";

/** The longest a gathering may wait for its workers, whatever the asker asks. */
const LONGEST_GATHER_WAIT_MS = 30_000;

/** The primary's side: the gatherings under way, each waiting for its workers' answers. */
class Gatherings {
  readonly #under = new Map<
    string,
    {
      asker: Worker;
      waiting: Set<Worker>;
      answers: { slot: number; value: unknown }[];
      timer: NodeJS.Timeout;
    }
  >();

  readonly #slots: Map<Worker, number>;
  readonly #count: number;

  constructor(slots: Map<Worker, number>, count: number) {
    this.#slots = slots;
    this.#count = count;
  }

  onMessage(from: Worker, message: unknown, serving: Worker[]) {
    if (!isGatherMessage(message)) return;
    if (message.pitchside === "gather") this.#start(from, message.id, message.topic, message.waitMs, serving);
    else if (message.pitchside === "gather-answer") {
      const gathering = this.#under.get(message.id);
      if (!gathering?.waiting.delete(from)) return;
      if (message.ok) gathering.answers.push({ slot: this.#slots.get(from) ?? -1, value: message.value });
      if (gathering.waiting.size === 0) this.#finish(message.id);
    }
  }

  /** A worker that ended answers nothing: its gatherings stop waiting for it. */
  onExit(worker: Worker) {
    for (const [id, gathering] of this.#under)
      if (gathering.waiting.delete(worker) && gathering.waiting.size === 0) this.#finish(id);
  }

  #start(asker: Worker, id: string, topic: string, waitMs: number, serving: Worker[]) {
    const wait = Number.isFinite(waitMs) ? Math.min(Math.max(waitMs, 0), LONGEST_GATHER_WAIT_MS) : 0;
    const waiting = new Set(serving.filter((worker) => worker.isConnected()));
    const timer = setTimeout(() => this.#finish(id), wait);
    this.#under.set(id, { asker, waiting, answers: [], timer });
    for (const worker of waiting) worker.send({ pitchside: "gather-ask", id, topic } satisfies GatherMessage);
    if (waiting.size === 0) this.#finish(id);
  }

  #finish(id: string) {
    const gathering = this.#under.get(id);
    if (!gathering) return;
    this.#under.delete(id);
    clearTimeout(gathering.timer);
    const answers = gathering.answers.sort((a, b) => a.slot - b.slot);
    const answered = new Set(answers.map((answer) => answer.slot));
    const missing = Array.from({ length: this.#count }, (_, slot) => slot).filter(
      (slot) => !answered.has(slot),
    );
    if (gathering.asker.isConnected())
      gathering.asker.send({ pitchside: "gather-result", id, answers, missing } satisfies GatherMessage);
  }
}

// The workers' side.
const answerers = new Map<string, () => Promise<unknown>>();
const asked = new Map<string, (gathered: Gathered<unknown>) => void>();
let listeningToPrimary = false;

function listenToPrimary() {
  if (listeningToPrimary) return;
  listeningToPrimary = true;
  process.on("message", (message: unknown) => {
    if (!isGatherMessage(message)) return;
    if (message.pitchside === "gather-result") {
      asked.get(message.id)?.({ answers: message.answers, missing: message.missing });
    } else if (message.pitchside === "gather-ask") {
      const answer = answerers.get(message.topic);
      const reply = (body: { ok: boolean; value?: unknown }) =>
        process.send?.({ pitchside: "gather-answer", id: message.id, ...body } satisfies GatherMessage);
      if (!answer) return reply({ ok: false });
      answer().then(
        (value) => reply({ ok: true, value }),
        () => reply({ ok: false }),
      );
    }
  });
}

/**
 * What this worker answers when another gathers `topic` (its metrics). Does nothing in a single
 * process, where nobody gathers.
 */
export function answerGathering(topic: string, answer: () => Promise<unknown>): void {
  if (workerSlot() === undefined) return;
  answerers.set(topic, answer);
  listenToPrimary();
}

/**
 * Every serving worker's answer to `topic`, this one's included, each given at most `waitMs`;
 * undefined in a single process. Rejects when the primary does not answer a second after that (it
 * is gone).
 */
export function gatherFromWorkers<T>(topic: string, waitMs: number): Promise<Gathered<T>> | undefined {
  if (workerSlot() === undefined || !process.send) return undefined;
  listenToPrimary();
  const id = `${process.pid}-${crypto.randomUUID()}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      asked.delete(id);
      reject(new Error("the primary process did not answer"));
    }, waitMs + 1_000);
    asked.set(id, (gathered) => {
      clearTimeout(timer);
      asked.delete(id);
      resolve(gathered as Gathered<T>);
    });
    process.send?.({ pitchside: "gather", id, topic, waitMs } satisfies GatherMessage);
  });
}
