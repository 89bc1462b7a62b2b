import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cartOwnerOf, findCartId } from "#modules/cart/cart-owner.ts";
import type { RequestSteps } from "../request-steps.ts";

/** What a personal answer carries: no cache, shared or the browser's own, may keep it. */
export const PRIVATE_ANSWER = "private, no-store";

/**
 * Pages and calls about the visitor's own bag, checkout, orders, prints, payments and account, the
 * page a back-in-stock confirmation link opens (its token names one shopper's alert), a reminder's
 * unsubscribe page and call (its token names one address), and the guest's order pages
 * (`/orders/lookup/`, `/orders/view/`: an order found by its token or a lookup).
 */
const OWN_THINGS =
  /^\/(?:cart|checkout|customizations|v1\.1|payments|account|stock-alerts|reminders|orders|api\/(?:cart|auth|favorites|reminders))(?:[/.?]|$)/;
/** The shop's calls (the JSON API and the storefront's older call paths). */
const CALLS = /^\/(?:api|cart|checkout|customizations|v1\.1|payments)\//;
/** The route of the storefront's page handler, as against its files (assets, robots.txt). */
const PAGE_ROUTE = "*";

export interface Answer {
  /** The request's path and query. */
  url: string;
  /** Rendered by the storefront (a document or its data), not a call or a file. */
  page: boolean;
  /** The request carries a session (an anonymous visitor's or a member's). */
  session: boolean;
  member: boolean;
  /** The answer sets a cookie (a session, the CSRF token, a market). */
  setsCookie: boolean;
}

/**
 * Whether an answer is personal from what the request shows, before looking into the bag: one
 * that hands out a cookie; anything about the visitor's own things; a call made in a session; a
 * page for a member. Pictures, terms, files and probes are nobody's (decision 0021).
 */
export function personalAnswer(answer: Answer): boolean {
  if (answer.setsCookie || OWN_THINGS.test(answer.url)) return true;
  if (CALLS.test(answer.url)) return answer.session || answer.member;
  return answer.page && answer.member;
}

/**
 * `Cache-Control: private, no-store` on every personal answer, pages and calls, whatever the route
 * set; other answers keep their own. A page for an anonymous session is personal once the
 * session has a bag (its header shows the bag). A step installed on the root after the cookie plugin,
 * whose onSend hook writes the cookies this one looks for, and after the steps that set cookies.
 */
export function registerPrivateAnswers(app: FastifyInstance, steps: RequestSteps) {
  const { db } = app.database;
  const markPrivate = (reply: FastifyReply) => reply.header("cache-control", PRIVATE_ANSWER);
  const answerOf = (request: FastifyRequest, reply: FastifyReply): Answer => {
    const session = request.sessionId !== null;
    const member = request.user !== null;
    return {
      url: request.url,
      // Whether it is a page matters only with a session or a member: the route is looked up then
      // (Fastify builds a request's route options anew on each read).
      page: (session || member) && request.routeOptions.url === PAGE_ROUTE,
      session,
      member,
      setsCookie: reply.hasHeader("set-cookie"),
    };
  };
  steps.onAnswer(function privateAnswer(request, reply) {
    const answer = answerOf(request, reply);
    if (personalAnswer(answer)) {
      markPrivate(reply);
      return;
    }
    if (!answer.page || !answer.session) return;
    return findCartId(db, cartOwnerOf(request)).then(
      (cart) => {
        if (cart !== null) markPrivate(reply);
      },
      (error) => {
        // Whether the visitor has a bag is unknown: the page may show it.
        request.log.warn({ err: error }, "bag lookup for Cache-Control failed");
        markPrivate(reply);
      },
    );
  });
}
