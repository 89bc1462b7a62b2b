import type { FastifyInstance } from "fastify";
import { marketsRoutes } from "#modules/markets/markets.routes.ts";

/** Each module's calls. A module adds its routes function here. */
export async function registerModuleRoutes(app: FastifyInstance) {
  await app.register(marketsRoutes);
}
