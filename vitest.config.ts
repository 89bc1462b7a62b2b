import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "tests/api/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
      "tests/scale-out/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    // A worker process per core less one runs file after file, its modules evaluated once: each
    // suite still makes its own database and app and closes them (decision 0084).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test" },
  },
});
