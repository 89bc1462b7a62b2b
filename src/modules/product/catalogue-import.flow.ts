import type { Db } from "#db/client.ts";
import type { ImportError, ReadProduct } from "#modules/catalog/catalogue-feed.ts";
import { checkProducts, importContext, upsertProducts } from "#modules/catalog/catalogue-import.steps.ts";
import type { MailOutbox } from "#modules/mail/mail-outbox.ts";
import type { PublicUrlFor } from "#modules/markets/public-addresses.ts";
import { notifyBackInStock } from "./stock-alerts.service.ts";

/** Products written per transaction: a failure loses at most one batch, which a re-run writes again. */
export const IMPORT_BATCH_SIZE = 250;

export interface ImportReport {
  products: number;
  created: number;
  updated: number;
  /** Back-in-stock e-mails queued for sizes the import brought back. */
  notified: number;
  dryRun: boolean;
  /** Every problem found; when there is one, nothing was written. */
  errors: ImportError[];
}

/**
 * `pitchside import` as steps (decision 0055): read (the caller: Shopify CSV or the shop's JSON feed)
 * → check every product against the feed contract and the shop (catalog) → nothing is written when
 * any row is wrong → per batch, in one transaction, upsert products, sizes, prices and pictures
 * (catalog) and mail the back-in-stock subscribers of sizes that came back (product) → `afterBatch`,
 * where the caller refreshes the batch's search entries (search, a module of this level). Re-running the same file changes nothing more.
 */
export async function importCatalogue(
  db: Db,
  deps: { mail: MailOutbox; publicUrlFor: PublicUrlFor },
  read: { products: ReadProduct[]; errors: ImportError[] },
  options: {
    dryRun?: boolean;
    batchSize?: number;
    onProgress?: (done: number, total: number) => void;
    /** After each batch commits: the caller refreshes what reads the products (the search entries). */
    afterBatch?: (productIds: number[]) => Promise<void>;
  } = {},
): Promise<ImportReport> {
  const context = await importContext(db);
  const checked = await checkProducts(db, read.products, context);
  const errors = [...read.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  const report: ImportReport = {
    products: checked.products.length,
    created: 0,
    updated: 0,
    notified: 0,
    dryRun: options.dryRun ?? false,
    errors,
  };
  if (errors.length || report.dryRun) return report;
  const size = options.batchSize ?? IMPORT_BATCH_SIZE;
  options.onProgress?.(0, checked.products.length);
  for (let start = 0; start < checked.products.length; start += size) {
    const batch = checked.products.slice(start, start + size);
    const written = await db.transaction(async (tx) => {
      const result = await upsertProducts(tx, batch, context);
      let notified = 0;
      for (const sizeId of result.backInStock)
        notified += await notifyBackInStock(tx, deps.mail, deps.publicUrlFor, sizeId);
      return { ...result, notified };
    });
    await options.afterBatch?.(written.productIds);
    report.created += written.created;
    report.updated += written.updated;
    report.notified += written.notified;
    options.onProgress?.(Math.min(start + size, checked.products.length), checked.products.length);
  }
  return report;
}
