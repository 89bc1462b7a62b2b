import { describe, expect, it, vi } from "vitest";
import { soft } from "./page-data.server.ts";

describe("secondary loader data", () => {
  it("passes a success through and logs nothing", async () => {
    const log = { error: vi.fn() };
    expect(await soft({ log } as never, "bag notices", Promise.resolve(["notice"]), [])).toEqual(["notice"]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("turns a failure into the fallback, logged on the request's logger", async () => {
    const log = { error: vi.fn() };
    const failure = new Error("database gone");
    expect(await soft({ log } as never, "bag notices", Promise.reject(failure), [])).toEqual([]);
    expect(log.error).toHaveBeenCalledWith({ err: failure }, "bag notices failed");
  });
});
