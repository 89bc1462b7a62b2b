import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Database } from "#db/client.ts";

/** How often readiness asks the database. */
export const READINESS_INTERVAL_MS = 1000;
/** An answer older than this (a probe that hangs) no longer counts: the process is not ready. */
const READINESS_MAX_AGE_MS = 3 * READINESS_INTERVAL_MS;

/**
 * Readiness kept in memory: the database is asked once a second on a connection of its own (see
 * Database.ping), never by the probe's request, so `/readyz` answers at once however busy the pool
 * is, and calling it often costs the database nothing (decision 0026).
 */
export async function watchReadiness(database: Database, intervalMs = READINESS_INTERVAL_MS) {
  let answer = { ok: false, at: 0 };
  let stopped = false;
  const check = async () => {
    const ok = await database.ping();
    if (!stopped) answer = { ok, at: Date.now() };
  };
  await check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    ready: () => answer.ok && Date.now() - answer.at <= READINESS_MAX_AGE_MS,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

export async function registerHealth(app: FastifyInstance) {
  const status = z.object({ status: z.string() });
  const readiness = await watchReadiness(app.database);
  app.addHook("onClose", async () => readiness.stop());
  app.get(
    "/healthz",
    {
      schema: { tags: ["operations"], summary: "The process is up", response: { 200: status } },
      logLevel: "warn",
      config: { anyHost: true },
    },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        tags: ["operations"],
        summary: "The database answered within the last seconds (checked in the background, once a second)",
        response: { 200: status, 503: status },
      },
      logLevel: "warn",
      config: { anyHost: true },
    },
    async (_request, reply) => {
      const ok = readiness.ready();
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ready" : "database unavailable" });
    },
  );
}
