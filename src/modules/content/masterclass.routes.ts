import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  optionOutput,
  positionParams,
  skillsOutput,
  skillsQuery,
  videosOutput,
  videosQuery,
} from "./masterclass.contract.ts";
import { getPosition, listSkills, listVideos } from "./masterclass.service.ts";

/** The masterclass library: skills, videos and shorts (filtered by position and skill), a position. */
export async function masterclassRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["masterclass"];

  app.get(
    "/api/content/masterclass/skills/",
    {
      schema: {
        tags,
        summary: "The skills, or those a position has videos for (`player_position`)",
        querystring: skillsQuery,
        response: { 200: skillsOutput },
      },
    },
    async (request) =>
      listSkills(db, {
        locale: request.query.locale ?? request.locale,
        positionId: request.query.player_position,
      }),
  );

  app.get(
    "/api/content/masterclass/videos/",
    {
      schema: {
        tags,
        summary:
          "Masterclass videos (is_shorts=false, 6 a page from offset) or shorts (is_shorts=true), newest first, filtered by player_positions and player_skills (comma-separated ids); members see the whole library",
        querystring: videosQuery,
        response: { 200: videosOutput },
      },
    },
    async (request, reply) => {
      const query = request.query;
      // What comes back depends on who asks (members see more): nobody may keep it.
      reply.header("cache-control", "private, no-store");
      return listVideos(db, {
        locale: query.locale ?? request.locale,
        shorts: query.is_shorts === "true",
        offset: query.offset,
        limit: query.limit,
        positionIds: query.player_positions,
        skillIds: query.player_skills,
        member: Boolean(request.user),
      });
    },
  );

  app.get(
    "/api/content/masterclass/positions/:id",
    {
      schema: {
        tags,
        summary: "One player position by id (404 when there is none)",
        params: positionParams,
        response: { 200: optionOutput },
      },
    },
    async (request) => getPosition(db, request.params.id, request.locale),
  );
}
