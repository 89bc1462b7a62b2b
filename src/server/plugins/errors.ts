import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseBusy } from "#db/client.ts";
import { fieldErrors, fieldErrorsFromIssues, HttpError, RetryLaterError } from "#kernel/errors.ts";
import type { ErrorReporter } from "../error-reporting.ts";

/** Seconds a client is asked to wait before trying again when the database is busy. */
const BUSY_RETRY_AFTER = 1;

/**
 * One error format for every API call: { error, message, fields?, request_id }. Stack traces and SQL
 * stay in the log. A request that found no free database connection in time is a 503 the client
 * may retry; any other unexpected error is a 500, logged and reported (when error reporting is set up).
 */
export function registerErrorHandling(app: FastifyInstance, reporter: ErrorReporter) {
  const unexpected = (error: unknown, request: FastifyRequest) =>
    reporter.capture(error, {
      requestId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
    });
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    const requestId = request.id;
    if (error instanceof RetryLaterError) {
      return reply.status(429).header("retry-after", String(error.retryAfterSeconds)).send({
        error: error.code,
        message: error.message,
        retry_after: error.retryAfterSeconds,
        request_id: requestId,
      });
    }
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
      return reply.status(400).send({
        error: "validation_failed",
        message: `Some ${error.validationContext ?? "request"} fields are not valid.`,
        fields: fieldErrors(
          error.validation.map((issue) => ({
            field: (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", "."),
            message: issue.message ?? "Invalid value",
          })),
        ),
        request_id: requestId,
      });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn("no database connection came free in time");
      return reply.status(503).header("retry-after", String(BUSY_RETRY_AFTER)).send({
        error: "database_busy",
        message: "The shop is very busy. Please try again in a moment.",
        request_id: requestId,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      unexpected(error, request);
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
    unexpected(error, request);
    return reply
      .status(500)
      .send({ error: "internal_error", message: "Something went wrong.", request_id: requestId });
  });
}
