// A stand-in shop for processes.test.ts: `node processes.fixture.ts <port> <count> <dir> <restart
// delay ms>` serves
// its process id on GET /, ends itself on GET /crash, and fails to start while `<dir>/fail-starts`
// exists, through the shop's own serveInProcesses.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { serveInProcesses } from "./processes.ts";

const [port, count, dir, restartDelayMs] = process.argv.slice(2) as [string, string, string, string];

await serveInProcesses({
  count: Number(count),
  restartDelayMs: Number(restartDelayMs),
  shutdownMs: 2_000,
  log: { info: (message) => console.log(message), error: (message) => console.log(message) },
  onAllListening: () => console.log("ready"),
  async serve() {
    if (fs.existsSync(path.join(dir, "fail-starts"))) process.exit(3);
    const server = http.createServer((request, response) => {
      response.setHeader("connection", "close");
      response.end(String(process.pid));
      if (request.url === "/crash") response.on("finish", () => process.exit(5));
    });
    await new Promise<void>((resolve) => server.listen(Number(port), "127.0.0.1", resolve));
    process.on("SIGTERM", () => server.close(() => process.exit(0)));
  },
});
