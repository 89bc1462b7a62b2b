// npm run dev: the Vite plugin calls createServer(vite) again after every file change, so the
// database is opened, migrated and seeded once per process and reused.
import type { ViteDevServer } from "vite";
import type { Database } from "#db/client.ts";
import { buildApp } from "./app.ts";
import { type AppConfig, loadConfig } from "./config.ts";
import { prepareDatabase } from "./startup.ts";

const state = globalThis as unknown as { pitchsideDev?: Promise<{ config: AppConfig; database: Database }> };

export async function createServer(vite?: ViteDevServer) {
  state.pitchsideDev ??= (async () => {
    const config = loadConfig(process.env);
    const database = await prepareDatabase(config, console);
    return { config, database };
  })();
  const { config, database } = await state.pitchsideDev;
  // The app is rebuilt on each change; closing it must not close the shared database.
  const shared: Database = { ...database, close: async () => {} };
  return buildApp(config, shared, vite ? { pages: { mode: "vite", vite } } : { pages: { mode: "build" } });
}
