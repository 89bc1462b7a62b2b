import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createTestDatabase } from "./testing.ts";

describe("graceful shutdown", () => {
  it("finishes in-flight requests, refuses new ones, then closes the database", async () => {
    const testDb = await createTestDatabase();
    let closed = false;
    const database = {
      ...testDb.database,
      close: async () => {
        closed = true;
      },
    };
    const app = await buildApp(loadConfig({ NODE_ENV: "test" }), database, { pages: { mode: "none" } });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get("/slow-for-test", async () => {
      await gate;
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;

    const inFlight = fetch(`http://127.0.0.1:${port}/slow-for-test`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    const lateArrival = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(lateArrival);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
    await testDb.drop();
  });
});
