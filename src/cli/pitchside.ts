// The `pitchside` command: `npm run seed -- --products 2000 --seed 1 [--reset]`, and
// `npm run pitchside -- reindex` to rebuild the search columns after products changed outside the shop.
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "#db/client.ts";
import { runMigrations } from "#db/migrate.ts";
import { resetDemoShop, seedDemoShop, seedIfEmpty } from "#db/seed/seed.ts";
import { productSizes } from "#modules/catalog/catalog.schema.ts";
import { createMailer } from "#modules/mail/mail.service.ts";
import { setSizeStock } from "#modules/product/stock-alerts.service.ts";
import { refreshSearchDocuments } from "#modules/search/search-documents.ts";
import { loadConfig } from "#server/config.ts";

const USAGE = `Usage: pitchside seed [--products N] [--seed S] [--reset]
       pitchside reindex
       pitchside stock <sku> <quantity>

  --products N   number of products (1 to 200000; default SEED_PRODUCTS or 2000)
  --seed S       random seed: the same seed gives the same shop (default SEED or 1)
  --reset        empty the shop's tables first (otherwise a shop that has products is left alone)

stock sets what is in stock of one size (by its SKU); a size that comes back in stock mails each
back-in-stock subscriber once.

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
if (command !== "seed" && command !== "reindex" && command !== "stock")
  fail(command ? `Unknown command "${command}".` : "No command given.");

if (command === "stock") {
  const [sku, quantity] = rest;
  if (!sku || quantity === undefined || !/^\d+$/.test(quantity))
    fail("stock needs a SKU and a whole quantity.");
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const [size] = await database.db
      .select({ id: productSizes.id })
      .from(productSizes)
      .where(eq(productSizes.sku, sku));
    if (!size) fail(`No size has the SKU "${sku}".`);
    const { notified } = await setSizeStock(database.db, createMailer(config), config.publicUrl, {
      sizeId: size.id,
      stock: Number(quantity),
    });
    console.log(`${sku}: ${quantity} in stock; ${notified} back-in-stock e-mail(s) sent.`);
  } finally {
    await database.close();
  }
  process.exit(0);
}

if (command === "reindex") {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const started = Date.now();
    await refreshSearchDocuments(database.db);
    await database.db.execute(sql`analyze products`);
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
