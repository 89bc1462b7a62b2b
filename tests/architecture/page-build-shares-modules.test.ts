// The page build imports the shop's modules from their sources instead of carrying a copy of them
// (decision 0091): pages and calls then share one instance of each, with one catalogue cache, one
// facet index and the settings the server gives them. Read from the production build's server files.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuild } from "../support/production-build.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const SHARED = ["modules", "db", "kernel", "server", "seed"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The names of the functions a file declares at its top level. */
function declaredFunctions(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:export )?(?:async )?function\*? ([A-Za-z_$][\w$]*)/gm)].map(
    (match) => match[1] as string,
  );
}

function serverBuildFiles(): string[] {
  const dir = path.join(root, "build", "server");
  return [
    path.join(dir, "index.js"),
    ...fs
      .readdirSync(path.join(dir, "assets"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => path.join(dir, "assets", name)),
  ];
}

describe("the page build", () => {
  // Built here when missing or older than its sources (about a minute), or waited for while another
  // test file builds it.
  beforeAll(() => ensureProductionBuild(), 600_000);

  it("imports the shop's modules by their own names and declares none of their functions", () => {
    const bundle = serverBuildFiles()
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");

    // Names the storefront's own files also declare may be in the bundle from there.
    const storefront = new Set(sourceFiles(path.join(root, "src", "web")).flatMap(declaredFunctions));
    const modules = SHARED.flatMap((dir) => sourceFiles(path.join(root, "src", dir)));
    const copied = modules.flatMap((file) =>
      declaredFunctions(file)
        .filter((name) => !storefront.has(name))
        .filter((name) => new RegExp(`function\\*? ${name.replace(/\$/g, "\\$")}(\\$\\d+)?\\(`).test(bundle))
        .map((name) => `${path.relative(root, file)}: ${name}`),
    );
    expect(copied).toEqual([]);

    // The pages' data comes through the modules and the server's compositions, by their specifiers:
    // the listing's service, and the product page's answer (decision 0102).
    expect(bundle).toContain('from "#modules/search/listing.service.ts"');
    expect(bundle).toContain('from "#server/product-page.ts"');
  });
});
