import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { LogController } from "fastify";
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from "pino";
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

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/**
 * A request's logger, made into pino's child only when the request logs something. Fastify makes a
 * child for every request, and hands pino an options object even when it is empty, which sends pino
 * down its slow path (formatters built again for every child): about 1.7 µs a request on the slow
 * benchmark machine, for a logger most requests never write to at `warn`. This one checks the level
 * first, and makes the child, on pino's fast path when there are no options, on the first line.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #made: Logger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions | undefined;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions | undefined) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): Logger {
    this.#made ??= this.#options
      ? this.#parent.child(this.#bindings, this.#options)
      : this.#parent.child(this.#bindings);
    return this.#made;
  }

  #enabled(level: Level): boolean {
    if (this.#made) return this.#made.isLevelEnabled(level);
    const own = this.#options?.level;
    const threshold = own ? this.#parent.levels.values[own] : this.#parent.levelVal;
    return (this.#parent.levels.values[level] ?? 0) >= (threshold ?? 0);
  }

  get level(): string {
    return this.#made?.level ?? this.#options?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }

  // Methods on the prototype, not arrow fields: nothing made per request for the levels.
  fatal(...args: Parameters<pino.LogFn>): void {
    this.#write("fatal", args);
  }
  error(...args: Parameters<pino.LogFn>): void {
    this.#write("error", args);
  }
  warn(...args: Parameters<pino.LogFn>): void {
    this.#write("warn", args);
  }
  info(...args: Parameters<pino.LogFn>): void {
    this.#write("info", args);
  }
  debug(...args: Parameters<pino.LogFn>): void {
    this.#write("debug", args);
  }
  trace(...args: Parameters<pino.LogFn>): void {
    this.#write("trace", args);
  }
  silent(): void {}

  #write(level: Level, args: unknown[]): void {
    if (!this.#enabled(level)) return;
    const logger = this.#logger();
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  isLevelEnabled(level: string): boolean {
    return this.#enabled(level as Level);
  }

  bindings(): Bindings {
    return this.#logger().bindings();
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * The process logger as Fastify is handed it (`loggerInstance`). Once, as it starts, Fastify makes
 * its own logger as a child of the one it is given, with its serializers; that child is pino's, as
 * before, except that its children are {@link LazyRequestLogger}s. Fastify makes each request's
 * logger through that `child`, with its own default factory, which it trusts. Given a
 * `childLoggerFactory` of the shop's own instead (decision 0094), Fastify checked the logger it made
 * method by method on every request: seven look-ups by name, an array and a closure, about 3,200
 * instructions a request (decision 0100).
 */
export function withLazyChildren(logger: Logger): FastifyBaseLogger {
  return withChild(logger, (bindings, options) => withLazyRequestLoggers(logger.child(bindings, options)));
}

/** Fastify's own logger: pino's, whose children (each request's logger) are lazy. */
function withLazyRequestLoggers(logger: Logger): Logger {
  return withChild(
    logger,
    (bindings, options) =>
      // Fastify always passes an options object; an empty one is no options for pino.
      new LazyRequestLogger(logger, bindings, holdsAnOption(options) ? options : undefined),
  );
}

/**
 * The logger itself in all but `child`: an object whose prototype is the logger, as pino makes its
 * own children, so its levels, level methods and bindings are the logger's.
 */
function withChild(
  logger: Logger,
  child: (bindings: Bindings, options?: ChildLoggerOptions) => FastifyBaseLogger,
): Logger {
  const shown: Logger = Object.create(logger);
  shown.child = child as Logger["child"];
  return shown;
}

/** Told without listing the keys: this runs for every request. */
function holdsAnOption(options: ChildLoggerOptions | undefined): boolean {
  for (const _key in options) return true;
  return false;
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
