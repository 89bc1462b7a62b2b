import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../../tests/support/project-files.ts";
import { CATALOGUES } from "./messages.server.ts";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

/**
 * Every translation id the storefront renders, and every message id the server sends for the
 * storefront to translate, is in the English catalogue (and so, by catalogues.test.ts, in all).
 */
describe("translation ids in use", () => {
  const rendered = /\bid[=:]\s*"([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)"/g;
  const sent =
    /"((?:cart|customization|product|notify|favourites|voucher|giftcard|tastemaker)\.(?:error|message|warning)\.[A-Za-z0-9.]+)"/g;

  it("finds every id in the English catalogue", () => {
    const missing = new Set<string>();
    for (const file of [...sourceFiles(path.join(root, "web")), ...sourceFiles(path.join(root, "modules"))]) {
      const text = fs.readFileSync(file, "utf8");
      for (const pattern of [rendered, sent])
        for (const match of text.matchAll(pattern)) {
          const id = match[1] as string;
          if (!(id in CATALOGUES.en)) missing.add(`${id} (${path.relative(root, file)})`);
        }
    }
    expect([...missing].sort()).toEqual([]);
  });
});
