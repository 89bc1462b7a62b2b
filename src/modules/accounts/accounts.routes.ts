import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adoptAnonymousCart } from "#modules/cart/cart.service.ts";
import { createMailer, renderLinkMail } from "#modules/mail/mail.service.ts";
import { endSession, startMemberSession } from "#server/plugins/session.ts";
import {
  emailInput,
  loginInput,
  memberOutput,
  resetConfirmInput,
  sessionOutput,
  signupInput,
  successOutput,
  tokenInput,
} from "./accounts.contract.ts";
import {
  adoptAnonymousFavourites,
  findOrCreateOAuthUser,
  logIn,
  newResetToken,
  newValidationToken,
  RESET_HOURS,
  resetPassword,
  signUp,
  VALIDATION_HOURS,
  validateEmail,
} from "./accounts.service.ts";
import { destroyUserSessions } from "./session.service.ts";

const OAUTH_STATE_COOKIE = "oauth_state";
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const errorShape = z.object({ error: z.string(), message: z.string() }).passthrough();

/** Sign-up, log-in, log-out, e-mail validation, password reset and social sign-in. */
export async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.database;
  const mailer = createMailer(fastify.config, fastify.log);
  const tags = ["accounts"];
  // What a visitor gathered before logging in (favourites, the bag) becomes the member's.
  const adoptAnonymousBelongings = async (sessionId: string | null, userId: number) => {
    await adoptAnonymousFavourites(db, sessionId, userId);
    await adoptAnonymousCart(db, sessionId, userId);
  };
  const sendLink = async (
    request: FastifyRequest,
    kind: "validate" | "reset",
    to: { email: string; name: string },
    locale: Parameters<typeof renderLinkMail>[1],
    token: string,
  ) => {
    const path = kind === "validate" ? "/account/validate/" : "/account/reset/confirm/";
    const link = `${origin(request)}${path}?token=${encodeURIComponent(token)}`;
    const hours = kind === "validate" ? VALIDATION_HOURS : RESET_HOURS;
    await mailer.send({
      to: to.email,
      ...renderLinkMail(kind, locale, { name: to.name || to.email, link, hours }),
    });
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
      user: request.user
        ? { name: request.user.name, email: request.user.email, email_validated: request.user.emailValidated }
        : null,
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
        summary: "Create an account; a validation link is mailed and the new member is logged in",
        body: signupInput,
        response: { 201: z.object({ success: z.literal(true), user: memberOutput }), 400: errorShape },
      },
    },
    async (request, reply) => {
      const { user, validationToken } = await signUp(db, request.body, {
        locale: request.locale,
        market: request.market.code,
      });
      await sendLink(request, "validate", user, request.locale, validationToken);
      await adoptAnonymousBelongings(request.sessionId, user.id);
      await startMemberSession(request, reply, user);
      return reply
        .status(201)
        .send({ success: true, user: { name: user.name, email: user.email, email_validated: false } });
    },
  );

  app.post(
    "/api/auth/login/",
    {
      schema: {
        tags,
        summary: "Log in with e-mail and password (10 attempts a minute per IP and per account)",
        body: loginInput,
        response: {
          200: z.object({ success: z.literal(true), user: memberOutput }),
          400: errorShape,
          429: errorShape,
        },
      },
    },
    async (request, reply) => {
      const user = await logIn(db, request.body, request.ip);
      await adoptAnonymousBelongings(request.sessionId, user.id);
      await startMemberSession(request, reply, user);
      return {
        success: true as const,
        user: { name: user.name, email: user.email, email_validated: user.emailValidated },
      };
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
        summary: "Confirm an e-mail address with the token from the validation mail",
        body: tokenInput,
        response: { 200: z.object({ success: z.literal(true), user: memberOutput }), 400: errorShape },
      },
    },
    async (request) => {
      const user = await validateEmail(db, request.body.token);
      return { success: true as const, user: { name: user.name, email: user.email, email_validated: true } };
    },
  );

  app.post(
    "/api/auth/resend-validation/",
    {
      schema: {
        tags,
        summary: "Mail a new validation link (always answers success, so it reveals no accounts)",
        body: emailInput,
        response: { 200: successOutput, 429: errorShape },
      },
    },
    async (request) => {
      const found = await newValidationToken(db, request.body.email);
      if (found) await sendLink(request, "validate", found.user, found.locale, found.token);
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
        response: { 200: successOutput, 429: errorShape },
      },
    },
    async (request) => {
      const found = await newResetToken(db, request.body.email, request.ip);
      if (found) await sendLink(request, "reset", found.user, found.locale, found.token);
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
        response: { 200: successOutput, 400: errorShape },
      },
    },
    async (request) => {
      const userId = await resetPassword(db, request.body.token, request.body.password);
      await destroyUserSessions(db, userId);
      return { success: true };
    },
  );

  app.get(
    "/api/auth/oauth/start/",
    {
      schema: {
        tags,
        summary: "Start social sign-in (when a provider is configured)",
      },
    },
    async (request, reply) => {
      const provider = fastify.config.oauth;
      if (!provider)
        return reply.status(404).send({ error: "not_found", message: "Social sign-in is not set up." });
      const state = crypto.randomBytes(24).toString("base64url");
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        path: "/api/auth/oauth/",
        httpOnly: true,
        sameSite: "lax",
        secure: fastify.config.secureCookies,
        maxAge: 600,
      });
      const url = new URL(provider.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", provider.clientId);
      url.searchParams.set("redirect_uri", `${origin(request)}/api/auth/oauth/callback/`);
      url.searchParams.set("scope", provider.scope);
      url.searchParams.set("state", state);
      return reply.redirect(url.toString());
    },
  );

  app.get(
    "/api/auth/oauth/callback/",
    {
      schema: {
        tags,
        summary: "Social sign-in callback: checks the state, exchanges the code, logs the member in",
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const provider = fastify.config.oauth;
      if (!provider)
        return reply.status(404).send({ error: "not_found", message: "Social sign-in is not set up." });
      const expected = request.cookies[OAUTH_STATE_COOKIE];
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: "/api/auth/oauth/" });
      const { code, state } = request.query;
      if (!code || !state || !expected || state !== expected)
        return reply.redirect("/account/login/?oauth_error=state");
      try {
        const tokenResponse = await fetch(provider.tokenUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code,
            redirect_uri: `${origin(request)}/api/auth/oauth/callback/`,
            client_id: provider.clientId,
            client_secret: provider.clientSecret,
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const tokens = (await tokenResponse.json()) as { access_token?: string };
        if (!tokenResponse.ok || !tokens.access_token)
          throw new Error(`token exchange answered ${tokenResponse.status}`);
        const profileResponse = await fetch(provider.userInfoUrl, {
          headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
          signal: AbortSignal.timeout(10_000),
        });
        const profile = (await profileResponse.json()) as {
          sub?: string;
          email?: string;
          name?: string;
          email_verified?: boolean;
        };
        if (!profileResponse.ok || !profile.sub || !profile.email || profile.email_verified === false)
          return reply.redirect("/account/login/?oauth_error=profile");
        const user = await findOrCreateOAuthUser(
          db,
          { provider: provider.name, subject: profile.sub, email: profile.email, name: profile.name ?? "" },
          { locale: request.locale, market: request.market.code },
        );
        await adoptAnonymousBelongings(request.sessionId, user.id);
        await startMemberSession(request, reply, user);
        return reply.redirect("/account/home/");
      } catch (error) {
        request.log.warn({ err: error }, "social sign-in failed");
        return reply.redirect("/account/login/?oauth_error=provider");
      }
    },
  );
}
