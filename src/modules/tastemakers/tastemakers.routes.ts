import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorOutput } from "#modules/accounts/accounts.contract.ts";
import { memberOf, requireMember } from "#modules/accounts/require-member.ts";
import { applicationReceivedOutput, tastemakerApplicationInput } from "./tastemakers.contract.ts";
import { submitApplication } from "./tastemakers.service.ts";

/** The tastemaker programme: a member's application (member area spec §7). */
export async function tastemakersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;

  app.post(
    "/account/signup-tastemaker/",
    {
      preHandler: requireMember("account.error.login"),
      schema: {
        tags: ["tastemakers"],
        summary:
          "A member applies to the tastemaker programme (once; the birth year must meet the minimum age of the shopper's language)",
        body: tastemakerApplicationInput,
        response: { 200: applicationReceivedOutput, 400: errorOutput, 401: errorOutput, 409: errorOutput },
      },
    },
    async (request) => {
      const { status } = await submitApplication(
        db,
        {
          userId: memberOf(request),
          language: request.locale,
          market: request.market.code,
          now: fastify.clock(),
        },
        request.body,
      );
      return { success: true as const, status };
    },
  );
}
