import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { ANSWERED, RequestSteps } from "./request-steps.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app with the steps installed and one route that records that it ran. */
function appWith(build: (steps: RequestSteps, seen: string[]) => void) {
  const app = Fastify();
  apps.push(app);
  const seen: string[] = [];
  const steps = new RequestSteps();
  build(steps, seen);
  steps.install(app);
  app.post("/thing", async (request) => {
    seen.push("handler");
    return { body: request.body };
  });
  return { app, seen };
}

const later = (ms = 5) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("the request steps, one hook per phase", () => {
  it("runs the arrival steps in order, waiting for a step's promise before the next", async () => {
    const { app, seen } = appWith((steps, seen) => {
      steps.onArrival(() => {
        seen.push("first");
        return undefined;
      });
      steps.onArrival(() => later().then(() => void seen.push("second, after the database")));
      steps.onArrival(() => {
        seen.push("third");
        return undefined;
      });
    });
    const response = await app.inject({ method: "POST", url: "/thing", payload: { a: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { a: 1 } });
    expect(seen).toEqual(["first", "second, after the database", "third", "handler"]);
  });

  it("stops at a step that answers: its answer goes out, and no later step or handler runs", async () => {
    const { app, seen } = appWith((steps, seen) => {
      steps.onArrival((_request, reply) => {
        reply.status(403).send({ error: "refused" });
        return ANSWERED;
      });
      steps.onArrival(() => {
        seen.push("after the refusal");
        return undefined;
      });
      steps.onAnswer(() => {
        seen.push("answer step");
        return undefined;
      });
    });
    const response = await app.inject({ method: "POST", url: "/thing", payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "refused" });
    // The refusal is an answer like any other: it gets the answer steps (headers, cookies).
    expect(seen).toEqual(["answer step"]);
  });

  it("makes a step that throws, or whose promise fails, the request's error", async () => {
    for (const failing of [
      () => {
        throw new Error("thrown");
      },
      () => later().then(() => Promise.reject(new Error("rejected"))),
    ]) {
      const { app, seen } = appWith((steps) => {
        steps.onArrival(failing);
      });
      app.setErrorHandler((error, _request, reply) => {
        reply.status(503).send({ failed: (error as Error).message });
      });
      const response = await app.inject({ method: "POST", url: "/thing", payload: {} });
      expect(response.statusCode).toBe(503);
      expect(["thrown", "rejected"]).toContain(response.json().failed);
      expect(seen).toEqual([]);
    }
  });

  it("takes a step that fails with no error at all for a failure, never for leave to go on", async () => {
    for (const failing of [
      () => later().then(() => Promise.reject(undefined)),
      () => {
        throw null;
      },
    ]) {
      const { app, seen } = appWith((steps, seen) => {
        steps.onArrival(failing);
        steps.onArrival(() => {
          seen.push("the check after it");
          return undefined;
        });
      });
      const response = await app.inject({ method: "POST", url: "/thing", payload: {} });
      expect(response.statusCode).toBe(500);
      expect(seen).toEqual([]);
    }
  });

  it("stops at a step that sent an answer without saying so, as Fastify stops its hooks", async () => {
    const { app, seen } = appWith((steps, seen) => {
      steps.onArrival((_request, reply) => {
        reply.hijack();
        reply.raw.end("sent by hand");
        return undefined;
      });
      steps.onArrival(() => {
        seen.push("after the answer");
        return undefined;
      });
    });
    const response = await app.inject({ method: "POST", url: "/thing", payload: {} });
    expect(response.body).toBe("sent by hand");
    expect(seen).toEqual([]);
  });

  it("refuses input with the first input step's error, before the handler", async () => {
    const { app, seen } = appWith((steps, seen) => {
      steps.onInput((request) => {
        seen.push("first check");
        return (request.body as { bad?: boolean }).bad
          ? Object.assign(new Error("bad"), { statusCode: 400 })
          : null;
      });
      steps.onInput(() => {
        seen.push("second check");
        return null;
      });
    });
    const refused = await app.inject({ method: "POST", url: "/thing", payload: { bad: true } });
    expect(refused.statusCode).toBe(400);
    expect(seen).toEqual(["first check"]);
    seen.length = 0;
    const passed = await app.inject({ method: "POST", url: "/thing", payload: { bad: false } });
    expect(passed.statusCode).toBe(200);
    expect(seen).toEqual(["first check", "second check", "handler"]);
  });

  it("runs the answer steps in order, waiting for a promise, and sends the body unchanged", async () => {
    const { app } = appWith((steps) => {
      steps.onAnswer((_request, reply) => {
        reply.header("x-first", "1");
        return undefined;
      });
      steps.onAnswer((_request, reply) =>
        later().then(() => {
          reply.header("x-second", reply.getHeader("x-first") === "1" ? "after the first" : "before");
        }),
      );
    });
    const response = await app.inject({ method: "POST", url: "/thing", payload: { kept: "é✓" } });
    expect(response.headers["x-first"]).toBe("1");
    expect(response.headers["x-second"]).toBe("after the first");
    expect(response.json()).toEqual({ body: { kept: "é✓" } });
  });

  it("is installed once, and refuses a step added after, which would never run", () => {
    const steps = new RequestSteps();
    const app = Fastify();
    apps.push(app);
    steps.install(app);
    expect(() => steps.install(app)).toThrow(/once/);
    expect(() => steps.onArrival(() => undefined)).toThrow(/once/);
    expect(() => steps.onInput(() => null)).toThrow(/once/);
    expect(() => steps.onAnswer(() => undefined)).toThrow(/once/);
  });
});
