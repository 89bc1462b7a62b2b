import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rows } from "#db/client.ts";
import { createTestDatabase, type TestDatabase } from "#server/testing.ts";
import { createJobQueue, type JobDefinition, type JobQueue } from "./job-queue.ts";

const silent = { info() {}, warn() {}, error() {} };

/** A table the test's jobs write to: what ran, under which job id, how often. */
async function makeRunsTable(database: Database) {
  await database.exec(
    "create table if not exists job_runs (job_id text not null, note text not null, ran_at timestamptz not null default now())",
  );
}

function recordingJob(database: Database, name: string, failFirst = 0): JobDefinition<{ note: string }> {
  let failures = 0;
  return {
    name,
    run: async ({ note }, job) => {
      if (failures < failFirst) {
        failures++;
        throw new Error("the mail server is down");
      }
      await database.db.execute(sql`insert into job_runs (job_id, note) values (${job.id}, ${note})`);
    },
  };
}

const runs = (database: Database, note?: string) =>
  rows<{ job_id: string; note: string }>(
    database.db,
    note
      ? sql`select job_id, note from job_runs where note = ${note}`
      : sql`select job_id, note from job_runs order by note`,
  );

describe("the job queue", () => {
  let testDb: TestDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await makeRunsTable(testDb.database);
    queue = createJobQueue(
      testDb.database,
      [recordingJob(testDb.database, "test.record"), recordingJob(testDb.database, "test.flaky", 1)],
      { workers: false, monitorIntervalSeconds: 30, log: silent },
    );
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await testDb?.drop();
  });

  it("keeps a job added in a transaction only when the transaction commits", async () => {
    const { db } = testDb.database;
    await db.transaction(async (tx) => {
      await queue.add(tx, "test.record", { note: "committed" });
    });
    await expect(
      db.transaction(async (tx) => {
        await queue.add(tx, "test.record", { note: "rolled back" });
        throw new Error("the order was refused");
      }),
    ).rejects.toThrow("refused");
    expect(await queue.drain()).toBe(1);
    expect((await runs(testDb.database)).map((run) => run.note)).toEqual(["committed"]);
    // Nothing is left to run: a drained job is done, not run again.
    expect(await queue.drain()).toBe(0);
  });

  it("retries a job that failed, under the same id, until it succeeds", async () => {
    await queue.add(testDb.database.db, "test.flaky", { note: "flaky" });
    // The first try fails; its retry waits out a back-off before it is due again.
    expect(await queue.drain()).toBe(0);
    await testDb.database.exec(
      "update pgboss.job set start_after = now() where name = 'test.flaky' and state = 'retry'",
    );
    expect(await queue.drain()).toBe(1);
    const [run] = await runs(testDb.database, "flaky");
    const [job] = await rows<{ id: string; retry_count: number; state: string }>(
      testDb.database.db,
      sql`select id, retry_count, state from pgboss.job where name = 'test.flaky'`,
    );
    expect(job).toMatchObject({ id: run?.job_id, retry_count: 1, state: "completed" });
  });

  it("refuses a job nobody defined instead of queueing work that never runs", async () => {
    await expect(queue.add(testDb.database.db, "test.unknown", {})).rejects.toThrow("No job is called");
  });

  it("adds many jobs in the caller's transaction, and leaves the kinds a drain is told to leave", async () => {
    await testDb.database.db.transaction(async (tx) => {
      await queue.addMany(tx, "test.record", [{ note: "many-1" }, { note: "many-2" }]);
      await queue.add(tx, "test.flaky", { note: "left" });
    });
    expect(await queue.drain(["test.flaky"])).toBe(2);
    expect(
      (await runs(testDb.database)).map((run) => run.note).filter((note) => note !== "committed"),
    ).toEqual(["flaky", "many-1", "many-2"]);
    expect((await queue.depth()).find((row) => row.queue === "test.flaky")).toMatchObject({ queued: 1 });
    await testDb.database.exec("delete from pgboss.job where name = 'test.flaky' and state = 'created'");
  });

  it("reports each queue's depth", async () => {
    await queue.add(testDb.database.db, "test.record", { note: "waiting" });
    const depth = await queue.depth();
    expect(depth.find((row) => row.queue === "test.record")).toMatchObject({ queued: 1, active: 0 });
    await queue.drain();
  });
});

describe("workers", () => {
  let testDb: TestDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await makeRunsTable(testDb.database);
    queue = createJobQueue(testDb.database, [recordingJob(testDb.database, "test.record"), waitingJob], {
      workers: true,
      monitorIntervalSeconds: 30,
      log: silent,
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue?.stop();
    await testDb?.drop();
  });

  // Each job waits until four of its kind run at once: it completes only if the worker runs them side by side.
  let running = 0;
  let mostAtOnce = 0;
  const waitingJob: JobDefinition<{ note: string }> = {
    name: "test.side-by-side",
    concurrency: 4,
    retryLimit: 0,
    run: async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const until = Date.now() + 5000;
      while (mostAtOnce < 4 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      if (mostAtOnce < 4) throw new Error("ran one after another");
    },
  };

  it("run a queued job on their own, without anyone waiting for it", async () => {
    await queue.add(testDb.database.db, "test.record", { note: "by a worker" });
    await expect
      .poll(async () => (await runs(testDb.database, "by a worker")).length, { timeout: 15_000 })
      .toBe(1);
  });

  it("run jobs of a kind that waits on other hosts side by side", async () => {
    await queue.addMany(
      testDb.database.db,
      "test.side-by-side",
      Array.from({ length: 4 }, (_, i) => ({ note: `${i}` })),
    );
    await expect
      .poll(
        async () =>
          (
            await rows<{ count: number }>(
              testDb.database.db,
              sql`select count(*)::int as count from pgboss.job where name = 'test.side-by-side' and state = 'completed'`,
            )
          )[0]?.count,
        { timeout: 15_000 },
      )
      .toBe(4);
    expect(mostAtOnce).toBe(4);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("several processes on PostgreSQL", () => {
  let testDb: TestDatabase;
  const queues: JobQueue[] = [];
  const connections: Database[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await makeRunsTable(testDb.database);
    // Three shop processes: each its own pool and its own workers on the same tables.
    for (let i = 0; i < 3; i++) {
      const database = await openDatabase({ databaseUrl: testDb.url, dataDir: "/tmp", poolSize: 4 });
      connections.push(database);
      const queue = createJobQueue(database, [recordingJob(database, "test.record")], {
        workers: true,
        monitorIntervalSeconds: 30,
        log: silent,
      });
      queues.push(queue);
    }
    for (const queue of queues) await queue.start();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const database of connections) await database.close();
    await testDb?.drop();
  });

  it("work a burst of jobs, each exactly once", async () => {
    const notes = Array.from({ length: 60 }, (_, i) => `burst-${i}`);
    await Promise.all(
      notes.map((note, i) =>
        (queues[i % queues.length] as JobQueue).add(testDb.database.db, "test.record", { note }),
      ),
    );
    await expect
      .poll(async () => (await runs(testDb.database)).filter((run) => run.note.startsWith("burst-")).length, {
        timeout: 30_000,
      })
      .toBe(notes.length);
    const ran = (await runs(testDb.database)).filter((run) => run.note.startsWith("burst-"));
    expect(new Set(ran.map((run) => run.note)).size).toBe(notes.length);
  });
});
