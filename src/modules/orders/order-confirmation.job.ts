import type { Db, Tx } from "#db/client.ts";
import type { JobDefinition, Outbox } from "#modules/jobs/job-queue.ts";
import type { Mailer } from "#modules/mail/mail.service.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { renderOrderConfirmation } from "./order-mail.ts";
import { markConfirmationSent, orderForMail } from "./orders.service.ts";

export const ORDER_CONFIRMATION_JOB = "orders.confirmation";

/**
 * A step of placing an order: its confirmation is queued in the order's own transaction, so every
 * committed order has one and a refused order none, whatever happens to the process after commit.
 */
export async function queueOrderConfirmation(tx: Tx, outbox: Outbox, orderId: number): Promise<void> {
  await outbox.add(tx, ORDER_CONFIRMATION_JOB, { orderId });
}

/**
 * Mails the confirmation in the shopper's language, linking to the receipt on the order's market.
 * The job's id is the delivery key, so a retry after a crash rewrites the same mail instead of
 * sending a second; an order already marked as confirmed is not mailed again.
 */
export function orderConfirmationJob(
  db: Db,
  mailer: Mailer,
  publicUrlFor: PublicUrlFor,
): JobDefinition<{ orderId: number }> {
  return {
    name: ORDER_CONFIRMATION_JOB,
    deleteAfterSeconds: 86_400,
    run: async ({ orderId }, job) => {
      const data = await orderForMail(db, orderId);
      if (!data || data.order.confirmationSentAt) return;
      const mail = renderOrderConfirmation(data, publicUrlFor(data.order.market));
      await mailer.send(
        { to: data.order.email, ...mail },
        { key: job.id, queuedAt: data.order.createdAt.toISOString() },
      );
      await markConfirmationSent(db, orderId);
    },
  };
}
