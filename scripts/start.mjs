// npm start: build the storefront when the build is missing or older than the sources, then run
// the server as a child that receives SIGTERM/SIGINT. Deployments run `node src/server/main.ts`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", "server", "index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return (
    newestMtime(path.join(root, "src")) > built ||
    ["package.json", "vite.config.ts", "react-router.config.ts"].some(
      (file) => fs.statSync(path.join(root, file)).mtimeMs > built,
    )
  );
};

if (sourcesChanged()) {
  console.log("Building the storefront…");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", ".bin", "react-router"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [path.join(root, "src", "server", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
