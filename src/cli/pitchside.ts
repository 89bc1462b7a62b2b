// The `pitchside` command: `npm run seed -- --products 2000 --seed 1 [--reset]`, and
// `npm run pitchside -- reindex` to rebuild the search columns after products changed outside the shop,
// `npm run pitchside -- tastemakers list|export|decide` for the tastemaker programme's reviewers.
import { parseArgs } from "node:util";
import { type Database, openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { HttpError } from "#kernel/errors.ts";
import { COPY_PICTURE_JOB } from "#modules/catalog/picture-copy.ts";
import type { JobQueue } from "#modules/jobs/job-queue.ts";
import { type LifecycleDeps, lifecycleDeps } from "#modules/orders/shipment-lifecycle.service.ts";
import { setStockBySku } from "#modules/product/stock-alerts.service.ts";
import { reindexSearch } from "#modules/search/search-documents.ts";
import { resetDemoShop, seedDemoShop, seedIfEmpty } from "#seed/seed.ts";
import { loadConfig, publicAddressesOf } from "#server/config.ts";
import { createShopJobQueue } from "#server/jobs.ts";
import { IMPORT_HELP, IMPORT_USAGE, runImportCommand, runPicturesCommand } from "./import-command.ts";
import { ORDERS_USAGE, runOrdersCommand } from "./orders-command.ts";
import { REVIEWS_USAGE, runReviewsCommand } from "./reviews-command.ts";
import { SEARCH_HELP, SEARCH_USAGE, searchReportCommand, synonymsCommand } from "./search-command.ts";
import { TASTEMAKERS_HELP, TASTEMAKERS_USAGE, tastemakersCommand } from "./tastemakers.ts";
import { runWebhooksCommand, WEBHOOKS_HELP, WEBHOOKS_USAGE } from "./webhooks-command.ts";

const USAGE = `Usage: pitchside seed [--products N] [--seed S] [--reset]
       pitchside reindex
       pitchside stock <sku> <quantity>
${IMPORT_USAGE}
${TASTEMAKERS_USAGE}
${ORDERS_USAGE}
${REVIEWS_USAGE}
${WEBHOOKS_USAGE}
${SEARCH_USAGE}

  --products N   number of products (1 to 200000; default SEED_PRODUCTS or 2000)
  --seed S       random seed: the same seed gives the same shop (default SEED or 1)
  --reset        empty the shop's tables first (otherwise a shop that has products is left alone)

stock sets what is in stock of one size (by its SKU); a size that comes back in stock mails each
back-in-stock subscriber once.

${IMPORT_HELP}

${TASTEMAKERS_HELP}

${WEBHOOKS_HELP}

${SEARCH_HELP}

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const COMMANDS = [
  "seed",
  "reindex",
  "stock",
  "import",
  "pictures",
  "tastemakers",
  "orders",
  "reviews",
  "webhooks",
  "synonyms",
  "search-report",
];
if (!command || !COMMANDS.includes(command))
  fail(command ? `Unknown command "${command}".` : "No command given.");

if (command === "synonyms" || command === "search-report") {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let code: number;
  try {
    await runMigrations(database);
    const io = {
      out: (text: string) => process.stdout.write(text),
      err: (text: string) => console.error(text),
      now: () => new Date(),
    };
    code =
      command === "synonyms"
        ? await synonymsCommand(database.db, rest, io)
        : await searchReportCommand(database.db, rest, io);
  } finally {
    await database.close();
  }
  if (code === 2) console.error(`\n${USAGE}`);
  await new Promise((resolve) => process.stdout.write("", resolve));
  process.exit(code);
}

if (command === "tastemakers") {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let code: number;
  try {
    await runMigrations(database);
    code = await tastemakersCommand(database.db, rest, {
      out: (text) => process.stdout.write(text),
      err: (text) => console.error(text),
      now: () => new Date(),
    });
  } finally {
    await database.close();
  }
  if (code === 2) console.error(`\n${USAGE}`);
  // What went to standard output (a whole CSV file, perhaps into a pipe) is out before the exit.
  await new Promise((resolve) => process.stdout.write("", resolve));
  process.exit(code);
}

/**
 * Runs a command that changes the shop and may queue mail (stock, orders): opens and migrates the
 * database, starts a job queue with no workers of its own, runs `work`, then sends what is due before
 * closing both — so a shop on the embedded database (which no second process may open) mails now.
 */
async function withShopAndJobs<T>(
  work: (shop: { db: Database["db"] } & LifecycleDeps, jobs: JobQueue) => Promise<T>,
  /** Jobs left to the shop's workers rather than run before the command ends (an import's pictures). */
  leave: string[] = [],
): Promise<T> {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const quiet = { info() {}, warn() {}, error: (object: object) => console.error(object) };
  const addresses = publicAddressesOf(config);
  const jobs = createShopJobQueue({ ...config, jobWorkers: false }, database, addresses, quiet);
  try {
    await runMigrations(database);
    await jobs.start();
    const result = await work({ db: database.db, ...lifecycleDeps(jobs, addresses.forMarket) }, jobs);
    await jobs.drain(leave);
    return result;
  } finally {
    await jobs.stop();
    await database.close();
  }
}

if (command === "orders") {
  const result = await withShopAndJobs(({ db, ...deps }) => runOrdersCommand(db, deps, rest));
  if (result.exitCode === 0) console.log(result.output);
  else console.error(result.exitCode === 2 ? `${result.output}\n\n${USAGE}` : result.output);
  process.exit(result.exitCode);
}

if (command === "reviews") {
  const result = await withShopAndJobs(({ db }) => runReviewsCommand(db, rest));
  if (result.exitCode === 0) console.log(result.output);
  else console.error(result.exitCode === 2 ? `${result.output}\n\n${USAGE}` : result.output);
  process.exit(result.exitCode);
}

if (command === "import" || command === "pictures") {
  const io = {
    out: (text: string) => process.stdout.write(text),
    err: (text: string) => console.error(text),
    isTty: process.stdout.isTTY === true,
    now: () => Date.now(),
  };
  // The pictures are fetched by the shop's job workers, not while the command waits (decision 0055).
  const code = await withShopAndJobs(
    ({ db, mail, publicUrlFor }, jobs) =>
      command === "import"
        ? runImportCommand(db, { mail, publicUrlFor, jobs }, rest, io)
        : runPicturesCommand(db, jobs, rest, io),
    [COPY_PICTURE_JOB],
  );
  if (code === 2) console.error(`\n${USAGE}`);
  process.exit(code);
}

if (command === "webhooks") {
  const httpsOnly = loadConfig(process.env).env === "production";
  const result = await withShopAndJobs(({ db }, jobs) => runWebhooksCommand(db, jobs, rest, { httpsOnly }));
  if (result.exitCode === 0) console.log(result.output);
  else console.error(result.exitCode === 2 ? `${result.output}\n\n${USAGE}` : result.output);
  process.exit(result.exitCode);
}

if (command === "stock") {
  const [sku, quantity] = rest;
  if (!sku || quantity === undefined || !/^\d+$/.test(quantity))
    fail("stock needs a SKU and a whole quantity.");
  const { notified } = await withShopAndJobs((shop) =>
    setStockBySku(shop.db, shop.mail, shop.publicUrlFor, { sku, stock: Number(quantity) }).catch(
      (error: unknown) => {
        if (error instanceof HttpError && error.code === "size_not_found")
          fail(`No size has the SKU "${sku}".`);
        throw error;
      },
    ),
  );
  console.log(`${sku}: ${quantity} in stock; ${notified} back-in-stock e-mail(s) sent.`);
  process.exit(0);
}

if (command === "reindex") {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const started = Date.now();
    await reindexSearch(database.db);
    console.log(`Search columns rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
  process.exit(0);
}

let values: { products?: string; seed?: string; reset?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    args: rest,
    options: {
      products: { type: "string" },
      seed: { type: "string" },
      reset: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfig(process.env);
const products = values.products === undefined ? config.seedProducts : Number(values.products);
const seed = values.seed === undefined ? config.seed : Number(values.seed);
if (!Number.isInteger(products) || products < 1 || products > 200_000)
  fail(`--products must be a whole number from 1 to 200000, not "${values.products}".`);
if (!Number.isInteger(seed) || seed < 0)
  fail(`--seed must be a whole number of 0 or more, not "${values.seed}".`);

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  let result: { products: number; ms: number } | null;
  if (values.reset) {
    await resetDemoShop(database);
    result = await seedDemoShop(database, { products, seed, dataDir: config.dataDir });
  } else {
    result = await seedIfEmpty(database, { products, seed, dataDir: config.dataDir });
  }
  if (result)
    console.log(`Seeded ${result.products} products (seed ${seed}) in ${(result.ms / 1000).toFixed(1)} s.`);
  else console.log("The shop already has products; nothing seeded. Use --reset to start over.");
} finally {
  await database.close();
}
