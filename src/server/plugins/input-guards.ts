import { fieldErrors, HttpError } from "#kernel/errors.ts";
import { ANSWERED, type RequestSteps } from "../request-steps.ts";

/** The field error of text that cannot be stored (a translation id, decision 0010). */
export const UNSTORABLE_TEXT = "form.error.invalidCharacters";

/** The page renderer's catch-all route: every address that is not a call, a file or a picture. */
const PAGE_RENDERER = "*";
/** What a page answers: the storefront has no page actions, its writes go through the calls. */
const PAGE_METHODS = ["GET", "HEAD"];

/** Field errors named in one answer at most: a body full of bad text gets a short answer. */
const MAX_REPORTED = 20;

/**
 * Text PostgreSQL cannot store: a NUL character (refused in `text`), or half of a surrogate pair
 * (not a character at all; encoding it to UTF-8 would silently store U+FFFD instead).
 */
export const isUnstorableText = (text: string) => text.includes("\u0000") || !text.isWellFormed();

/** A key as it can be shown in a field error: what cannot be sent back becomes U+FFFD. */
const shown = (key: string) => key.replaceAll("\u0000", "\ufffd").toWellFormed();

/**
 * Parsed data: an array, or an object of plain keys (the query parser's objects have a prototype
 * that itself has none). Streams, buffers and other class instances are not parsed data.
 */
const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
};

/** A field's place in the input, kept as a chain so that a deep body costs no copying. */
interface Place {
  key: string;
  parent: Place | null;
}
const pathOf = (place: Place | null): string => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(shown(at.key));
  return keys.reverse().join(".");
};

/**
 * The fields of parsed input (a query, path parameters, a JSON or form body) whose key or text
 * cannot be stored, as the dotted paths field errors use. Walked without recursion, so a deeply
 * nested body cannot exhaust the stack; a body that is not parsed data (a stream, a buffer) is skipped.
 */
export function unstorableFields(input: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, Place | null][] = [[input, null]];
  while (pending.length > 0 && found.length < MAX_REPORTED) {
    const [value, place] = pending.pop() as [unknown, Place | null];
    if (typeof value === "string") {
      if (isUnstorableText(value)) found.push(pathOf(place));
    } else if (isContainer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const itemPlace = { key, parent: place };
        if (isUnstorableText(key)) found.push(pathOf(itemPlace));
        else pending.push([item, itemPlace]);
      }
    }
  }
  return found;
}

/** A request with a body, as its headers announce one (HTTP/1.1: a length above 0, or chunks). */
const carriesBody = (headers: { "content-length"?: string; "transfer-encoding"?: string }) =>
  headers["transfer-encoding"] !== undefined ||
  (headers["content-length"] !== undefined && headers["content-length"].trim() !== "0");

/** No input at all: nothing sent, or an object or array with nothing in it. */
function holdsNothing(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (typeof input !== "object") return false;
  for (const _key in input) return false;
  return true;
}

/**
 * Guards every route, whatever its contract says, against input that would otherwise reach a
 * handler and fail there as a 500:
 * - a method the page renderer cannot serve (TRACE, OPTIONS, a write to a page) is 405 with `Allow`;
 * - a body with a content coding is 415, before it is read: no browser compresses what it sends, and the shop
 *   does not inflate bodies (decision 0101), so it would otherwise reach a parser as bytes;
 * - text that cannot be stored anywhere in the path, the query or the body (keys included) is a 400
 *   with field errors, before the route's own validation, so no contract can forget it.
 * Steps of the root instance, installed before the routes, so every route and the 404 handler have them.
 */
export function registerInputGuards(steps: RequestSteps) {
  steps.onArrival(function pageMethod(request, reply) {
    // The method first: Fastify builds the route's options anew each time they are read.
    if (!PAGE_METHODS.includes(request.method) && request.routeOptions.url === PAGE_RENDERER) {
      reply
        .status(405)
        .header("allow", PAGE_METHODS.join(", "))
        .send({
          error: "method_not_allowed",
          message: `A page answers ${PAGE_METHODS.join(" and ")} only.`,
          request_id: request.id,
        });
      return ANSWERED;
    }
  });

  steps.onArrival(function plainBody(request, reply) {
    const encoding = request.headers["content-encoding"]?.trim().toLowerCase();
    if (!encoding || encoding === "identity" || !carriesBody(request.headers)) return;
    reply.status(415).header("accept-encoding", "identity").send({
      error: "unsupported_content_encoding",
      message: "Send the body without a content coding.",
      request_id: request.id,
    });
    return ANSWERED;
  });

  steps.onInput(function storableText(request) {
    const { params, query, body } = request;
    // Most requests (a page, a read with no query) carry nothing to look at: no walk, no arrays.
    if (holdsNothing(params) && holdsNothing(query) && holdsNothing(body)) return null;
    const fields = [params, query, body].flatMap(unstorableFields);
    if (fields.length === 0) return null;
    return new HttpError(
      400,
      "validation_failed",
      "Some fields hold characters that cannot be used.",
      fieldErrors(fields.slice(0, MAX_REPORTED).map((field) => ({ field, message: UNSTORABLE_TEXT }))),
    );
  });
}
