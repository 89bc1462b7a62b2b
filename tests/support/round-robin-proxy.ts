// A small load balancer for tests, on node:http: each request goes to the next shop process in turn,
// with the Host header kept and the client's address added to X-Forwarded-For (as nginx's
// $proxy_add_x_forwarded_for). A process that refuses the connection is skipped for that request,
// as nginx's `proxy_next_upstream error` does: nothing reached it, so another may answer. A request
// that reached a process which then died is answered 502 (or cut), never sent twice. A process that
// failed is left out for a few seconds (nginx's max_fails=1 fail_timeout), so a retry finds another.
import http from "node:http";
import type net from "node:net";

/** A request a backend has been sent and has not answered yet. */
export interface InFlight {
  /** The first X-Forwarded-For entry the client sent (a test's shopper address), else its socket address. */
  client: string;
  method: string;
  path: string;
}

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The shop processes' addresses (http://host:port), in turn; may be replaced while running. */
  backends: string[];
  /** Requests each backend answered, by its address. */
  served: Map<string, number>;
  /** What each backend is working on right now, by its address. */
  inFlight(backend: string): InFlight[];
  close(): Promise<void>;
}

/** Response header naming the backend that answered (its address), for tests to follow the turns. */
export const SERVED_BY_HEADER = "x-served-by";

export async function startRoundRobinProxy(backends: string[] = []): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let turn = 0;
  let pool = [...backends];
  const served = new Map<string, number>();
  const working = new Map<string, Set<InFlight>>();
  const downUntil = new Map<string, number>();
  const FAIL_TIMEOUT_MS = 5_000;

  const forward = (
    incoming: http.IncomingMessage,
    outgoing: http.ServerResponse,
    body: Buffer,
    refused: Set<string>,
  ) => {
    const untried = pool.filter((backend) => !refused.has(backend));
    if (untried.length === 0) {
      outgoing.writeHead(502, { "content-type": "text/plain" }).end("no shop process answered");
      return;
    }
    const up = untried.filter((backend) => (downUntil.get(backend) ?? 0) < Date.now());
    const choice = up.length ? up : untried;
    const backend = choice[turn++ % choice.length] as string;
    const target = new URL(backend);
    const sent = incoming.headers["x-forwarded-for"];
    const forwardedFor = [sent, incoming.socket.remoteAddress].filter(Boolean).join(", ");
    const task: InFlight = {
      client: (typeof sent === "string" ? sent.split(",")[0]?.trim() : undefined) ?? "",
      method: incoming.method ?? "GET",
      path: incoming.url ?? "/",
    };
    const tasks = working.get(backend) ?? new Set();
    working.set(backend, tasks.add(task));
    const done = () => tasks.delete(task);

    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": forwardedFor, connection: "keep-alive" },
      },
      (answer) => {
        served.set(backend, (served.get(backend) ?? 0) + 1);
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: backend });
        answer.pipe(outgoing);
        answer.on("end", done);
        answer.on("error", () => {
          done();
          outgoing.destroy();
        });
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      done();
      downUntil.set(backend, Date.now() + FAIL_TIMEOUT_MS);
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      // Refused: the request never reached that process, so another may take it.
      if (error.code === "ECONNREFUSED") {
        forward(incoming, outgoing, body, refused.add(backend));
        return;
      }
      outgoing.writeHead(502, { "content-type": "text/plain" }).end(`shop process failed: ${error.code}`);
    });
    upstream.end(body);
  };

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => forward(incoming, outgoing, Buffer.concat(chunks), new Set()));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get backends() {
      return pool;
    },
    set backends(list: string[]) {
      pool = [...list];
    },
    served,
    inFlight: (backend) => [...(working.get(backend) ?? [])],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
