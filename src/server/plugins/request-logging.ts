import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino, { type DestinationStream, type Logger } from "pino";
import { maskCardNumbers } from "#kernel/card-numbers.ts";

/**
 * One JSON line per request, written when the answer has gone out. Fastify's default writes two
 * (incoming and completed) and serialises the whole request and reply objects for each.
 */
export class ShopLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      // A card number sent in an address (never by the shop's own pages) is not written to the log.
      url: maskCardNumbers(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/**
 * The process logger. Lines are buffered and written asynchronously so a busy shop does not block
 * its event loop on stdout; the buffer is flushed when the server closes and when the process exits.
 */
export function createShopLogger(
  level: string,
  buffered: boolean,
  to?: DestinationStream,
): { logger: Logger; flush: () => void } {
  const redact = [
    "req.headers.cookie",
    "req.headers.authorization",
    "req.headers['x-csrftoken']",
    // Card fields, should a body ever be logged (the shop never asks for them with Adyen configured).
    "body.data.paymentMethod.number",
    "body.data.paymentMethod.cvc",
    "body.data.paymentMethod.expiryMonth",
    "body.data.paymentMethod.expiryYear",
  ];
  if (to) return { logger: pino({ level, redact }, to), flush: () => {} };
  // In development every line shows at once; in production lines are written in 4 KiB chunks.
  const destination = pino.destination({ dest: 1, sync: false, minLength: buffered ? 4096 : 0 });
  const flushOnExit = () => {
    try {
      destination.flushSync();
    } catch {
      // Nothing buffered, or stdout already closed.
    }
  };
  process.once("exit", flushOnExit);
  const flush = () => {
    process.off("exit", flushOnExit);
    flushOnExit();
  };
  const logger = pino({ level, redact }, destination);
  return { logger, flush };
}
