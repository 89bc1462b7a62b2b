import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorOutput } from "#kernel/errors.ts";
import { idParams } from "#kernel/ids.ts";
import { operatorToken } from "#kernel/operator-token.ts";
import {
  emptyWebhookInput,
  webhookDeliveriesOutput,
  webhookEndpointCreatedOutput,
  webhookEndpointInput,
  webhookEndpointsOutput,
  webhookQueuedOutput,
} from "./webhooks.contract.ts";
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  pingEndpoint,
  removeEndpoint,
  replayDelivery,
} from "./webhooks.service.ts";

/**
 * The operator API for outbound webhooks (decision 0054): register receivers, read their delivery
 * log, ping one, send a logged delivery again. Bearer-token calls (OPERATOR_API_TOKEN; unset: 404),
 * made by a machine, outside CSRF like the rest of the operator API.
 */
export async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const guard = operatorToken(fastify.config.operatorApiToken);
  const tags = ["operator"];
  const security = [{ operatorToken: [] }];
  // Reads need only the token; changes are a machine's calls outside CSRF like the rest of the operator API.
  const read = { onRequest: guard };
  const base = { config: { csrfExempt: true }, onRequest: guard };
  const httpsOnly = fastify.config.env === "production";

  app.post(
    "/api/operator/webhooks/",
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "Register a receiver of the shop's events; the answer holds its signing secret, shown once",
        body: webhookEndpointInput,
        response: { 201: webhookEndpointCreatedOutput, 400: errorOutput },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createEndpoint(db, request.body, { httpsOnly });
    },
  );

  app.get(
    "/api/operator/webhooks/",
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "The registered receivers",
        response: { 200: webhookEndpointsOutput },
      },
    },
    async () => ({ items: await listEndpoints(db) }),
  );

  app.delete(
    "/api/operator/webhooks/:id/",
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "Remove a receiver and its delivery log",
        params: idParams,
        response: { 204: emptyWebhookInput, 404: errorOutput },
      },
    },
    async (request, reply) => {
      await removeEndpoint(db, request.params.id);
      reply.code(204);
      return null;
    },
  );

  app.get(
    "/api/operator/webhooks/:id/deliveries/",
    {
      ...read,
      schema: {
        tags,
        security,
        summary: "A receiver's last 100 deliveries, newest first: attempt, answer, error and time taken",
        params: idParams,
        response: { 200: webhookDeliveriesOutput, 404: errorOutput },
      },
    },
    async (request) => ({ items: await listDeliveries(db, request.params.id) }),
  );

  app.post(
    "/api/operator/webhooks/:id/ping/",
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "Send a signed ping event to a receiver (delivered by the job queue)",
        params: idParams,
        body: emptyWebhookInput,
        response: { 202: webhookQueuedOutput, 404: errorOutput },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return pingEndpoint(db, fastify.jobs, request.params.id);
    },
  );

  app.post(
    "/api/operator/webhook-deliveries/:id/replay/",
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "Send a logged delivery's event to its receiver again",
        params: idParams,
        body: emptyWebhookInput,
        response: { 202: webhookQueuedOutput, 404: errorOutput },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return replayDelivery(db, fastify.jobs, request.params.id);
    },
  );
}
