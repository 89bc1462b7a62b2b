import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/** Thrown by services for a bad request that passed schema validation (unknown id, stock, …). */
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

export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    if (!fields[key]) fields[key] = [];
    fields[key].push(issue.message);
  }
  return fields;
}

/**
 * One error format for every API call: { error, message, fields?, request_id }. Stack traces and SQL
 * stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    const requestId = request.id;
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        request_id: requestId,
      });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({
        error: "validation_failed",
        message: "Some fields are not valid.",
        fields: fieldErrorsFromIssues(error.issues),
        request_id: requestId,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "_";
        if (!fields[key]) fields[key] = [];
        fields[key].push(issue.message ?? "Invalid value");
      }
      return reply.status(400).send({
        error: "validation_failed",
        message: `Some ${error.validationContext ?? "request"} fields are not valid.`,
        fields,
        request_id: requestId,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply
        .status(500)
        .send({ error: "internal_error", message: "Something went wrong.", request_id: requestId });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || (error instanceof SyntaxError && status === 400)) {
      return reply
        .status(400)
        .send({ error: "malformed_json", message: "The body is not valid JSON.", request_id: requestId });
    }
    if (status === 413 || code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply
        .status(413)
        .send({ error: "body_too_large", message: "The request body is too large.", request_id: requestId });
    }
    if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send({
        error: "unsupported_media_type",
        message: "Unsupported content type.",
        request_id: requestId,
      });
    }
    if (status === 429) {
      return reply.status(429).send({
        error: "rate_limited",
        message: "Too many attempts. Try again later.",
        request_id: requestId,
      });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: code ?? "bad_request", message: error.message, request_id: requestId });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ error: "internal_error", message: "Something went wrong.", request_id: requestId });
  });
}
