// The production process: `node src/server/main.ts` (npm start builds first when needed). With
// SERVER_PROCESSES above 1 it is the primary of that many such processes (decision 0080).
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { serveInProcesses } from "./processes.ts";
import { prepareDatabase } from "./startup.ts";

// Read once here, in the primary too: a setting that cannot work stops the start before any fork, and
// a generated session secret is written once for every process to read.
const config = loadConfig(process.env);

await serveInProcesses({
  count: config.processes,
  log: { info: (message) => console.log(message), error: (message) => console.error(message) },
  serve,
});

async function serve() {
  const database = await prepareDatabase(config, { info: (message) => console.log(message) });
  const app = await buildApp(config, database, { pages: { mode: "build" } });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop taking connections, let in-flight requests finish, then close the database (onClose).
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 25_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
}
