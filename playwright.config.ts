import { defineConfig } from "@playwright/test";
import { CONSENT_COOKIE, serializeConsent } from "./src/kernel/consent.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Journeys run against the built production server on a throw-away data directory (PGlite), with
 * the system Chromium: browsers cannot be downloaded by test tools here.
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Journeys that are not about cookie consent browse as a shopper who answered "only necessary",
    // so the banner is not there (consent.spec.ts starts without it: decision 0045).
    storageState: {
      cookies: [
        {
          name: CONSENT_COOKIE,
          value: serializeConsent({ statistics: false, marketing: false }, new Date()),
          domain: "localhost",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
    // A trace films every journey and snapshots the page at each step: about a seventh of the run's
    // time here (121 s against 105 s for two specs). CI runs a failed journey again, with a trace;
    // locally, `--trace on` records one.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    stdout: "pipe",
  },
});
