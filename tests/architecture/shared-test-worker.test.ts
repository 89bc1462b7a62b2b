import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, projectRoot as root } from "../support/project-files.ts";

/**
 * Suites share their worker process and its modules (decision 0084), so a suite must leave the
 * process as it found it. What would outlive a suite there: a mocked module (every later suite would
 * get the mock), the environment changed in place, fake clocks or stubbed globals left behind.
 */
const LEAKS: { pattern: RegExp; unless?: RegExp; why: string }[] = [
  { pattern: /\bvi\.(do)?mock\(/, why: "a mocked module stays mocked for the suites after it" },
  { pattern: /\bvi\.stubEnv\(/, unless: /\bvi\.unstubAllEnvs\(/, why: "the environment stays stubbed" },
  {
    pattern:
      /process\.env(\.\w+|\[[^\]]+\])?\s*(\?\?|\|\||&&|\+)?=[^=]|delete process\.env|Object\.assign\(process\.env/,
    why: "the environment is changed for every later suite: pass it to loadConfig instead",
  },
  { pattern: /\bvi\.useFakeTimers\(/, unless: /\bvi\.useRealTimers\(/, why: "the clock stays fake" },
  { pattern: /\bvi\.stubGlobal\(/, unless: /\bvi\.unstubAllGlobals\(/, why: "the global stays stubbed" },
];

describe("suites that share a worker", () => {
  it("leave no mocked module, environment, clock or global behind", () => {
    const suites = ["src", "tests", "bench"]
      .flatMap((folder) => filesUnder(path.join(root, folder)))
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.endsWith("shared-test-worker.test.ts"));
    expect(suites.length).toBeGreaterThan(100);
    const found = suites.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return LEAKS.filter(({ pattern, unless }) => pattern.test(text) && !unless?.test(text)).map(
        ({ why }) => `${path.relative(root, file)}: ${why}`,
      );
    });
    expect(found).toEqual([]);
  });
});
