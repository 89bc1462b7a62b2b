import type { Database } from "#db/client.ts";
import { purgeEmailChanges } from "#modules/accounts/profile.service.ts";
import { purgeRateLimitHits } from "#modules/accounts/rate-limit.service.ts";
import { purgeExpiredSessions } from "#modules/accounts/session.service.ts";
import { purgeAbandonedCarts } from "#modules/cart/abandoned-carts.ts";
import { remindAbandonedBags } from "#modules/cart/bag-reminders.ts";
import { copyPictureJob } from "#modules/catalog/picture-copy.ts";
import { purgeStockChanges } from "#modules/catalog/stock-changes.ts";
import { createJobQueue, type JobDefinition, type JobQueue, type Outbox } from "#modules/jobs/job-queue.ts";
import { createMailer } from "#modules/mail/mail.service.ts";
import { mailOutbox, sendMailJob } from "#modules/mail/mail-outbox.ts";
import type { PublicAddresses } from "#modules/markets/public-addresses.ts";
import { orderConfirmationJob } from "#modules/orders/order-confirmation.job.ts";
import { adyenNotificationJob } from "#modules/payments/adyen/adyen.service.ts";
import { marketPaymentsOf } from "#modules/payments/market-providers.ts";
import { recordAuthorisationCancels, sendCaptureJob } from "#modules/payments/payment-captures.service.ts";
import { releaseStaleAuthorisations } from "#modules/payments/payments.service.ts";
import { purgeExpiredStockAlerts } from "#modules/product/stock-alerts.service.ts";
import { deliverWebhookJob, purgeWebhookEvents } from "#modules/webhooks/webhooks.service.ts";
import type { AppConfig } from "./config.ts";

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** A scheduled job: runs a purge or release of its module and logs what it did. */
function scheduled(
  name: string,
  cron: string,
  log: Logger,
  work: (now: Date) => Promise<number>,
): JobDefinition {
  return {
    name,
    cron,
    retryLimit: 2,
    deleteAfterSeconds: 86_400,
    run: async () => {
      const count = await work(new Date());
      if (count > 0) log.info({ job: name, count }, "scheduled job done");
    },
  };
}

/**
 * Every job of the shop: the mails (each module queues its own in the transaction that causes it)
 * and the scheduled clean-ups and reminders, each owned by the module whose table it writes. `outbox`
 * is where a scheduled job queues the mail it causes (the queue these jobs run in).
 */
export function shopJobs(
  config: AppConfig,
  database: Database,
  addresses: PublicAddresses,
  log: Logger,
  /** Where a job queues follow-up work (the queue these jobs run on). */
  outbox: Outbox,
): JobDefinition<never>[] {
  const { db } = database;
  const mailer = createMailer(config, log);
  return [
    sendMailJob(mailer),
    orderConfirmationJob(db, mailer, addresses.forMarket),
    deliverWebhookJob(db),
    // Each capture, refund or cancel goes out with the account of the market the payment was made in.
    sendCaptureJob(db, marketPaymentsOf(config).modifications),
    adyenNotificationJob(db),
    // Imported pictures (decision 0055); outside production the hosts of a test or a LAN may be fetched.
    copyPictureJob(db, { mediaDir: config.mediaDir, allowPrivateHosts: config.env !== "production" }, log),
    scheduled("payments.release-stale-authorisations", "*/5 * * * *", log, (now) =>
      releaseStaleAuthorisations(
        db,
        new Date(now.getTime() - config.authorisationHoldMinutes * 60_000),
        (ids) => recordAuthorisationCancels(db, outbox, ids),
      ),
    ),
    scheduled("accounts.purge-sessions", "7 * * * *", log, (now) => purgeExpiredSessions(db, now)),
    scheduled("accounts.purge-rate-limits", "17 * * * *", log, (now) => purgeRateLimitHits(db, now)),
    scheduled("accounts.purge-email-changes", "27 * * * *", log, (now) => purgeEmailChanges(db, now)),
    scheduled("cart.purge-abandoned", "37 3 * * *", log, (now) => purgeAbandonedCarts(db, now)),
    scheduled("cart.remind-abandoned-bags", "*/15 * * * *", log, (now) =>
      remindAbandonedBags(db, mailOutbox(outbox), addresses.forMarket, config.abandonedBagHours, now),
    ),
    scheduled("webhooks.purge-events", "57 3 * * *", log, (now) => purgeWebhookEvents(db, now)),
    scheduled("catalog.purge-stock-changes", "*/10 * * * *", log, (now) => purgeStockChanges(db, now)),
    scheduled("product.purge-unconfirmed-stock-alerts", "47 * * * *", log, async (now) => {
      const { purged } = await purgeExpiredStockAlerts(db, now);
      return purged;
    }),
  ] as JobDefinition<never>[];
}

export function createShopJobQueue(
  config: AppConfig,
  database: Database,
  addresses: PublicAddresses,
  log: Logger,
): JobQueue {
  // Jobs queue follow-up work (reminder mails, cancels at a payment provider) on the queue they run on, made just below.
  const outbox: Outbox = { add: (db, name, data) => queue.add(db, name, data) };
  const queue = createJobQueue(database, shopJobs(config, database, addresses, log, outbox), {
    workers: config.jobWorkers,
    monitorIntervalSeconds: config.jobMonitorSeconds,
    log,
  });
  return queue;
}
