import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, projectRoot as root } from "../support/project-files.ts";

describe("module names", () => {
  // React Router's server build empties every `*.client.*` module (its exports become undefined),
  // and page loaders import the modules below src/web: a provider's API client named so ran in the
  // tests and in the API, yet was `undefined` in the payment page's loader.
  it("keeps `.client.` out of the names of modules the server runs", () => {
    const clientNamed = ["src/modules", "src/server", "src/kernel", "src/db", "src/cli"]
      .flatMap((folder) => filesUnder(path.join(root, folder)))
      .filter((file) => /\.client\.[cm]?tsx?$/.test(file))
      .map((file) => path.relative(root, file));
    expect(clientNamed).toEqual([]);
  });
});
