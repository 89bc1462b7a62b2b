import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createTestDatabase } from "./testing.ts";

describe("request logs", () => {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  let close: () => Promise<void>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" });
    app = await buildApp(
      config,
      { ...testDb.database, close: async () => {} },
      {
        pages: { mode: "none" },
        logDestination: destination,
      },
    );
    await app.ready();
    close = async () => {
      await app.close();
      await testDb.drop();
    };
  });
  afterAll(async () => close?.());

  it("writes one line per request with its request id, status and time, and no cookies", async () => {
    lines.length = 0;
    const response = await app.inject({
      method: "GET",
      url: "/api/markets/",
      headers: { "x-request-id": "checkout-trace-0001", cookie: "sessionid=secret-value" },
    });
    expect(response.statusCode).toBe(200);
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      reqId: "checkout-trace-0001",
      method: "GET",
      url: "/api/markets/",
      statusCode: 200,
    });
    expect(typeof completed[0]?.responseTime).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("secret-value");
  });

  it("gives a request without a usable id a fresh one", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/api/markets/", headers: { "x-request-id": "bad id!" } });
    const [line] = lines.filter((l) => l.msg === "request completed");
    expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
