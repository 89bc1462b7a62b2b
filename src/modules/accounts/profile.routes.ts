import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import type { AccountMail } from "./account-mail.ts";
import { errorOutput, tokenInput } from "./accounts.contract.ts";
import {
  emailChangeConfirmedOutput,
  profileInput,
  profileReadOutput,
  profileSavedOutput,
} from "./profile.contract.ts";
import { confirmEmailChange, profileChoices, readProfile, saveProfile } from "./profile.service.ts";
import { countAttempt } from "./rate-limit.service.ts";
import { memberOf, requireMember } from "./require-member.ts";
import { memberChanged } from "./session-cookies.ts";

/** Confirmation links one IP address may try per minute (a token cannot be guessed; this bounds the work). */
export const EMAIL_CONFIRMS_PER_MINUTE = 20;

/**
 * The member's profile (account settings): read it whole, save it whole, and confirm a change of
 * e-mail address from the link mailed to the new address (decision 0027).
 */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const outbox = mailOutbox(fastify.jobs);
  /** Links go to the configured address of the request's market, never to its Host (decision 0020). */
  const mailFor = (request: FastifyRequest): AccountMail => ({
    outbox,
    publicUrl: fastify.publicAddresses.forMarket(request.market.code),
  });
  const tags = ["accounts"];

  app.get(
    "/v1.1/profile/",
    {
      preHandler: requireMember("account.error.login"),
      schema: {
        tags,
        summary:
          "The member's profile (name, username = e-mail, gender, teamsport association, newsletter choices), a change of address waiting for confirmation, and the choices of each choice field",
        response: { 200: profileReadOutput, 401: errorOutput },
      },
    },
    async (request) => ({
      ...(await readProfile(db, memberOf(request))),
      choices: profileChoices(request.market.code),
    }),
  );

  app.post(
    "/v1.1/profile/",
    {
      preHandler: requireMember("account.error.login"),
      schema: {
        tags,
        summary:
          "Save the whole profile; a new e-mail address is not taken at once: a confirmation link is mailed to it (at most 5 changes an hour), and an address another account has is refused on `username`",
        body: profileInput,
        response: { 200: profileSavedOutput, 400: errorOutput, 401: errorOutput, 429: errorOutput },
      },
    },
    async (request) => {
      const saved = await saveProfile(db, mailFor(request), memberOf(request), request.body);
      // The name the pages greet the member with comes from the session: read it again.
      memberChanged(request, memberOf(request));
      return {
        success: true as const,
        email_confirmation_sent: saved.emailConfirmationSent,
        profile: saved.profile,
      };
    },
  );

  app.post(
    "/api/auth/email-change/confirm/",
    {
      schema: {
        tags,
        summary:
          "Confirm a new e-mail address with the token from the mail sent to it: it becomes the member's username, and the old address is told; single use, valid 24 hours",
        body: tokenInput,
        response: { 200: emailChangeConfirmedOutput, 400: errorOutput, 429: errorOutput },
      },
      preHandler: async (request) =>
        countAttempt(db, [`email-confirm:ip:${request.ip}`], EMAIL_CONFIRMS_PER_MINUTE),
    },
    async (request) => {
      const { userId, ...confirmed } = await confirmEmailChange(db, mailFor(request), request.body.token);
      memberChanged(request, userId);
      return { success: true as const, ...confirmed };
    },
  );
}
