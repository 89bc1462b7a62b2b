import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stylesheetText } from "./inline-stylesheet.server.ts";

describe("the stylesheet written into each page", () => {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-client-"));
  fs.mkdirSync(path.join(build, "assets"));
  fs.writeFileSync(path.join(build, "assets", "app-Ab1_x.css"), "body{margin:0}");
  fs.writeFileSync(path.join(build, "secret.css"), "not a stylesheet of the build");
  afterAll(() => fs.rmSync(build, { recursive: true, force: true }));

  it("is the built stylesheet's text", () => {
    expect(stylesheetText("/assets/app-Ab1_x.css", build)).toBe("body{margin:0}");
  });

  it("is nothing for a stylesheet the build does not have, or one Vite serves in development", () => {
    expect(stylesheetText("/assets/app-missing.css", build)).toBeNull();
    expect(stylesheetText("/src/web/app.css", build)).toBeNull();
  });

  it("never reads a file outside the build's stylesheets", () => {
    expect(stylesheetText("/assets/../secret.css", build)).toBeNull();
    expect(stylesheetText("/assets/app.js", build)).toBeNull();
  });
});
