import fs from "node:fs";
import path from "node:path";

/** The project's root folder, for tests that read its source. */
export const projectRoot = path.resolve(import.meta.dirname, "../..");

/** Every file below a folder (absolute paths), at any depth. */
export function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
