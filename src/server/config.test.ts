import os from "node:os";
import { describe, expect, it } from "vitest";
import { defaultPoolSize, loadConfig } from "./config.ts";

const trustProxy = (value: string | undefined) =>
  loadConfig({ NODE_ENV: "test", TRUST_PROXY: value }).trustProxy;

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset, empty, false or 0", () => {
    for (const value of [undefined, "", "false", "0", " FALSE "]) expect(trustProxy(value)).toBe(false);
  });

  it("reads true as one proxy in front, and a number as that many hops", () => {
    expect(trustProxy("true")).toBe(1);
    expect(trustProxy("TRUE")).toBe(1);
    expect(trustProxy("1")).toBe(1);
    expect(trustProxy("2")).toBe(2);
    expect(trustProxy(" 3 ")).toBe(3);
  });

  it("reads a comma-separated list of proxy addresses and ranges", () => {
    expect(trustProxy("10.0.0.0/8, 192.0.2.7,fd00::/8 , ::1, loopback")).toEqual([
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::/8",
      "::1",
      "loopback",
    ]);
  });

  it.each([
    "yes",
    "-1",
    "1.5",
    "1e3",
    "100",
    "*",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.0/",
    "10.0.0.0/8/8",
    "300.1.1.1",
    "10.0.0.0/8,,192.0.2.7",
    "10.0.0.0/8, proxy.internal",
  ])("refuses %j at start, naming the variable and what it takes", (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY.*hop count.*address/s);
  });
});

describe("API_DOCS", () => {
  const apiDocs = (env: NodeJS.ProcessEnv) => loadConfig({ SESSION_SECRET: "a-secret", ...env }).apiDocs;

  it("keeps the API docs off in production unless API_DOCS=true", () => {
    expect(apiDocs({ NODE_ENV: "production" })).toBe(false);
    expect(apiDocs({ NODE_ENV: "production", API_DOCS: "true" })).toBe(true);
  });

  it("serves them in development and tests unless API_DOCS=false", () => {
    expect(apiDocs({ NODE_ENV: "development" })).toBe(true);
    expect(apiDocs({ NODE_ENV: "test" })).toBe(true);
    expect(apiDocs({ NODE_ENV: "test", API_DOCS: "false" })).toBe(false);
  });

  it("refuses anything but true or false", () => {
    expect(() => apiDocs({ NODE_ENV: "production", API_DOCS: "yes please" })).toThrow(
      /API_DOCS.*true.*false/,
    );
  });
});

describe("database pool", () => {
  const pool = (env: NodeJS.ProcessEnv) => {
    const config = loadConfig({ NODE_ENV: "test", ...env });
    return { size: config.databasePoolSize, timeout: config.databaseAcquireTimeoutMs };
  };

  it("keeps the host's share of twice its cores and one and waits 5 s for one unless told otherwise", () => {
    expect(pool({})).toEqual({ size: defaultPoolSize(1), timeout: 5000 });
    expect(pool({ SERVER_PROCESSES: "2", DATABASE_URL: "postgres://db/shop" }).size).toBe(defaultPoolSize(2));
    // The processes that will run, also when set by the caller rather than the environment.
    const overridden = loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://db/shop" }, { processes: 8 });
    expect(overridden.databasePoolSize).toBe(defaultPoolSize(8));
    expect(
      loadConfig(
        { NODE_ENV: "test", DATABASE_URL: "postgres://db/shop", DATABASE_POOL_SIZE: "7" },
        { processes: 8 },
      ).databasePoolSize,
    ).toBe(7);
    expect(pool({ DATABASE_POOL_SIZE: "40", DATABASE_ACQUIRE_TIMEOUT_MS: " 250 " })).toEqual({
      size: 40,
      timeout: 250,
    });
  });

  it("sizes the default pool for the host's cores, shared by its processes, from 3 to 10 a process", () => {
    // One process on a 2-core host (the database beside it): 5, the rule of thumb 2 × cores + 1.
    expect(defaultPoolSize(1, 2)).toBe(5);
    expect(defaultPoolSize(1, 1)).toBe(3);
    expect(defaultPoolSize(1, 4)).toBe(9);
    // Large hosts keep the 10 a process kept before.
    expect(defaultPoolSize(1, 64)).toBe(10);
    // A process per core shares the host's: 2 cores, 2 processes → 3 each; 8 and 8 → 3 each.
    expect(defaultPoolSize(2, 2)).toBe(3);
    expect(defaultPoolSize(8, 8)).toBe(3);
    expect(defaultPoolSize(4, 16)).toBe(9);
    // A host that reports no cores is taken as one.
    expect(defaultPoolSize(1, 0)).toBe(3);
  });

  it.each([
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_SIZE", "ten"],
    ["DATABASE_POOL_SIZE", "2.5"],
    ["DATABASE_ACQUIRE_TIMEOUT_MS", "-1"],
    ["DATABASE_ACQUIRE_TIMEOUT_MS", "1e3"],
  ])("refuses %s=%j at start", (name, value) => {
    expect(() => pool({ [name]: value })).toThrow(new RegExp(`${name}.*whole number`));
  });
});

describe("metrics token and error reporting", () => {
  const config = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: "test", ...env });

  it("reads the metrics token and refuses one short enough to guess", () => {
    expect(config({}).metricsToken).toBeUndefined();
    expect(config({ METRICS_TOKEN: "0123456789abcdef0123" }).metricsToken).toBe("0123456789abcdef0123");
    expect(() => config({ METRICS_TOKEN: "secret" })).toThrow(/METRICS_TOKEN.*at least 16/);
    expect(() => config({ METRICS_TOKEN: "a long token with spaces" })).toThrow(/METRICS_TOKEN/);
  });

  it("reads the Sentry DSNs, and refuses an address that is not one", () => {
    const dsn = "https://0123abcd@o1.ingest.example.io/42";
    expect(config({}).sentryDsn).toBeUndefined();
    expect(config({ SENTRY_DSN: dsn, SENTRY_BROWSER_DSN: dsn })).toMatchObject({
      sentryDsn: dsn,
      sentryBrowserDsn: dsn,
      sentryEnvironment: "test",
    });
    for (const wrong of ["o1.ingest.example.io/42", "https://o1.ingest.example.io/42", "ftp://k@host/1"])
      expect(() => config({ SENTRY_DSN: wrong }), wrong).toThrow(/SENTRY_DSN is not a Sentry DSN/);
  });
});

describe("PAGE_CACHE", () => {
  const pageCache = (env: NodeJS.ProcessEnv) => loadConfig(env).pageCache;

  it("is on in production and off in development and tests unless set", () => {
    expect(pageCache({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) })).toBe(true);
    expect(pageCache({ NODE_ENV: "development" })).toBe(false);
    expect(pageCache({ NODE_ENV: "test" })).toBe(false);
  });

  it("reads on and off (and true/false, 1/0) either way", () => {
    expect(pageCache({ NODE_ENV: "test", PAGE_CACHE: "on" })).toBe(true);
    expect(pageCache({ NODE_ENV: "test", PAGE_CACHE: " ON " })).toBe(true);
    expect(pageCache({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), PAGE_CACHE: "off" })).toBe(
      false,
    );
    expect(pageCache({ NODE_ENV: "test", PAGE_CACHE: "1" })).toBe(true);
  });

  it("stops the start on anything else", () => {
    expect(() => loadConfig({ NODE_ENV: "test", PAGE_CACHE: "sometimes" })).toThrow(/PAGE_CACHE.*on or off/);
  });
});

describe("CATALOGUE_REVISION_REUSE_MS", () => {
  const reuse = (env: NodeJS.ProcessEnv) => loadConfig(env).catalogueRevisionReuseMs;

  it("is 50 ms in production and 0 (every request reads) in development and tests unless set", () => {
    expect(reuse({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) })).toBe(50);
    expect(reuse({ NODE_ENV: "development" })).toBe(0);
    expect(reuse({ NODE_ENV: "test" })).toBe(0);
    expect(reuse({ NODE_ENV: "test", CATALOGUE_REVISION_REUSE_MS: "200" })).toBe(200);
  });

  it("stops the start on a negative, fractional, huge or non-numeric value", () => {
    for (const wrong of ["-1", "2.5", "1001", "soon", "99999999999999999999"])
      expect(() => loadConfig({ NODE_ENV: "test", CATALOGUE_REVISION_REUSE_MS: wrong }), wrong).toThrow(
        /CATALOGUE_REVISION_REUSE_MS/,
      );
  });
});

describe("SERVER_PROCESSES", () => {
  const onPostgres = { NODE_ENV: "test", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/shop" };
  const processes = (env: NodeJS.ProcessEnv) => loadConfig(env).processes;

  it("serves in one process unless told otherwise", () => {
    expect(processes({ NODE_ENV: "test" })).toBe(1);
    expect(processes({ ...onPostgres, SERVER_PROCESSES: "" })).toBe(1);
    expect(processes({ NODE_ENV: "test", SERVER_PROCESSES: "1" })).toBe(1);
  });

  it("reads a number of processes, or auto for one per core", () => {
    expect(processes({ ...onPostgres, SERVER_PROCESSES: "4" })).toBe(4);
    expect(processes({ ...onPostgres, SERVER_PROCESSES: " Auto " })).toBe(
      Math.min(os.availableParallelism(), 64),
    );
  });

  it("refuses a count it cannot run, naming what it takes", () => {
    for (const value of ["0", "-2", "1.5", "two", "65", "99999999999999999999", "٢"])
      expect(() => processes({ ...onPostgres, SERVER_PROCESSES: value })).toThrow(
        /SERVER_PROCESSES.*1 to 64.*auto/,
      );
  });

  it("refuses more than one process on the embedded database, which is one process's", () => {
    expect(() => processes({ NODE_ENV: "test", SERVER_PROCESSES: "2" })).toThrow(/needs DATABASE_URL/);
    // One per core is more than one on any machine with two cores or more.
    if (os.availableParallelism() > 1)
      expect(() => processes({ NODE_ENV: "test", SERVER_PROCESSES: "auto" })).toThrow(/needs DATABASE_URL/);
  });
});
