import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorOutput } from "#kernel/errors.ts";
import { countAttempt } from "#modules/accounts/rate-limit.service.ts";
import {
  oneClickBody,
  oneClickQuery,
  reminderUnsubscribeInput,
  reminderUnsubscribeOutput,
} from "./cart.contract.ts";
import {
  ONE_CLICK_UNSUBSCRIBES_PER_MINUTE,
  REMINDER_UNSUBSCRIBE_PATH,
  UNSUBSCRIBES_PER_MINUTE,
  withdrawReminderConsent,
} from "./reminder-unsubscribe.ts";

/** The largest one-click body read: the one pair, in either encoding, with room to spare. */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * The fields of a small multipart/form-data body (RFC 7578), as RFC 8058 says a mail client should
 * send its one-click POST; files and anything unreadable are left out.
 */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split === -1) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:\s*form-data;[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined || /\bfilename=/i.test(head)) continue;
    fields[name] = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, "")
      .replace(/\r?\n$/, "");
  }
  return fields;
}

/**
 * The unsubscribe link of reminder mails (decision 0058): the page's button (`POST
 * /api/reminders/unsubscribe/`, under CSRF like every call of the storefront) and the one-click POST
 * of RFC 8058 to the link itself, sent by a mail client's server with no cookie and no CSRF token:
 * the unguessable token in the address is what allows it, and all it can do is stop mail.
 */
export async function reminderUnsubscribeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const tags = ["cart"];

  app.post(
    "/api/reminders/unsubscribe/",
    {
      preHandler: async (request) =>
        countAttempt(
          db,
          [`reminder-unsubscribe:ip:${request.ip}`],
          UNSUBSCRIBES_PER_MINUTE,
          60,
          fastify.clock(),
        ),
      schema: {
        tags,
        summary:
          "The unsubscribe page's button: no more abandoned-bag reminders to the address the link was mailed to (unknown or expired: 400 on token)",
        body: reminderUnsubscribeInput,
        response: { 200: reminderUnsubscribeOutput, 400: errorOutput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return withdrawReminderConsent(db, request.body.token, "page", fastify.clock());
    },
  );

  // RFC 8058 asks mail clients for multipart/form-data (URL-encoded is allowed too): read here only.
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT },
    (request, body, done) =>
      done(null, multipartFields(body as string, request.headers["content-type"] ?? "")),
  );

  app.post(
    REMINDER_UNSUBSCRIBE_PATH,
    {
      config: { csrfExempt: true },
      bodyLimit: ONE_CLICK_BODY_LIMIT,
      preHandler: async (request) =>
        countAttempt(
          db,
          [`reminder-one-click:ip:${request.ip}`],
          ONE_CLICK_UNSUBSCRIBES_PER_MINUTE,
          60,
          fastify.clock(),
        ),
      schema: {
        tags,
        summary:
          "One-click unsubscribe (RFC 8058) from a reminder mail's List-Unsubscribe header: body List-Unsubscribe=One-Click; no cookie, no CSRF token, no redirect",
        querystring: oneClickQuery,
        body: oneClickBody,
        response: { 200: reminderUnsubscribeOutput, 400: errorOutput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return withdrawReminderConsent(db, request.query.token, "one-click", fastify.clock());
    },
  );
}
