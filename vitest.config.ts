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
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test" },
  },
});
