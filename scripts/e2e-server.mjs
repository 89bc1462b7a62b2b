// The server the browser journeys drive: the production build on a fresh data directory, with a
// small catalogue so it seeds quickly. Mail lands in <data>/mail for the journeys to read.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, "test-results", "e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const port = process.env.E2E_PORT ?? "3210";
const child = spawn(process.execPath, [path.join(root, "src", "server", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    // The address the journeys browse (playwright.config.ts's baseURL): in production the shop
    // answers only on its configured hosts, and its mail links point here.
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? "300",
    // The journeys play the warehouse feed that brings sold-out sizes back.
    CATALOGUE_API_TOKEN: "e2e-stock-feed",
    // …and the warehouse's operator API that ships, delivers and receives returns.
    OPERATOR_API_TOKEN: "e2e-operator",
    COOKIE_SECURE: "false",
    // Journeys pose as different shoppers through X-Forwarded-For, as behind a load balancer.
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    // Maps draw from a tile server of the shop's own, never the public OpenStreetMap one: here a plain tile.
    MAP_TILE_URL:
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC",
    // Embeds wait for marketing consent, as in production (decision 0045).
    CONSENT_REQUIRED: "true",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
