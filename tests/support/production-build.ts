// The storefront's production build, which a shop process serves its pages from. `npm test` runs
// before `npm run build` on a fresh clone, so a test that starts one builds it first when it is
// missing (as `npm run build` would, about a minute). Test files run in parallel processes: the first
// to need the build makes it under a lock, and the others wait for it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");
const built = path.join(root, "build", "server", "index.js");
const lock = path.join(root, "node_modules", ".cache", "pitchside-build.lock");
/** A build takes about a minute; a lock older than this was left by a killed run. */
const STALE_LOCK_MS = 10 * 60_000;

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function takeLock(): boolean {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (Date.now() - fs.statSync(lock).mtimeMs > STALE_LOCK_MS)
      fs.rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function newestMtime(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/**
 * Whether the build is missing or older than what it is made from (as `npm start` checks): the
 * storefront's files and the build's settings. The shop's modules are not in it (decision 0091): the
 * build imports them from their sources when it runs.
 */
function buildNeeded(): boolean {
  if (!fs.existsSync(built)) return true;
  const madeAt = fs.statSync(built).mtimeMs;
  return ["src/web", "vite.config.ts", "react-router.config.ts", "package.json"].some(
    (source) => newestMtime(path.join(root, source)) > madeAt,
  );
}

export function ensureProductionBuild(): void {
  for (;;) {
    // Built, and no one building it right now (a build writes its files one after another).
    if (!fs.existsSync(lock) && !buildNeeded()) return;
    if (takeLock()) {
      try {
        if (buildNeeded()) build();
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      return;
    }
    sleep(500);
  }
}

function build() {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) throw new Error(`react-router build failed (${result.status})`);
}
