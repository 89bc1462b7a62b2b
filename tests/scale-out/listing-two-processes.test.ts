// Scale-out of the listing's facet index (decision 0047): two shop processes on one PostgreSQL
// database, each with its own in-process index and cache, both already warm. A price cut, a sold-out
// product and a new product written to the database (as the operator's tools write them) are seen by
// each process within the stated bound: a read of the catalogue revision (which the change moved)
// answers the requests of the next CATALOGUE_REVISION_REUSE_MS (50 ms in production, decision 0051),
// and the index and cached listings of the old revision are not used again.
// Runs in `npm test`'s PostgreSQL pass (TEST_DATABASE_URL); on a throw-away database it drops after.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuild } from "../support/production-build.ts";
import { createScratchDatabase, type ScratchDatabase } from "../support/scratch-database.ts";
import { type ShopProcess, startShop } from "../support/shop-process.ts";
import { Shopper } from "../support/shopper.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
/** The production default, set here so the test waits for the bound the processes run with. */
const REVISION_REUSE_MS = 50;
/** A change is on every process's listings once the bound has passed since it was committed. */
const afterTheBound = () => new Promise((resolve) => setTimeout(resolve, REVISION_REUSE_MS + 25));
const root = path.resolve(import.meta.dirname, "..", "..");

function run(args: string[], env: Record<string, string | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

interface Card {
  product_id: number;
  name: string;
  prices: { min_price: number };
  sizes: { in_stock: boolean }[];
}
interface Listing {
  products: Card[];
  meta: { total: number; filters: { key: string; values: { name: string; count: number }[] }[] };
}

describe.skipIf(!serverUrl)("a catalogue change reaches the listings of every shop process", () => {
  let scratch: ScratchDatabase | undefined;
  let dataDir = "";
  let database: pg.Pool;
  const shops: ShopProcess[] = [];
  let shoppers: Shopper[] = [];

  /** The same listing asked of each process. */
  const listings = async (address: string): Promise<Listing[]> =>
    Promise.all(
      shoppers.map(async (shopper) => {
        const answer = await shopper.get(address);
        expect(answer.status, `${shopper.base}${address}: ${answer.text.slice(0, 300)}`).toBe(200);
        return answer.json<Listing>();
      }),
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pitchside-listing-scale-out-"));
    scratch = await createScratchDatabase(serverUrl as string, "listing");
    const databaseUrl = scratch.url;
    const seed = run(["src/cli/pitchside.ts", "seed", "--products", "300"], {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, "cli"),
      NODE_ENV: "production",
      SESSION_SECRET: "cli",
    });
    // The seed runs in its own process meanwhile.
    ensureProductionBuild();
    await seed;
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://127.0.0.1",
      SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
      CATALOGUE_REVISION_REUSE_MS: String(REVISION_REUSE_MS),
    };
    shops.push(...(await Promise.all([startShop({ env }), startShop({ env })])));
    // Each shopper talks to one process only, in the Danish market (prices in DKK).
    shoppers = shops.map((shop) => new Shopper(shop.url, { market: "dk" }));
    database = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  }, 600_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await database?.end();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const CHEAPEST_FIRST = "/api/category/get/?slug=football-boots&sort=price-asc";
  const NEWEST_FIRST = "/api/category/get/?slug=football-boots&sort=latest-online";

  it("shows a price cut, a sold-out product and a new product in both processes' listings within the bound", async () => {
    // Both processes have built their index and cached these listings.
    const [cheapFirst, otherCheapFirst] = await listings(CHEAPEST_FIRST);
    expect(otherCheapFirst).toEqual(cheapFirst);
    const [newestFirst] = await listings(NEWEST_FIRST);
    const total = cheapFirst?.meta.total ?? 0;
    expect(total).toBeGreaterThan(2);

    // A price cut: the dearest boot becomes the cheapest.
    const dearest = (await listings("/api/category/get/?slug=football-boots&sort=price-desc"))[0]
      ?.products[0];
    expect(dearest).toBeDefined();
    await database.query("update product_prices set price = 100 where product_id = $1 and currency = 'DKK'", [
      dearest?.product_id,
    ]);
    await afterTheBound();
    for (const listing of await listings(CHEAPEST_FIRST)) {
      expect(listing.products[0]?.product_id).toBe(dearest?.product_id);
      expect(listing.products[0]?.prices.min_price).toBe(1);
    }

    // Sold out: every size of that boot out of stock.
    await database.query("update product_sizes set stock = 0 where product_id = $1", [dearest?.product_id]);
    await afterTheBound();
    for (const listing of await listings(CHEAPEST_FIRST)) {
      const card = listing.products[0];
      expect(card?.product_id).toBe(dearest?.product_id);
      expect(card?.sizes.length).toBeGreaterThan(0);
      expect(card?.sizes.every((size) => !size.in_stock)).toBe(true);
    }

    // A new product, put online now: first among the newest, counted in the total and its brand.
    const model = newestFirst?.products.at(-1);
    const columns = (
      await database.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = 'public' and table_name = 'products' and column_name not in ('id', 'created_at')
          order by ordinal_position`,
      )
    ).rows.map((row) => row.column_name);
    const changed: Record<string, string> = {
      name: "'Scale-out Test Boot'",
      style: "style || '-scale-out'",
      slug: "slug || '-scale-out'",
      relative_url: "relative_url || '-scale-out'",
      online: "true",
      online_at: "now()",
    };
    const inserted = await database.query<{ id: number }>(
      `insert into products (${columns.map((c) => `"${c}"`).join(", ")})
       select ${columns.map((c) => changed[c] ?? `"${c}"`).join(", ")} from products where id = $1
       returning id`,
      [model?.product_id],
    );
    const newId = inserted.rows[0]?.id;
    await database.query(
      "insert into product_prices (product_id, currency, price, rrp) select $1, currency, price, rrp from product_prices where product_id = $2",
      [newId, model?.product_id],
    );
    await afterTheBound();
    for (const listing of await listings(NEWEST_FIRST)) {
      expect(listing.products[0]?.product_id).toBe(newId);
      expect(listing.products[0]?.name).toContain("Scale-out Test Boot");
      expect(listing.meta.total).toBe(total + 1);
    }
    const [first, second] = await listings(NEWEST_FIRST);
    expect(second).toEqual(first);
  }, 120_000);
});
