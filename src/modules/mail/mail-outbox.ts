import type { Db, Tx } from "#db/client.ts";
import type { JobDefinition, Outbox } from "#modules/jobs/job-queue.ts";
import type { Mailer, OutgoingMail } from "./mail.service.ts";

export const SEND_MAIL_JOB = "mail.send";

interface QueuedMail extends OutgoingMail {
  queuedAt: string;
}

/** Mail is queued, not sent: written with the change that causes it, sent by a worker, retried. */
export interface MailOutbox {
  queue(db: Db | Tx, mail: OutgoingMail): Promise<void>;
}

export function mailOutbox(outbox: Outbox): MailOutbox {
  return {
    queue: (db, mail) =>
      outbox.add(db, SEND_MAIL_JOB, { ...mail, queuedAt: new Date().toISOString() } satisfies QueuedMail),
  };
}

/**
 * Sends one queued mail. The job's id is the delivery key: a retry writes the same file and sends the
 * same Message-ID. Its row goes an hour after sending, since a mail may carry a one-time link.
 */
export function sendMailJob(mailer: Mailer): JobDefinition<QueuedMail> {
  return {
    name: SEND_MAIL_JOB,
    deleteAfterSeconds: 3600,
    run: async ({ queuedAt, ...mail }, job) => {
      await mailer.send(mail, { key: job.id, queuedAt });
    },
  };
}
