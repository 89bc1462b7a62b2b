import { sql } from "drizzle-orm";
import { fromDrizzle, type Job, type JobResult, PgBoss } from "pg-boss";
import { type Database, type Db, rows, type Tx } from "#db/client.ts";

/** What a job's handler knows of the job it runs. */
export interface JobContext {
  /** The job's id: the same on every retry, so a handler can make its effect happen once. */
  id: string;
  retryCount: number;
}

/**
 * One kind of background work. `run` throwing (or the process dying while it runs) retries the job
 * with growing back-off; `cron` makes it a scheduled job, sent once per tick across all processes.
 */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  run(data: T, job: JobContext): Promise<void>;
  /** Retries after the first try (default 8: with back-off capped at 10 minutes, about an hour). */
  retryLimit?: number;
  /** The first retry's delay in seconds (default 5), doubling with each retry (with jitter). */
  retryDelaySeconds?: number;
  /** The longest delay between two tries, in seconds (default 600). */
  retryDelayMaxSeconds?: number;
  /** A five-field cron expression in UTC. */
  cron?: string;
  /** How long a completed job's row (its data) is kept; mails carry links with tokens. */
  deleteAfterSeconds?: number;
  /**
   * Jobs one worker runs at once (default 1: one after another). Work that mostly waits on another
   * host (copying pictures) runs several side by side.
   */
  concurrency?: number;
}

/**
 * The transactional outbox: a job added with the caller's transaction exists only if that
 * transaction commits, so an order and its confirmation mail are written together or not at all.
 */
export interface Outbox {
  add(db: Db | Tx, name: string, data: object): Promise<void>;
}

export interface JobQueueOptions {
  /** Whether this process works jobs and keeps the schedules (a process may only serve requests). */
  workers: boolean;
  /**
   * How often stalled work is looked for: a job whose process died is retried once its heartbeat
   * (10 s) is older than this check finds. Seconds.
   */
  monitorIntervalSeconds: number;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}

export interface JobQueue extends Outbox {
  /** Many jobs of one kind in one statement, with the caller's transaction (an import's pictures). */
  addMany(db: Db | Tx, name: string, data: object[]): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Runs every job that is due now, one at a time, until none is left (CLI and tests); the kinds
   * named in `except` are left to the shop's workers (an import's pictures).
   */
  drain(except?: string[]): Promise<number>;
  /** Jobs waiting, running and failed per queue, for metrics and the operator. */
  depth(): Promise<{ queue: string; queued: number; active: number; failed: number }[]>;
}

/** A dead process stops beating; the monitor then hands its job to another worker. */
const HEARTBEAT_SECONDS = 10;

/**
 * The shop's job queue on pg-boss (decision 0024): PostgreSQL's own tables, so jobs survive a crash
 * and several processes share them without working one twice (rows are taken with SKIP LOCKED);
 * the same code runs on the embedded database, where LISTEN/NOTIFY wakes the worker at once.
 */
export function createJobQueue(
  database: Database,
  definitions: JobDefinition<never>[],
  options: JobQueueOptions,
): JobQueue {
  const { log } = options;
  const boss = new PgBoss({
    ...database.jobQueueConnection,
    application_name: "pitchside-jobs",
    supervise: options.workers,
    schedule: options.workers,
    monitorIntervalSeconds: options.monitorIntervalSeconds,
    superviseIntervalSeconds: options.monitorIntervalSeconds,
    useListenNotify: options.workers,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => log.warn({ warning }, "job queue warning"));
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  let started: Promise<void> | undefined;

  const runJob = async (definition: JobDefinition<never>, job: Job<unknown>) => {
    try {
      await definition.run(job.data as never, { id: job.id, retryCount: job.retryCount ?? 0 });
    } catch (error) {
      log.error({ err: error, job: definition.name, jobId: job.id }, "job failed; it will be retried");
      throw error;
    }
  };

  return {
    start() {
      started ??= (async () => {
        await boss.start();
        for (const definition of definitions) {
          const queue = {
            retryLimit: definition.retryLimit ?? 8,
            retryDelay: definition.retryDelaySeconds ?? 5,
            retryBackoff: true,
            retryDelayMax: definition.retryDelayMaxSeconds ?? 600,
            heartbeatSeconds: HEARTBEAT_SECONDS,
            deleteAfterSeconds: definition.deleteAfterSeconds ?? 7 * 86_400,
            notify: true,
          };
          if (!(await boss.getQueue(definition.name))) await boss.createQueue(definition.name, queue);
          else {
            // A queue's back-off cap and heartbeat are fixed when it is made; the rest follows the code.
            const { retryDelayMax: _cap, heartbeatSeconds: _beat, ...updatable } = queue;
            await boss.updateQueue(definition.name, updatable);
          }
        }
        if (!options.workers) return;
        for (const definition of definitions) {
          // Jobs are taken five at a time and each settles on its own; a full batch fetches again at
          // once, so a burst is worked through without waiting out the polling interval.
          await boss.work(
            definition.name,
            {
              batchSize: Math.max(5, definition.concurrency ?? 1),
              perJobResults: true,
              burstWhenBatchFull: true,
              pollingIntervalSeconds: 1,
              // NOTIFY wakes a waiting worker at once; one busy when it came looks again this soon.
              notifyPollingIntervalSeconds: 2,
              heartbeatRefreshSeconds: HEARTBEAT_SECONDS / 2,
            },
            async (batch) => {
              const settle = async (job: Job<unknown>): Promise<JobResult> => {
                const ok = await runJob(definition, job).then(
                  () => true,
                  () => false,
                );
                return { id: job.id, status: ok ? "completed" : "failed" };
              };
              const results: JobResult[] = [];
              const atOnce = Math.max(1, definition.concurrency ?? 1);
              for (let start = 0; start < batch.length; start += atOnce)
                results.push(...(await Promise.all(batch.slice(start, start + atOnce).map(settle))));
              return results;
            },
          );
          if (!definition.cron) continue;
          await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
          // A process starting runs each clean-up once, so a shop that was down catches up now
          // rather than at the next tick (a clean-up run twice finds nothing the second time).
          await boss.send(definition.name, {});
        }
        log.info({ queues: definitions.map((definition) => definition.name) }, "job workers started");
      })();
      return started;
    },

    async stop() {
      if (!started) return;
      await started.catch(() => {});
      // Running jobs finish (up to 10 s); what is left is retried by the next process.
      await boss.stop({ graceful: true, timeout: 10_000 });
    },

    async add(db, name, data) {
      if (!byName.has(name)) throw new Error(`No job is called ${name}.`);
      await (started ?? Promise.reject(new Error("The job queue is not started.")));
      await boss.send(name, data, { db: fromDrizzle(db as never, sql as never) });
    },

    async addMany(db, name, data) {
      if (!byName.has(name)) throw new Error(`No job is called ${name}.`);
      if (data.length === 0) return;
      await (started ?? Promise.reject(new Error("The job queue is not started.")));
      await boss.insert(
        name,
        data.map((item) => ({ data: item })),
        { db: fromDrizzle(db as never, sql as never) },
      );
    },

    async drain(except: string[] = []) {
      await (started ?? Promise.reject(new Error("The job queue is not started.")));
      let done = 0;
      for (let found = true; found; ) {
        found = false;
        for (const definition of definitions) {
          if (except.includes(definition.name)) continue;
          const [job] = await boss.fetch(definition.name);
          if (!job) continue;
          found = true;
          try {
            await runJob(definition, job);
            await boss.complete(definition.name, job.id);
            done++;
          } catch (error) {
            await boss.fail(definition.name, job.id, { message: String(error) });
          }
        }
      }
      return done;
    },

    // Counted from the job table itself: pg-boss's queue statistics are refreshed only by its monitor.
    async depth() {
      const names = definitions.map((definition) => definition.name);
      const counts = await rows<{ name: string; state: string; count: number }>(
        database.db,
        sql`select name, state::text as state, count(*)::int as count from pgboss.job
             where name in ${names} and state in ('created', 'retry', 'active', 'failed')
             group by name, state`,
      );
      const count = (name: string, states: string[]) =>
        counts
          .filter((row) => row.name === name && states.includes(row.state))
          .reduce((sum, row) => sum + row.count, 0);
      return names.map((name) => ({
        queue: name,
        queued: count(name, ["created", "retry"]),
        active: count(name, ["active"]),
        failed: count(name, ["failed"]),
      }));
    },
  };
}
