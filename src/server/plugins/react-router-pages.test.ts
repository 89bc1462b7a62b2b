import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWebResponse, webRequestOf, wholeIfReady } from "./react-router-pages.ts";

/** A body as React Router hands it over: a web stream, some parts late or failing if asked. */
function webBody(
  chunks: (string | Uint8Array)[],
  { lateAfterMs = 0, failAfter = -1, onCancel = () => {} } = {},
) {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index === failAfter) return controller.error(new Error("render failed"));
      if (index >= chunks.length) return controller.close();
      if (lateAfterMs && index === chunks.length - 1) await new Promise((r) => setTimeout(r, lateAfterMs));
      const chunk = chunks[index++] as string | Uint8Array;
      controller.enqueue(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
    },
    cancel: onCancel,
  });
}

/** The raw answer as the socket carried it: head and body, chunked or not. */
function rawAnswer(
  port: number,
  path: string,
  options: { method?: string; body?: string; headers?: Record<string, string | string[]> } = {},
): Promise<{ headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { port, path, host: "127.0.0.1", method: options.method ?? "GET", headers: options.headers },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on("end", () => resolve({ headers: response.headers, body }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

describe("the pages' answers on their way out", () => {
  const app = Fastify();
  let port = 0;
  const seen: { signal?: AbortSignal; cancelled?: boolean; closed?: boolean } = {};
  beforeAll(async () => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
      scope.get("/ready", async (_request, reply) =>
        sendWebResponse(
          reply,
          new Response(webBody(['[{"_1":2}', ',"product"', "]\n"]), {
            headers: { "content-type": "text/x-script" },
          }),
        ),
      );
      scope.get("/late", async (_request, reply) =>
        sendWebResponse(
          reply,
          new Response(webBody(["<html>", "<body>first</body>", "<p>late</p></html>"], { lateAfterMs: 30 }), {
            headers: { "content-type": "text/html" },
          }),
        ),
      );
      scope.get("/cookies", async (_request, reply) => {
        const headers = new Headers({ "content-type": "text/plain" });
        headers.append("set-cookie", "a=1; Path=/");
        headers.append("set-cookie", "b=2; Path=/; HttpOnly");
        return sendWebResponse(reply, new Response(null, { status: 204, headers }));
      });
      scope.get("/endless", async (request, reply) => {
        seen.signal = webRequestOf(request, reply).signal;
        seen.cancelled = false;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("<html>first part"));
          },
          cancel() {
            seen.cancelled = true;
          },
        });
        return sendWebResponse(reply, new Response(body, { headers: { "content-type": "text/html" } }));
      });
      scope.get("/whole", async (request, reply) => {
        seen.signal = webRequestOf(request, reply).signal;
        seen.closed = false;
        reply.raw.once("close", () => {
          seen.closed = true;
        });
        return sendWebResponse(reply, new Response("whole"));
      });
      scope.all("/echo", async (request, reply) => {
        const web = webRequestOf(request, reply);
        const answer = {
          method: web.method,
          url: web.url,
          accept: web.headers.get("accept-language"),
          cookies: web.headers.get("set-cookie"),
          body: web.method === "GET" ? null : await web.text(),
        };
        return sendWebResponse(reply, Response.json(answer));
      });
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it("sends a body that is complete at once as one body with its length, not chunked", async () => {
    const answer = await rawAnswer(port, "/ready");
    expect(answer.body).toBe('[{"_1":2},"product"]\n');
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers["content-type"]).toBe("text/x-script");
  });

  it("streams a body with a part still to come, the parts given first included, in order", async () => {
    const answer = await rawAnswer(port, "/late");
    expect(answer.body).toBe("<html><body>first</body><p>late</p></html>");
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.headers["content-length"]).toBeUndefined();
  });

  it("hands each cookie over as its own header", async () => {
    const answer = await rawAnswer(port, "/cookies");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/; HttpOnly"]);
  });

  it("stops React Router's work when the visitor goes away mid-page: the signal aborts, the body is cancelled", async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ port, path: "/endless", host: "127.0.0.1" }, (response) => {
        response.once("data", (chunk: Buffer) => {
          expect(chunk.toString()).toContain("first part");
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
      setTimeout(() => reject(new Error("no first part")), 2000);
    });
    for (let i = 0; i < 100 && !(seen.signal?.aborted && seen.cancelled); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.cancelled).toBe(true);
  });

  it("does not abort the request of an answer that went out whole", async () => {
    const answer = await rawAnswer(port, "/whole", { headers: { connection: "close" } });
    expect(answer.body).toBe("whole");
    for (let i = 0; i < 20 && !seen.closed; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen.closed).toBe(true);
    expect(seen.signal?.aborted).toBe(false);
  });

  it("gives React Router the request's address, headers (every value of a repeated one) and body", async () => {
    const answer = await rawAnswer(port, "/echo?q=st%C3%B8vler", {
      method: "POST",
      body: "name=Zoë ⚽",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "accept-language": "da-DK,da;q=0.9",
        // Node keeps a repeated set-cookie as a list, which goes over value by value.
        "set-cookie": ["a=1", "b=2"],
      },
    });
    const echoed = JSON.parse(answer.body);
    expect(echoed).toMatchObject({
      method: "POST",
      url: `http://127.0.0.1:${port}/echo?q=st%C3%B8vler`,
      accept: "da-DK,da;q=0.9",
      cookies: "a=1, b=2",
      body: "name=Zoë ⚽",
    });
  });

  it("gives React Router a request with no body where none was sent: a bare OPTIONS, POST or DELETE", async () => {
    for (const method of ["OPTIONS", "POST", "DELETE"]) {
      const answer = await rawAnswer(port, "/echo", { method });
      expect(answer.headers["content-type"], method).toMatch(/json/);
      expect(JSON.parse(answer.body), method).toMatchObject({ method, body: "" });
    }
  });

  it("takes a resource route's text chunks as well as bytes", async () => {
    const text = new ReadableStream<string>({
      start(controller) {
        controller.enqueue("sitemap ");
        controller.enqueue("ø");
        controller.close();
      },
    });
    const whole = await wholeIfReady(text as unknown as ReadableStream<Uint8Array>);
    expect(Buffer.isBuffer(whole) && whole.toString("utf8")).toBe("sitemap ø");
  });

  it("keeps multi-byte characters split across chunks whole", async () => {
    const text = Buffer.from("€ ⚽ ø");
    const whole = await wholeIfReady(webBody([text.subarray(0, 2), text.subarray(2, 5), text.subarray(5)]));
    expect(Buffer.isBuffer(whole) && whole.toString("utf8")).toBe("€ ⚽ ø");
  });

  it("passes a failure before the answer starts on as an error, not a cut answer", async () => {
    await expect(wholeIfReady(webBody(["<html>", "x"], { failAfter: 1 }))).rejects.toThrow("render failed");
  });
});
