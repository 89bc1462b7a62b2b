// The storefront's production build, which a shop process serves its pages from. `npm test` runs
// before `npm run build` on a fresh clone, so a test that starts one builds it first when it is
// missing (as `npm run build` would, about a minute).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

export function ensureProductionBuild(): void {
  if (fs.existsSync(path.join(root, "build", "server", "index.js"))) return;
  const built = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (built.status !== 0) throw new Error(`react-router build failed (${built.status})`);
}
