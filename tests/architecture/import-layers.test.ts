import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of biome.json (decision 0018) are what `npm run lint` checks on every file. This
 * suite proves the rules bite: it writes one deliberately wrong import per rule into the tree, lints
 * those files with the project's own configuration, and expects each to be refused — and an import
 * that follows the rules to pass.
 */
const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules", "@biomejs", "biome", "bin", "biome");

interface Probe {
  file: string;
  source: string;
  /** The lint rule that must refuse it, or null when the import is allowed. */
  refusedBy: string | null;
}

const probes: Probe[] = [
  {
    file: "src/modules/catalog/layer-probe-server.ts",
    source: 'import { buildApp } from "#server/app.ts";\n\nexport const probe = buildApp;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/markets/layer-probe-upward.ts",
    source: 'import { readCart } from "#modules/cart/cart.service.ts";\n\nexport const probe = readCart;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/orders/layer-probe-relative.ts",
    source:
      'import { checkoutSessions } from "../checkout/checkout.schema.ts";\n\nexport const probe = checkoutSessions;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/db/layer-probe-module.ts",
    source:
      'import { products } from "#modules/catalog/catalog.schema.ts";\n\nexport const probe = products;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/kernel/layer-probe-db.ts",
    source: 'import { rows } from "#db/client.ts";\n\nexport const probe = rows;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/web/lib/layer-probe-table.ts",
    source:
      'import { products } from "#modules/catalog/catalog.schema.ts";\n\nexport const probe = products;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/web/lib/layer-probe-cycle-a.ts",
    source: 'import { b } from "./layer-probe-cycle-b.ts";\n\nexport const a = () => b;\n',
    refusedBy: "lint/suspicious/noImportCycles",
  },
  {
    file: "src/web/lib/layer-probe-cycle-b.ts",
    source: 'import { a } from "./layer-probe-cycle-a.ts";\n\nexport const b = () => a;\n',
    refusedBy: "lint/suspicious/noImportCycles",
  },
  {
    file: "src/modules/search/layer-probe-peer.ts",
    source:
      'import { countFavourites } from "#modules/favourites/favourites.service.ts";\n\nexport const probe = countFavourites;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/accounts/layer-probe-tastemakers.ts",
    source:
      'import { applicationStatusOf } from "#modules/tastemakers/tastemakers.service.ts";\n\nexport const probe = applicationStatusOf;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/tastemakers/layer-probe-peer.ts",
    source:
      'import { countFavourites } from "#modules/favourites/favourites.service.ts";\n\nexport const probe = countFavourites;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/web/lib/layer-probe-climb.ts",
    source: 'import { rows } from "../../db/client.ts";\n\nexport const probe = rows;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/orders/layer-probe-test-helper.ts",
    source: 'import { createTestApp } from "#server/testing.ts";\n\nexport const probe = createTestApp;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/cli/layer-probe-table.ts",
    source:
      'import { products } from "#modules/catalog/catalog.schema.ts";\n\nexport const probe = products;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/orders/layer-probe-reviews.ts",
    source:
      'import { ratingSummary } from "#modules/reviews/reviews.service.ts";\n\nexport const probe = ratingSummary;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/reviews/layer-probe-checkout.ts",
    source:
      'import { checkoutSessions } from "#modules/checkout/checkout.schema.ts";\n\nexport const probe = checkoutSessions;\n',
    refusedBy: "lint/style/noRestrictedImports",
  },
  {
    file: "src/modules/reviews/layer-probe-orders.ts",
    source:
      'import { orderLines } from "#modules/orders/orders.schema.ts";\n\nexport const probe = orderLines;\n',
    refusedBy: null,
  },
  {
    file: "src/modules/cart/layer-probe-downward.ts",
    source:
      'import { HttpError } from "#kernel/errors.ts";\nimport { productImageUrl } from "#modules/catalog/catalog.service.ts";\n\nexport const probe = [HttpError, productImageUrl];\n',
    refusedBy: null,
  },
];

function lint(files: string[]) {
  const result = spawnSync(process.execPath, [biome, "lint", "--reporter=json", ...files], {
    cwd: root,
    encoding: "utf8",
  });
  const report = JSON.parse(result.stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  return report.diagnostics;
}

describe("import layers", () => {
  it("refuses each deliberately wrong import and allows a right one", () => {
    for (const probe of probes) fs.writeFileSync(path.join(root, probe.file), probe.source);
    try {
      const diagnostics = lint(probes.map((probe) => probe.file));
      for (const probe of probes) {
        const categories = diagnostics
          .filter((diagnostic) => diagnostic.location.path.endsWith(probe.file))
          .map((diagnostic) => diagnostic.category);
        if (probe.refusedBy) expect(categories, probe.file).toContain(probe.refusedBy);
        else expect(categories, probe.file).toEqual([]);
      }
    } finally {
      for (const probe of probes) fs.rmSync(path.join(root, probe.file), { force: true });
    }
  });
});
