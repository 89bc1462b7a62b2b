// A stand-in shop for processes.test.ts: `node processes.fixture.ts <port> <count> <dir> <restart
// delay ms>` serves its process id on GET /, ends itself on GET /crash, fails to start while
// `<dir>/fail-starts` exists, and on GET /gather answers every worker's slot and process id as
// gatherFromWorkers finds them within 300 ms (the worker in slot n answering 2 s late while
// `<dir>/slow-n` exists, and ending itself when asked while `<dir>/die-on-ask-n` exists), through
// the shop's own serveInProcesses.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { answerGathering, gatherFromWorkers, serveInProcesses, workerSlot } from "./processes.ts";

const [port, count, dir, restartDelayMs] = process.argv.slice(2) as [string, string, string, string];

await serveInProcesses({
  count: Number(count),
  restartDelayMs: Number(restartDelayMs),
  shutdownMs: 2_000,
  log: { info: (message) => console.log(message), error: (message) => console.log(message) },
  onAllListening: () => console.log("ready"),
  async serve() {
    if (fs.existsSync(path.join(dir, "fail-starts"))) process.exit(3);
    answerGathering("pid", async () => {
      if (fs.existsSync(path.join(dir, `die-on-ask-${workerSlot()}`))) process.exit(7);
      if (fs.existsSync(path.join(dir, `slow-${workerSlot()}`)))
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      return process.pid;
    });
    const server = http.createServer(async (request, response) => {
      response.setHeader("connection", "close");
      if (request.url === "/gather") {
        response.end(JSON.stringify(await gatherFromWorkers("pid", 300)));
        return;
      }
      response.end(String(process.pid));
      if (request.url === "/crash") response.on("finish", () => process.exit(5));
    });
    // Before listening, as the shop does (main.ts): the primary may pass SIGTERM on as soon as it
    // hears this worker listens, and without a handler the signal's default would end it uncleanly.
    process.on("SIGTERM", () => server.close(() => process.exit(0)));
    await new Promise<void>((resolve) => server.listen(Number(port), "127.0.0.1", resolve));
  },
});
