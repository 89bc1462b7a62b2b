import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser receives its interface texts already parsed (messages-file.server.ts), so its build
 * takes the ICU message parser's no-parser entry: react-intl formats the parsed texts without it.
 * The server keeps the parser (it renders from the catalogue's own texts).
 */
function messageParserOutOfTheBrowser(): Plugin {
  return {
    name: "pitchside:message-parser-out-of-the-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer, options) {
      if (source !== "@formatjs/icu-messageformat-parser") return null;
      return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, {
        ...options,
        skipSelf: true,
      });
    },
  };
}

/**
 * The page build imports the shop's modules (`#modules`, `#db`, `#kernel`, `#server`, `#seed`) from
 * their sources at run time instead of bundling a copy (decision 0091): the server loads the same
 * files, so pages and calls share one instance of each, with one catalogue cache, one facet index and
 * the settings the server gives them at start (the revision reuse time). Bundled, the pages had their
 * own copy, which the server never configured and which kept and built everything a second time.
 */
const SHARED_WITH_THE_SERVER = /^#(modules|db|kernel|server|seed)\//;
function shopModulesSharedWithTheServer(): Plugin {
  return {
    name: "pitchside:shop-modules-shared-with-the-server",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId(source) {
      return SHARED_WITH_THE_SERVER.test(source) ? { id: source, external: true } : null;
    },
  };
}

/**
 * Every page's own code in two files instead of dozens: the modules the client entry and the root
 * route import (statically, however deep) go to a "framework" chunk (packages) and a "shell" chunk
 * (the shop's header, footer, contexts, icons), and a route adds its own. Left to itself the bundler
 * cut out a small file for each module that a lazily loaded part also uses; on a phone's connection
 * each is a round trip before the page is live. Lazily loaded parts keep their own chunks.
 */
const SHELL_ENTRIES = ["src/web/entry.client.tsx", "src/web/root.tsx"].map((file) => path.resolve(file));
type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[] } | null };
let shellModules: Set<string> | undefined;
function staticallyImported(graph: ModuleGraph, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
function shellChunk(moduleId: string, graph: ModuleGraph): string | null {
  shellModules ??= staticallyImported(graph, SHELL_ENTRIES);
  if (!shellModules.has(moduleId)) return null;
  return moduleId.includes("/node_modules/") ? "framework" : "shell";
}

/**
 * Every script, stylesheet and text file of the page build also written brotli- and gzip-compressed
 * at the highest level (`name.js.br`, `name.js.gz`), which the server sends as they are
 * (`preCompressed`, app.ts): 14 % fewer bytes than compressing each answer on the fly at brotli's
 * quality 4 (the page's framework chunk: 117 → 101 KB), and no compression work per request. The
 * files never change after the build, so the slow, thorough levels are paid once.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
function precompressedFiles(): Plugin {
  return {
    name: "pitchside:precompressed-files",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      const directory = options.dir;
      if (!directory) return;
      const files = (await readdir(directory, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          // Below a packet's size compression gains nothing (the server's own threshold, app.ts).
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    messageParserOutOfTheBrowser(),
    shopModulesSharedWithTheServer(),
    reactRouter(),
    precompressedFiles(),
    // npm run dev: Vite serves the client with hot reload and hands every other request to the
    // Fastify app built by createServer, so API and pages share one port as in production.
    fastifyReactRouterDev({
      entry: "./src/server/dev-server.ts",
      // One context token shared by the server and the page build (not a second copy inlined).
      externalizeServerEntryImports: ["#server/request-context.ts"],
    }),
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "0.0.0.0", strictPort: true },
  // BUILD_SOURCEMAP=1: source maps, for weighing what each page loads (bench/page-weight).
  build: { target: "es2022", sourcemap: process.env.BUILD_SOURCEMAP === "1" },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk }] } } } },
    },
  },
  ssr: {
    // Server-only packages stay in node_modules, never bundled into the page build.
    external: [
      "@electric-sql/pglite",
      "pg",
      "drizzle-orm",
      "@node-rs/argon2",
      "nodemailer",
      "pdfkit",
      "sanitize-html",
    ],
  },
});
