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

/** How long a line may wait in a quiet process's buffer before it is written anyway. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * Log lines batched in memory and written to a file descriptor asynchronously, at least 4 KiB at a
 * time (or every line, unbatched). Lines are kept as bytes, not as one growing string: sonic-boom's
 * string mode measures the whole waiting text in bytes again for every line it is given, which a busy
 * shop paid for with about a microsecond a line (decision 0093). sonic-boom writes what waits every
 * flush interval, so a quiet process's lines wait at most that long. Made through pino's own
 * `destination`, which stops logging quietly when the reader of the descriptor has gone (a broken
 * pipe) and writes what waits when the process exits.
 */
export function batchedLogDestination(
  fd: number,
  { batched, flushIntervalMs = LOG_FLUSH_INTERVAL_MS }: { batched: boolean; flushIntervalMs?: number },
) {
  const boom = pino.destination({
    dest: fd,
    sync: false,
    minLength: batched ? 4096 : 0,
    contentMode: "buffer",
    ...(batched ? { periodicFlush: flushIntervalMs } : {}),
  });
  return {
    // sonic-boom's buffer mode takes bytes; pino hands over text.
    write: (line: string) => boom.write(Buffer.from(line) as unknown as string),
    /** Writes what waits at once, blocking: when the server closes and when the process exits. */
    flushSync() {
      try {
        boom.flushSync();
      } catch {
        // Nothing buffered, or the descriptor already closed.
      }
    },
    /** Writes what waits, stops the interval and closes the descriptor (not stdout or stderr). */
    close() {
      this.flushSync();
      boom.destroy();
    },
  };
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
  // In development every line shows at once; in production lines are written in 4 KiB batches.
  const destination = batchedLogDestination(1, { batched: buffered });
  // pino's destination writes what waits when the process exits, lines logged after the server
  // closed (a late job's error) included; closing the server writes what waits at once.
  const logger = pino({ level, redact }, destination);
  return { logger, flush: () => destination.flushSync() };
}
