// `pitchside webhooks …`: the operator's receivers of the shop's events (decision 0054), the same
// service calls as the operator API. Kept apart from pitchside.ts so the tests run it on their own database.
import type { Db } from "#db/client.ts";
import { HttpError } from "#kernel/errors.ts";
import { MAX_ID } from "#kernel/ids.ts";
import type { JobQueue } from "#modules/jobs/job-queue.ts";
import { WEBHOOK_EVENT_TYPES, webhookEndpointInput } from "#modules/webhooks/webhooks.contract.ts";
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  pingEndpoint,
  removeEndpoint,
  replayDelivery,
} from "#modules/webhooks/webhooks.service.ts";

export const WEBHOOKS_USAGE = `       pitchside webhooks add <url> <event,event…> [description]
       pitchside webhooks list | remove <id> | deliveries <id> | ping <id> | replay <delivery id>`;

export const WEBHOOKS_HELP = `webhooks add registers a receiver of the shop's events (${WEBHOOK_EVENT_TYPES.join(", ")})
and prints its signing secret, shown only then; ping and replay send at once and print the outcome.`;

export interface WebhooksCommandResult {
  /** 0 done, 1 not found or not delivered, 2 wrong use. */
  exitCode: 0 | 1 | 2;
  output: string;
}

const isId = (value: string | undefined): value is string =>
  value !== undefined && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID;

/** Runs `webhooks <sub-command> …` (the words after "webhooks") on a database with its job queue. */
export async function runWebhooksCommand(
  db: Db,
  jobs: JobQueue,
  args: string[],
  options: { httpsOnly: boolean },
): Promise<WebhooksCommandResult> {
  const [action, first, ...others] = args;
  const wrong = (output: string): WebhooksCommandResult => ({ exitCode: 2, output });
  try {
    if (action === "add") {
      const parsed = webhookEndpointInput.safeParse({
        url: first,
        events: (others[0] ?? "").split(",").filter(Boolean),
        description: others.slice(1).join(" ") || undefined,
      });
      if (!parsed.success)
        return wrong(
          parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"),
        );
      const created = await createEndpoint(db, parsed.data, options);
      return {
        exitCode: 0,
        output: `Endpoint ${created.id} receives ${created.events.join(", ")} at ${created.url}.\nSigning secret (shown once): ${created.secret}`,
      };
    }
    if (action === "list" && first === undefined) {
      const endpoints = await listEndpoints(db);
      return {
        exitCode: 0,
        output: endpoints.length
          ? endpoints
              .map((e) => `${e.id}\t${e.url}\t${e.events.join(",")}\t${e.secret_hint}\t${e.description}`)
              .join("\n")
          : "No endpoint is registered.",
      };
    }
    if (!isId(first) || others.length > 0)
      return wrong(
        `Use: webhooks ${action ?? "<add|list|remove|deliveries|ping|replay>"} <id> (a whole number from 1).`,
      );
    const id = Number(first);
    switch (action) {
      case "remove":
        await removeEndpoint(db, id);
        return { exitCode: 0, output: `Endpoint ${id} and its delivery log are removed.` };
      case "deliveries": {
        const deliveries = await listDeliveries(db, id);
        return {
          exitCode: 0,
          output: deliveries.length
            ? deliveries
                .map(
                  (d) =>
                    `${d.id}\t${d.created_at}\t${d.event_type}\t${d.event_id}\tattempt ${d.attempt}\t${d.status_code ?? "-"}\t${d.error ?? "ok"}`,
                )
                .join("\n")
            : "Nothing was delivered to this endpoint yet.",
        };
      }
      case "ping":
      case "replay": {
        const queued =
          action === "ping" ? await pingEndpoint(db, jobs, id) : await replayDelivery(db, jobs, id);
        await jobs.drain();
        const [last] = (await listDeliveries(db, queued.endpoint_id)).filter(
          (d) => d.event_id === queued.event_id,
        );
        const delivered = last?.error === null;
        return {
          exitCode: delivered ? 0 : 1,
          output: `Event ${queued.event_id} to endpoint ${queued.endpoint_id}: ${
            last ? (last.error ?? `delivered (${last.status_code})`) : "not sent"
          }${delivered ? "" : "; the job queue tries again later."}`,
        };
      }
      default:
        return wrong(`Unknown webhooks command "${action ?? ""}".`);
    }
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return { exitCode: 1, output: error.message };
    if (error instanceof HttpError && error.statusCode === 400)
      return wrong(
        Object.values(error.fields ?? {})
          .flat()
          .join("\n") || error.message,
      );
    throw error;
  }
}
