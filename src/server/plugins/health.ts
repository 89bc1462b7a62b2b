import type { FastifyInstance } from "fastify";
import { z } from "zod";

export function registerHealth(app: FastifyInstance) {
  const status = z.object({ status: z.string() });
  app.get(
    "/healthz",
    {
      schema: { tags: ["operations"], summary: "The process is up", response: { 200: status } },
      logLevel: "warn",
    },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        tags: ["operations"],
        summary: "The database answers",
        response: { 200: status, 503: status },
      },
      logLevel: "warn",
    },
    async (_request, reply) => {
      const ok = await app.database.ping();
      return reply.status(ok ? 200 : 503).send({ status: ok ? "ready" : "database unavailable" });
    },
  );
}
