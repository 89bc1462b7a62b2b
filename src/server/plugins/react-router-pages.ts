import { Readable } from "node:stream";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

/**
 * The pages: React Router's request handler behind a catch-all route, and the build's files
 * (decision 0093). The shop's own, instead of the Fastify adapter's, for the answer's way out: a
 * page or data call whole by the time the event loop turns is sent as one buffer made of the bytes
 * React Router wrote, not copied chunk by chunk into a Node stream first and gathered again.
 */
export interface ReactRouterPagesOptions {
  /** The production build, imported once; absent, Vite's dev server hands over its current build. */
  build?: ServerBuild;
  devServer?: ViteDevServer;
  /** The build's browser files (hashed scripts, styles, media), served in production only. */
  clientBuildDirectory: string;
  staticOptions: Partial<FastifyStaticOptions>;
  getLoadContext: (request: FastifyRequest, reply: FastifyReply) => Promise<RouterContextProvider>;
}

export async function registerReactRouterPages(scope: FastifyInstance, options: ReactRouterPagesOptions) {
  const { devServer, build } = options;
  if (!devServer)
    await scope.register(fastifyStatic, {
      root: options.clientBuildDirectory,
      prefix: "/",
      // One route per file found at start, matched by the router: no file-system look-up per request.
      wildcard: false,
      cacheControl: false,
      dotfiles: "ignore",
      etag: true,
      lastModified: true,
      ...options.staticOptions,
    });
  // Without a build (a test that never reaches a page) the handler fails when a page is asked for.
  const serverBuild = devServer
    ? () => devServerBuild(devServer)
    : (build ?? (() => Promise.reject(new Error("No page build: run `npm run build`."))));
  const handle = createRequestHandler(serverBuild, process.env.NODE_ENV);
  // A page's form posts reach React Router's action as sent: no body parsed on the way.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  scope.all("*", async (request, reply) => {
    const response = await handle(webRequestOf(request, reply), await options.getLoadContext(request, reply));
    return sendWebResponse(reply, response);
  });
}

/** The build as Vite's dev server has it now (it changes with every saved file). */
async function devServerBuild(vite: ViteDevServer): Promise<ServerBuild> {
  const id = "virtual:react-router/server-build";
  const runner = vite.environments?.ssr as { runner?: { import(id: string): Promise<unknown> } } | undefined;
  return (await (runner?.runner ? runner.runner.import(id) : vite.ssrLoadModule(id))) as ServerBuild;
}

/**
 * The request as React Router takes it. Its signal aborts when the visitor goes away before the
 * answer has gone out, which stops a page's render at once.
 */
export function webRequestOf(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const name in request.headers) {
    const value = request.headers[name];
    if (value === undefined) continue;
    if (typeof value === "string") headers.set(name, value);
    else for (const item of value) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  // The catch-all's parser hands a body over unread (above); a request without one (a bare OPTIONS,
  // a POST with no content) has none, and its web request has none either.
  if (request.method !== "GET" && request.method !== "HEAD" && request.body instanceof Readable) {
    init.body = createReadableStreamFromReadable(request.body);
    init.duplex = "half";
  }
  return new Request(`${request.protocol}://${request.host}${request.originalUrl}`, init);
}

/** React Router's answer through the reply: status, headers (cookies each as their own), body. */
export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(await wholeIfReady(response.body));
}

/**
 * The bytes of a chunk as a Buffer over the same memory: React Router does not write to it again. A
 * resource route's own stream may give text or an ArrayBuffer instead: those are converted.
 */
const asBuffer = (chunk: Uint8Array | ArrayBuffer | string): Buffer =>
  ArrayBuffer.isView(chunk)
    ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    : Buffer.from(chunk as ArrayBuffer);

/**
 * A body that has all of its bytes by the time the event loop turns (every chunk and its end came in
 * microtasks) becomes one buffer, sent in one write with its length: a page data call always, a page
 * with nothing left to stream by then. A body still waiting then (a page streaming a part that has not
 * resolved) goes on as a stream, what it gave first included. Decisions 0068 and 0093.
 */
export function wholeIfReady(body: ReadableStream<Uint8Array>): Promise<Buffer | Readable> {
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  type Read = ReadableStreamReadResult<Uint8Array>;
  let pending: Promise<Read> | null = null;
  let handedOver = false;
  return new Promise((resolve, reject) => {
    const timer = setImmediate(() => {
      handedOver = true;
      resolve(streamOn(reader, chunks, pending));
    });
    const readNext = () => {
      const read = reader.read();
      pending = read;
      read.then(
        ({ done, value }) => {
          // After the turn the stream reads this same result itself.
          if (handedOver) return;
          if (done) {
            clearImmediate(timer);
            resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
            return;
          }
          chunks.push(asBuffer(value));
          readNext();
        },
        (error: unknown) => {
          if (handedOver) return;
          clearImmediate(timer);
          reject(error);
        },
      );
    };
    readNext();
  });
}

/** The rest of a body as a Node stream: the chunks read so far, the read under way, then the others. */
function streamOn(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  first: Buffer[],
  pending: Promise<ReadableStreamReadResult<Uint8Array>> | null,
): Readable {
  let given = first;
  let next = pending;
  return new Readable({
    read() {
      if (given.length > 0) {
        for (const chunk of given) this.push(chunk);
        given = [];
        return;
      }
      const read = next ?? reader.read();
      next = null;
      read.then(
        ({ done, value }) => this.push(done ? null : asBuffer(value)),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    // The visitor went away (the reply destroys its stream): React Router's stream is told so.
    destroy(error, callback) {
      reader.cancel(error ?? undefined).catch(() => {});
      callback(error);
    },
  });
}
