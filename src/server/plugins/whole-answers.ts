import { PassThrough, pipeline, type Readable } from "node:stream";
import type { FastifyInstance } from "fastify";

/**
 * A stream that has all of its bytes by the time the event loop turns (every chunk and its end came
 * in microtasks) becomes one buffer; a stream still waiting then (a page streaming a part that has
 * not resolved, a compressor working in the thread pool) goes on as a stream, what it gave first
 * included. Decision 0068.
 */
export function wholeIfReady(stream: Readable): Promise<Buffer | Readable> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer | string) =>
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    const stopListening = () => {
      clearImmediate(timer);
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
    };
    const onEnd = () => {
      stopListening();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stopListening();
      reject(error);
    };
    const timer = setImmediate(() => {
      stopListening();
      stream.pause();
      const rest = new PassThrough();
      for (const chunk of chunks) rest.write(chunk);
      // Either side failing or closing (the visitor went away) ends both.
      pipeline(stream, rest, () => {});
      resolve(rest);
    });
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
  });
}

const isStream = (payload: unknown): payload is Readable =>
  payload !== null && typeof payload === "object" && typeof (payload as Readable).pipe === "function";

/**
 * Pages and their data calls (`…_.data`) come from React Router as a web stream, which the pages'
 * adapter sends chunked: the head and the first chunk in one write, then the last chunk and the
 * chunked ending in others. A page data call is whole at once (its loaders have resolved), and so
 * is a page with nothing left to stream by then: sent as a buffer, it goes in one write with its
 * length. That was a fifth of the server's time on the product data call: a write to the socket is
 * a system call, and on loopback the kernel's delivery is paid by the sender. Registered on the
 * pages' scope after the page cache, which reads a page it keeps itself.
 */
export function registerWholeAnswers(scope: FastifyInstance) {
  scope.addHook("onSend", (_request, _reply, payload, done) => {
    if (!isStream(payload)) return done(null, payload);
    wholeIfReady(payload).then(
      (whole) => done(null, whole),
      (error: Error) => done(error),
    );
  });
}
