import type { Types } from "@adyen/api-library";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { receiveAdyenNotifications } from "./adyen.service.ts";

const text = z.string().max(1000);
/** Adyen's standard notification: a batch of items, each signed with the webhook's HMAC key. */
const notificationInput = z.object({
  live: z.string().max(10),
  notificationItems: z
    .array(
      z.object({
        NotificationRequestItem: z.looseObject({
          pspReference: text,
          originalReference: text.optional(),
          merchantAccountCode: text,
          merchantReference: text,
          eventCode: text,
          eventDate: text.optional(),
          success: z.enum(["true", "false"]),
          reason: text.optional(),
          amount: z.object({
            value: z
              .number()
              .int()
              .min(0)
              .max(2 ** 31 - 1),
            currency: z.string().length(3),
          }),
          additionalData: z.record(z.string().max(100), z.string().max(10_000)).optional(),
        }),
      }),
    )
    .min(1)
    .max(100),
});

/**
 * `POST /api/adyen/notifications/`: Adyen's machine call (no CSRF, no session). Every item's HMAC is
 * checked before anything is stored (a bad one: 401), new items are stored and queued, and Adyen is
 * answered "[accepted]" (also for a notification it sends again, which is not processed twice).
 */
export async function adyenRoutes(
  fastify: FastifyInstance,
  options: {
    /** The HMAC keys of one of the shop's merchant accounts (its markets' ADYEN_HMAC_KEY…). */
    hmacKeysOf: (merchantAccount: string) => readonly string[];
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  app.post(
    "/api/adyen/notifications/",
    {
      config: { csrfExempt: true, paymentProviderCall: true },
      schema: {
        tags: ["payments"],
        summary:
          "Adyen's standard notifications, HMAC-verified, stored once and processed from the job queue",
        body: notificationInput,
        response: { 200: z.literal("[accepted]") },
      },
    },
    async (request, reply) => {
      const items = request.body.notificationItems.map(
        (item) => item.NotificationRequestItem as unknown as Types.notification.NotificationRequestItem,
      );
      await receiveAdyenNotifications(db, fastify.jobs, options.hmacKeysOf, items);
      reply.header("cache-control", "no-store").type("text/plain");
      return "[accepted]" as const;
    },
  );
}
