import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import type { SessionUser } from "#kernel/session-user.ts";
import { mailOutbox } from "#modules/mail/mail-outbox.ts";
import { deleteAccount, type EraseMemberElsewhere } from "./account-deletion.service.ts";
import { mailResetLink, mailValidationLink, signUpAndMail } from "./account-mail.ts";
import {
  accountDeletedOutput,
  dataExportOutput,
  emailInput,
  errorOutput,
  loginInput,
  notSetUpOutput,
  redirectOutput,
  resetConfirmInput,
  sessionOutput,
  signedInOutput,
  signupInput,
  successOutput,
  tokenInput,
} from "./accounts.contract.ts";
import { logIn, resetPassword, validateEmail } from "./accounts.service.ts";
import { type ExportMemberElsewhere, exportMemberData } from "./data-export.service.ts";
import {
  authorizeUrl,
  completeSignIn,
  OAUTH_NEXT_COOKIE,
  OAUTH_STATE_COOKIE,
  OAUTH_STATE_PATH,
  OAUTH_STATE_SECONDS,
  signInFailedUrl,
  signInTarget,
} from "./oauth.service.ts";
import { countSignUp, countValidationMail } from "./rate-limit.service.ts";
import { memberOf, requireMember } from "./require-member.ts";
import { readSessionData, updateSessionData } from "./session.service.ts";
import { endSession, ensureSession, memberChanged, startMemberSession } from "./session-cookies.ts";

/**
 * The session data that remembers which address this browser signed up with: the validation link,
 * opened in the same browser, logs the new member in (opened anywhere else, it only confirms).
 */
const PENDING_SIGNUP = "pending_signup";

/**
 * What the shop does when a visitor becomes a member in this session (sign-up, log-in, social
 * sign-in), before the session is turned into the member's: what the visitor gathered anonymously
 * becomes the member's. The composition root supplies it, since what there is to adopt (the bag,
 * favourites) lives in modules above accounts.
 */
export type AfterSignIn = (db: Db, sessionId: string | null, userId: number) => Promise<void>;

/**
 * What the shop does once a member has proven their address with the validation link, in the
 * validation's transaction: guest orders placed with that address join the account (decision 0038).
 */
export type AfterEmailValidated = (db: Db, user: SessionUser) => Promise<void>;

export interface AccountsRoutesOptions {
  afterSignIn: AfterSignIn;
  afterEmailValidated?: AfterEmailValidated;
  /** At account deletion: what the modules above accounts erase or anonymise of the member. */
  eraseMemberElsewhere: EraseMemberElsewhere;
  /** Once the deletion has committed: what the modules above accounts do after it (kept pages). */
  afterMemberErased?: (db: Db) => Promise<void>;
  /** For the data export: what the modules above accounts hold about the member. */
  exportMemberElsewhere: ExportMemberElsewhere;
}

const member = (user: SessionUser) => ({
  name: user.name,
  email: user.email,
  email_validated: user.emailValidated,
});

/** Sign-up, log-in, log-out, e-mail validation, password reset and social sign-in. */
export async function accountsRoutes(fastify: FastifyInstance, options: AccountsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const outbox = mailOutbox(fastify.jobs);
  const addresses = fastify.publicAddresses;
  /** Account mail links to the configured address of the request's market, never to its Host. */
  const mailFor = (request: FastifyRequest) => ({
    outbox,
    publicUrl: addresses.forMarket(request.market.code),
  });
  /**
   * The provider sends the visitor back to the configured address they started on (the state cookie
   * lives there); the Host header only picks among configured addresses.
   */
  const callbackUrl = (request: FastifyRequest) =>
    `${addresses.forRequest(request.headers.host, request.market.code)}/api/auth/oauth/callback/`;
  const tags = ["accounts"];

  /** The visitor is now this member: what they gathered is adopted, then the session becomes theirs. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: SessionUser) => {
    await options.afterSignIn(db, request.sessionId, user.id);
    await startMemberSession(request, reply, user);
  };

  app.get(
    "/api/auth/session/",
    {
      schema: {
        tags,
        summary: "Who is logged in, and whether social sign-in is offered",
        response: { 200: sessionOutput },
      },
    },
    async (request) => ({
      is_logged_in: request.user !== null,
      user: request.user ? member(request.user) : null,
      oauth: fastify.config.oauth
        ? { name: fastify.config.oauth.name, start_url: "/api/auth/oauth/start/" }
        : null,
    }),
  );

  app.post(
    "/api/auth/signup/",
    {
      schema: {
        tags,
        summary:
          "Sign up: a validation link is mailed (or, for an address with an account, a note to its owner); the same answer either way",
        body: signupInput,
        response: { 201: successOutput, 400: errorOutput, 429: errorOutput },
      },
      preHandler: async (request) => countSignUp(db, request.ip, request.body.email),
    },
    async (request, reply) => {
      await signUpAndMail(db, mailFor(request), request.body, {
        locale: request.locale,
        market: request.market.code,
      });
      // Nobody is logged in by a sign-up: that would tell a new address from a known one. This
      // browser is remembered as the one that asked, whichever it was.
      const sessionId = await ensureSession(request, reply);
      await updateSessionData(db, sessionId, { [PENDING_SIGNUP]: request.body.email });
      return reply
        .status(201)
        .send({ success: true, message: "Check your inbox: we have sent you an e-mail to go on." });
    },
  );

  app.post(
    "/api/auth/login/",
    {
      schema: {
        tags,
        summary:
          "Log in with e-mail and password (limited per IP, per IP and account, and with a growing wait per account)",
        body: loginInput,
        response: {
          200: signedInOutput,
          400: errorOutput,
          429: errorOutput,
        },
      },
    },
    async (request, reply) => {
      const user = await logIn(db, request.body, request.ip, fastify.clock);
      await signIn(request, reply, user);
      return { success: true as const, user: member(user) };
    },
  );

  app.post(
    "/api/auth/logout/",
    { schema: { tags, summary: "Log out: the session is destroyed", response: { 200: successOutput } } },
    async (request, reply) => {
      await endSession(request, reply);
      return { success: true };
    },
  );

  app.post(
    "/api/auth/validate-email/",
    {
      schema: {
        tags,
        summary:
          "Confirm an e-mail address with the token from the validation mail; in the browser that signed up, the member is logged in",
        body: tokenInput,
        response: { 200: signedInOutput, 400: errorOutput },
      },
    },
    async (request, reply) => {
      const user = await validateEmail(db, request.body.token, options.afterEmailValidated);
      // The member's sessions in this process show the address as confirmed from the next request.
      memberChanged(request, user.id);
      // Read fresh: the sign-up that wrote it may have been answered by another process a moment ago.
      const data = request.sessionId ? await readSessionData(db, request.sessionId) : {};
      if (request.sessionId && data[PENDING_SIGNUP] === user.email) {
        await updateSessionData(db, request.sessionId, { [PENDING_SIGNUP]: null });
        if (request.user?.id !== user.id) await signIn(request, reply, user);
      }
      return { success: true as const, user: member(user) };
    },
  );

  app.post(
    "/api/auth/resend-validation/",
    {
      schema: {
        tags,
        summary: "Mail a new validation link (always answers success, so it reveals no accounts)",
        body: emailInput,
        response: { 200: successOutput, 429: errorOutput },
      },
      preHandler: async (request) => countValidationMail(db, request.ip, request.body.email),
    },
    async (request) => {
      await mailValidationLink(db, mailFor(request), request.body.email);
      return { success: true };
    },
  );

  app.post(
    "/api/auth/password-reset/",
    {
      schema: {
        tags,
        summary: "Mail a password-reset link (always answers success; rate-limited like log-in)",
        body: emailInput,
        response: { 200: successOutput, 429: errorOutput },
      },
    },
    async (request) => {
      await mailResetLink(db, mailFor(request), request.body.email, request.ip);
      return { success: true };
    },
  );

  app.post(
    "/api/auth/password-reset/confirm/",
    {
      schema: {
        tags,
        summary: "Set a new password with the token from the reset mail; every session of the member ends",
        body: resetConfirmInput,
        response: { 200: successOutput, 400: errorOutput },
      },
    },
    async (request) => {
      const memberId = await resetPassword(db, request.body.token, request.body.password);
      // Ended in this process at once; in every other within the session cache's bound (decision 0048).
      memberChanged(request, memberId);
      return { success: true };
    },
  );

  app.post(
    "/delete-account/",
    {
      preHandler: requireMember("account.error.login"),
      schema: {
        tags,
        summary:
          "Delete the member's account: personal data erased, orders anonymised, every session ended, a confirmation mailed",
        response: { 200: accountDeletedOutput, 401: errorOutput },
      },
    },
    async (request, reply) => {
      const memberId = memberOf(request);
      await deleteAccount(db, mailFor(request), memberId, options.eraseMemberElsewhere);
      await options.afterMemberErased?.(db);
      // The sessions are gone with the account; the browser forgets its cookie too.
      memberChanged(request, memberId);
      await endSession(request, reply);
      return { success: true as const, redirect: "/account/login/" as const };
    },
  );

  app.get(
    "/v1.1/profile/export/",
    {
      preHandler: requireMember("account.error.login"),
      schema: {
        tags,
        summary:
          "The member's data export: a JSON file of everything the shop holds about them (never a password or token hash)",
        response: { 200: dataExportOutput, 401: errorOutput },
      },
    },
    async (request, reply) => {
      const data = await exportMemberData(db, memberOf(request), options.exportMemberElsewhere);
      reply.header("content-disposition", "attachment; filename=pitchside-data.json");
      return data;
    },
  );

  const provider = fastify.config.oauth;
  // Without a configured provider the social sign-in calls answer 404, as if they did not exist.
  const socialSignInSetUp = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!provider)
      return reply.status(404).send({ error: "not_found", message: "Social sign-in is not set up." });
  };

  app.get(
    "/api/auth/oauth/start/",
    {
      preHandler: socialSignInSetUp,
      schema: {
        tags,
        summary:
          "Start social sign-in (when a provider is configured); `next`, a path on the shop, is where the member lands afterwards",
        querystring: z.object({ next: z.string().max(2048).optional() }),
        response: { 302: redirectOutput("to the provider's sign-in page"), 404: notSetUpOutput },
      },
    },
    async (request, reply) => {
      // provider is set here: without one the preHandler has answered 404.
      const { url, state } = authorizeUrl(provider!, callbackUrl(request));
      const flowCookie = {
        path: OAUTH_STATE_PATH,
        httpOnly: true,
        sameSite: "lax" as const,
        secure: fastify.config.secureCookies,
        maxAge: OAUTH_STATE_SECONDS,
      };
      reply.setCookie(OAUTH_STATE_COOKIE, state, flowCookie);
      // Only a path on the shop is kept; anything else is dropped, as if no `next` had been given.
      const next = signInTarget(request.query.next);
      if (next !== signInTarget(null)) reply.setCookie(OAUTH_NEXT_COOKIE, next, flowCookie);
      else reply.clearCookie(OAUTH_NEXT_COOKIE, { path: OAUTH_STATE_PATH });
      return reply.redirect(url);
    },
  );

  app.get(
    "/api/auth/oauth/callback/",
    {
      preHandler: socialSignInSetUp,
      schema: {
        tags,
        summary: "Social sign-in callback: checks the state, exchanges the code, logs the member in",
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
        }),
        response: {
          302: redirectOutput(
            "to the `next` the sign-in started with (a path on the shop) or the member's home, or back to log in with ?oauth_error=state|profile|provider",
          ),
          404: notSetUpOutput,
        },
      },
    },
    async (request, reply) => {
      const expectedState = request.cookies[OAUTH_STATE_COOKIE];
      const next = request.cookies[OAUTH_NEXT_COOKIE];
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: OAUTH_STATE_PATH });
      reply.clearCookie(OAUTH_NEXT_COOKIE, { path: OAUTH_STATE_PATH });
      try {
        const outcome = await completeSignIn(
          db,
          provider!, // set here: without one the preHandler has answered 404
          { ...request.query, expectedState, callbackUrl: callbackUrl(request) },
          { locale: request.locale, market: request.market.code },
        );
        if ("failed" in outcome) return reply.redirect(signInFailedUrl(outcome.failed, next));
        await signIn(request, reply, outcome.user);
        return reply.redirect(signInTarget(next));
      } catch (error) {
        request.log.warn({ err: error }, "social sign-in failed");
        return reply.redirect(signInFailedUrl("provider", next));
      }
    },
  );
}
