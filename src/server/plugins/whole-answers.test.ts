import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWholeAnswers, wholeIfReady } from "./whole-answers.ts";

/** A web stream through the pages' adapter's conversion: chunks pulled from a reader, as it does. */
function fromWeb(chunks: string[], { lateAfterMs = 0, failAfter = -1 } = {}) {
  let index = 0;
  const web = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index === failAfter) return controller.error(new Error("render failed"));
      if (index >= chunks.length) return controller.close();
      if (lateAfterMs && index === chunks.length - 1) await new Promise((r) => setTimeout(r, lateAfterMs));
      controller.enqueue(new TextEncoder().encode(chunks[index++]));
    },
  });
  const reader = web.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : Buffer.from(value)),
        (error: Error) => this.destroy(error),
      );
    },
  });
}

/** The raw answer as the socket carried it: head and body, chunked or not. */
function rawAnswer(port: number, path: string): Promise<{ head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ port, path, host: "127.0.0.1" }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on("end", () => resolve({ head: JSON.stringify(response.headers), body }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

describe("answers whole by the time they are sent", () => {
  const app = Fastify();
  let port = 0;
  beforeAll(async () => {
    await app.register(async (scope) => {
      registerWholeAnswers(scope);
      scope.get("/ready", async (_request, reply) =>
        reply.type("text/x-script").send(fromWeb(['[{"_1":2}', ',"product"', "]\n"])),
      );
      scope.get("/late", async (_request, reply) =>
        reply
          .type("text/html")
          .send(fromWeb(["<html>", "<body>first</body>", "<p>late</p></html>"], { lateAfterMs: 30 })),
      );
      scope.get("/json", async () => ({ ok: "ünïcødé ⚽" }));
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it("sends a stream that is complete at once as one body with its length, not chunked", async () => {
    const answer = await rawAnswer(port, "/ready");
    expect(answer.body).toBe('[{"_1":2},"product"]\n');
    const head = JSON.parse(answer.head) as Record<string, string>;
    expect(head["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
    expect(head["transfer-encoding"]).toBeUndefined();
  });

  it("streams a body with a part still to come, the parts given first included, in order", async () => {
    const answer = await rawAnswer(port, "/late");
    expect(answer.body).toBe("<html><body>first</body><p>late</p></html>");
    const head = JSON.parse(answer.head) as Record<string, string>;
    expect(head["transfer-encoding"]).toBe("chunked");
    expect(head["content-length"]).toBeUndefined();
  });

  it("leaves answers that are not streams alone", async () => {
    const response = await app.inject({ method: "GET", url: "/json" });
    expect(response.json()).toEqual({ ok: "ünïcødé ⚽" });
  });

  it("keeps multi-byte characters split across chunks whole", async () => {
    const euro = Buffer.from("€ ⚽ ø");
    const parts = [euro.subarray(0, 2), euro.subarray(2, 5), euro.subarray(5)];
    const whole = await wholeIfReady(Readable.from(parts));
    expect(Buffer.isBuffer(whole) && whole.toString("utf8")).toBe("€ ⚽ ø");
  });

  it("passes a failure before the answer starts on as an error, not a cut answer", async () => {
    await expect(wholeIfReady(fromWeb(["<html>", "x"], { failAfter: 1 }))).rejects.toThrow("render failed");
  });
});
