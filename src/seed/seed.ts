import { count, sql } from "drizzle-orm";
import type { Database, Db } from "#db/client.ts";
import { products } from "#modules/catalog/catalog.schema.ts";
import { searchEntries } from "#modules/search/search.schema.ts";
import { reindexSearch } from "#modules/search/search-documents.ts";
import { seedCatalog } from "./catalog-seed.ts";
import { seedCmsPages } from "./cms-page-seed.ts";
import { seedCommerce } from "./commerce-seed.ts";
import { seedContent } from "./content-seed.ts";
import { seedDemoMember } from "./member-seed.ts";
import { createRandom } from "./random.ts";
import { seedReviews } from "./review-seed.ts";

export interface SeedOptions {
  products: number;
  seed: number;
  dataDir: string;
}

export interface SeedResult {
  products: number;
  ms: number;
}

/** Held while seeding, so processes starting together on one PostgreSQL seed once. */
const SEED_LOCK = 727_274_001;

/**
 * Seeds the demo shop when the database has no catalogue yet; returns null when it had one. A
 * catalogue without the search's copy (a database from before migration 0016) gets it built once.
 */
export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<SeedResult | null> {
  return database.withAdvisoryLock(SEED_LOCK, async (db) => {
    const [row] = await db.select({ n: count() }).from(products);
    if ((row?.n ?? 0) > 0) {
      const [entries] = await db.select({ n: count() }).from(searchEntries);
      if ((entries?.n ?? 0) === 0) await reindexSearch(db);
      return null;
    }
    return seedDemoShop({ ...database, db }, options);
  });
}

/** Every table the demo seed writes, emptied by `seed --reset`. */
const SEEDED_TABLES = [
  "product_reviews",
  "shipment_events",
  "order_lines",
  "order_shipments",
  "orders",
  "favourites",
  "addresses",
  "auth_tokens",
  "sessions",
  "users",
  "rate_limit_hits",
  "gift_cards",
  "vouchers",
  "payment_methods",
  "drop_points",
  "delivery_methods",
  "policy_texts",
  "cms_pages",
  "stores",
  "masterclass_videos",
  "masterclass_skills",
  "masterclass_positions",
  "content_items",
  "promotions",
  "selling_points",
  "product_messages",
  "customization_options",
  "package_items",
  "price_history",
  "product_prices",
  "product_sizes",
  "products",
  "size_guides",
  "suppliers",
  "categories",
  "brands",
];

export async function resetDemoShop(database: Database) {
  await database.db.execute(sql.raw(`truncate ${SEEDED_TABLES.join(", ")} restart identity cascade`));
  // Order numbers start at ST100000 again (migration 0016), also when the cascade emptied the orders.
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('orders', 'id'), greatest(100000, (select coalesce(max(id), 0) + 1 from orders)), false)`,
  );
}

/**
 * The demo shop: catalogue, content, delivery and payment set-up, vouchers, gift cards and a demo
 * member, all from one seeded random sequence, in one transaction (all or nothing).
 */
export async function seedDemoShop(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const random = createRandom(options.seed);
  const now = new Date();
  await database.db.transaction(async (tx) => {
    const inTx = { ...database, db: tx as unknown as Db };
    const catalog = await seedCatalog(inTx, random, options.products, now);
    await seedContent(inTx, random, now, catalog);
    await seedCmsPages(inTx, now);
    await seedCommerce(inTx, random, now);
    await seedDemoMember(inTx, random, catalog);
    await seedReviews(inTx, now);
  });
  // Fresh statistics, or the planner estimates a bulk-loaded table as nearly empty and picks nested loops.
  await database.db.execute(sql`analyze`);
  return { products: options.products, ms: Date.now() - started };
}
