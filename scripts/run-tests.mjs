// npm test: the unit and API suites on the embedded engine, then again on PostgreSQL when
// TEST_DATABASE_URL names a server (CI sets it).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const extra = process.argv.slice(2);

function run(label, env) {
  console.log(`\n== ${label}`);
  const result = spawnSync(process.execPath, [vitest, "run", ...extra], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
run("unit and API tests on PGlite (embedded)", withoutServer);
if (TEST_DATABASE_URL)
  run(`unit and API tests on PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
