// Counting the round trips to the database: every statement sent (a transaction's begin and commit
// included), however many tables one statement touches. The query-count tests of the bag and the
// checkout use it; nothing in the shop's running code does.
import type pg from "pg";
import type { Database } from "./client.ts";

interface Counter {
  roundTrips: number;
}

const counters = new WeakMap<object, Counter>();

type Queryable = { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown };

function countCalls(target: Queryable, counter: Counter, names: ("query" | "exec")[]) {
  for (const name of names) {
    const original = target[name];
    if (typeof original !== "function") continue;
    target[name] = function (this: unknown, ...args: unknown[]) {
      counter.roundTrips++;
      return original.apply(this, args);
    };
  }
}

/**
 * The round trips the database has been sent since the first call for it: a counter to read before
 * and after a call. On PostgreSQL each query a pooled connection runs; on PGlite each query and exec,
 * and a transaction's begin and end as two, as PostgreSQL would take them.
 */
export function roundTripCounter(database: Database): Counter {
  const client = (database.db as unknown as { $client: object }).$client;
  const existing = counters.get(client);
  if (existing) return existing;
  const counter: Counter = { roundTrips: 0 };
  counters.set(client, counter);
  if (database.kind === "postgres") {
    const pool = client as pg.Pool;
    const wrapped = new WeakSet<object>();
    pool.on("acquire", (connection) => {
      if (wrapped.has(connection)) return;
      wrapped.add(connection);
      countCalls(connection as unknown as Queryable, counter, ["query"]);
    });
    return counter;
  }
  const pglite = client as Queryable & { transaction: (fn: (tx: Queryable) => unknown) => Promise<unknown> };
  countCalls(pglite, counter, ["query", "exec"]);
  const transaction = pglite.transaction;
  pglite.transaction = function (this: unknown, fn: (tx: Queryable) => unknown) {
    counter.roundTrips++; // begin
    return transaction
      .call(this, (tx: Queryable) => {
        countCalls(tx, counter, ["query", "exec"]);
        return fn(tx);
      })
      .finally(() => {
        counter.roundTrips++; // commit or rollback
      });
  };
  return counter;
}
