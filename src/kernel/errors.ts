import { z } from "zod";
/**
 * The shop's one error type. Services throw it for a request that passed schema validation but cannot
 * be served (unknown id, no stock, wrong owner, …). It carries the status the edge answers with, a
 * stable code, a message (a translation id or a sentence) and optional field errors; the server's error
 * handler turns it into the API's error answer (the bag's add and code calls answer a refusal in the
 * storefront's result shape).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  constructor(statusCode: number, code: string, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

/**
 * A 429 that says when to come back: answered with a Retry-After header and `retry_after` (seconds)
 * in the body.
 */
export class RetryLaterError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Field errors as every 400 carries them: { "field.path": [messages] }. The object has no prototype,
 * so a field named like one of Object's own properties (`constructor`, `toString`, `__proto__`) is a
 * field like any other.
 */
export function fieldErrors(entries: Iterable<{ field: string; message: string }>): Record<string, string[]> {
  const fields: Record<string, string[]> = Object.create(null);
  for (const { field, message } of entries) {
    const key = field || "_";
    const messages = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (messages) messages.push(message);
    else fields[key] = [message];
  }
  return fields;
}

/** Zod issues → { "field.path": [messages] }, the field errors every 400 carries. */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string[]> {
  return fieldErrors(
    issues.map((issue) => ({ field: issue.path.map(String).join("."), message: issue.message })),
  );
}

/** Errors as the server's error handler sends them; field errors and the request id pass through. */
export const errorOutput = z.object({ error: z.string(), message: z.string() }).loose();
