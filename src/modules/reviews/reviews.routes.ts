import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "#kernel/ids.ts";
import { operatorToken } from "#kernel/operator-token.ts";
import { errorOutput } from "#modules/accounts/accounts.contract.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import { requireMember } from "#modules/accounts/require-member.ts";
import {
  emptyOperatorInput,
  reviewCreatedOutput,
  reviewHiddenOutput,
  reviewInput,
  reviewsOutput,
  reviewsQuery,
} from "./reviews.contract.ts";
import { hideReview, listReviews, writeReview } from "./reviews.service.ts";

/** Reviews one member may send per minute, and one address (a flood costs the operator's reading time). */
export const REVIEWS_PER_MINUTE_PER_MEMBER = 5;
export const REVIEWS_PER_MINUTE_PER_IP = 20;
/** How long a shared cache may keep a product's review list (a session's answer is never kept). */
export const REVIEWS_MAX_AGE_SECONDS = 60;

/**
 * A product's reviews (decision 0044): read by anyone, written once per product by a member who
 * received it, hidden by the operator with the operator token.
 */
export async function reviewsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["reviews"];

  app.get(
    "/api/products/:id/reviews/",
    {
      schema: {
        tags,
        summary:
          "A product's shown reviews, 10 a page, newest, highest or lowest rated first, with its stars",
        params: idParams,
        querystring: reviewsQuery,
        response: { 200: reviewsOutput, 404: errorOutput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", `public, max-age=${REVIEWS_MAX_AGE_SECONDS}`);
      return listReviews(db, request.params.id, request.query.sort, request.query.page);
    },
  );

  app.post(
    "/api/products/:id/reviews/",
    {
      preHandler: [
        requireMember("reviews.error.logIn"),
        async (request) =>
          countAttempt(db, [`review:ip:${request.ip}`], REVIEWS_PER_MINUTE_PER_IP).then(() =>
            countAttempt(db, [`review:member:${request.user?.id}`], REVIEWS_PER_MINUTE_PER_MEMBER),
          ),
      ],
      schema: {
        tags,
        summary:
          "Rate and review a product the member received in a delivered package, once (403 not_received, 409 already_reviewed)",
        params: idParams,
        body: reviewInput,
        response: { 201: reviewCreatedOutput, 403: errorOutput, 404: errorOutput, 409: errorOutput },
      },
    },
    async (request, reply) => {
      const user = request.user as { id: number; name: string };
      const created = await writeReview(db, user, request.params.id, request.body, request.locale);
      reply.code(201);
      return created;
    },
  );

  app.post(
    "/api/operator/reviews/:id/hide/",
    {
      // A machine's call with the operator token, like the rest of the operator API: outside CSRF.
      config: { csrfExempt: true },
      onRequest: operatorToken(fastify.config.operatorApiToken),
      schema: {
        tags: ["operator"],
        summary: "Hide a review from the shop (it stays stored); the same again changes nothing",
        security: [{ operatorToken: [] }],
        params: idParams,
        body: emptyOperatorInput,
        response: { 200: reviewHiddenOutput, 404: errorOutput },
      },
    },
    async (request) => hideReview(db, request.params.id),
  );
}
