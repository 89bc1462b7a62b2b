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

export default defineConfig({
  plugins: [
    tailwindcss(),
    messageParserOutOfTheBrowser(),
    reactRouter(),
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
